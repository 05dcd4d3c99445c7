/**
 * The section list on the left. Entries are real links (focusable with Tab, announced as links,
 * the active one as the current page); the shell switches sections itself instead of navigating.
 */
import { AppShell, NavLink } from '@mantine/core';
import type { MouseEvent } from 'react';
import { SavedViewsNav } from '../saved-views/saved-views-nav';
import { SECTIONS, type SectionId } from './sections';

/** Props of {@link ShellNavbar}. */
export interface ShellNavbarProps {
  active: SectionId;
  onSelect: (id: SectionId) => void;
  /** The open account's preferences scope, for its saved views. */
  scope: string;
}

/** The navbar of the main shell. */
export function ShellNavbar({ active, onSelect, scope }: ShellNavbarProps) {
  const select = (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onSelect(id);
  };
  return (
    <AppShell.Navbar p="sm" component="nav" aria-label="Sections">
      {SECTIONS.map(({ id, label, icon: Icon }) => (
        <NavLink
          key={id}
          href={`#${id}`}
          label={label}
          leftSection={<Icon size={18} />}
          active={id === active}
          aria-current={id === active ? 'page' : undefined}
          onClick={select(id)}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
      <SavedViewsNav scope={scope} onShow={() => onSelect('sales')} />
    </AppShell.Navbar>
  );
}
