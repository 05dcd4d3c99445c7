/**
 * The section list on the left. Entries are real links (announced as links, the active one as the current page);
 * the shell switches sections itself instead of navigating. The sections are one tab stop: Tab reaches the current
 * one and the arrow keys move between them, so the keyboard gets past the navbar quickly.
 */
import { AppShell, Box, NavLink } from '@mantine/core';
import type { MouseEvent } from 'react';
import { ROVING_ITEM, useRovingFocus } from '../common/use-roving-focus';
import { SavedViewsNav } from '../saved-views';
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
  const roving = useRovingFocus(
    SECTIONS.length,
    SECTIONS.findIndex((section) => section.id === active),
  );
  return (
    <AppShell.Navbar p="sm" component="nav" aria-label="Sections">
      {/* Leaving the sections, the tab stop goes back to the active one. */}
      <Box
        onKeyDown={roving.onKeyDown}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && roving.reset()}
      >
        {SECTIONS.map(({ id, label, icon: Icon, count: Count }, index) => (
          <NavLink
            key={id}
            href={`#${id}`}
            label={label}
            leftSection={<Icon size={18} />}
            description={Count === undefined ? undefined : <Count />}
            active={id === active}
            aria-current={id === active ? 'page' : undefined}
            onClick={select(id)}
            tabIndex={roving.tabIndexOf(index)}
            onFocus={() => roving.onItemFocus(index)}
            {...{ [ROVING_ITEM]: '' }}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </Box>
      <SavedViewsNav scope={scope} onShow={() => onSelect('sales')} />
    </AppShell.Navbar>
  );
}
