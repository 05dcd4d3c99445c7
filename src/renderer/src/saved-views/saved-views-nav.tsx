/**
 * The saved views in the sidebar: one click shows the sales screen as it was saved (columns, sort, filters); each
 * view can be renamed or deleted; "Save current view" names the sales screen's present state. Views belong to the
 * open account and live with its preferences in the main process.
 */
import { ActionIcon, Button, Group, Menu, Modal, NavLink, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type MouseEvent } from 'react';
import type { SavedView } from '../../../shared/preferences';
import { usePreferences } from '../common/preferences-context';
import { MoreIcon, PlusIcon } from '../common/icons';
import {
  applyView,
  currentViewState,
  isOpenView,
  viewNameProblem,
  withRenamedView,
  withSavedView,
  withoutView,
} from './saved-views';

type Naming = { mode: 'save' } | { mode: 'rename'; view: SavedView };

/** Props of {@link SavedViewsNav}. */
export interface SavedViewsNavProps {
  /** The open account's preferences scope (its id, or 'demo'). */
  scope: string;
  /** Shows the sales screen after a view was applied. */
  onShow: () => void;
}

/** The saved views section of the sidebar. */
export function SavedViewsNav({ scope, onShow }: SavedViewsNavProps) {
  const { account, updateAccount } = usePreferences();
  const prefs = account(scope);
  const views = prefs.views ?? [];
  const [naming, setNaming] = useState<Naming | null>(null);

  const show = (view: SavedView) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    updateAccount(scope, applyView(view));
    onShow();
  };
  const saveName = (name: string) => {
    const next =
      naming?.mode === 'rename'
        ? withRenamedView(views, naming.view.id, name)
        : withSavedView(views, name, currentViewState(prefs), crypto.randomUUID());
    updateAccount(scope, { views: next });
  };

  return (
    <Stack gap={2} mt="md" data-testid="saved-views" component="section" aria-label="Saved views">
      <Group justify="space-between" wrap="nowrap" px="xs">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          Saved views
        </Text>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label="Save the current view"
          title="Save the current view"
          onClick={() => setNaming({ mode: 'save' })}
        >
          <PlusIcon size={14} />
        </ActionIcon>
      </Group>
      {views.length === 0 ? (
        <Text size="xs" c="dimmed" px="xs">
          Save the sales screen’s filters, columns and sort with + to come back to them in one click.
        </Text>
      ) : (
        views.map((view) => (
          <Group key={view.id} gap={0} wrap="nowrap">
            <NavLink
              href={`#view-${view.id}`}
              label={view.name}
              // The view the sales screen shows now is marked, as the open section is.
              active={isOpenView(view, prefs)}
              aria-current={isOpenView(view, prefs) ? 'true' : undefined}
              onClick={show(view)}
              style={{ borderRadius: 'var(--mantine-radius-md)', flex: 1, minWidth: 0 }}
            />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="sm" aria-label={`Options of the view ${view.name}`}>
                  <MoreIcon size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setNaming({ mode: 'rename', view })}>Rename…</Menu.Item>
                <Menu.Item color="red" onClick={() => updateAccount(scope, { views: withoutView(views, view.id) })}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ))
      )}
      <ViewNameModal naming={naming} views={views} onClose={() => setNaming(null)} onSave={saveName} />
    </Stack>
  );
}

function ViewNameModal({
  naming,
  views,
  onClose,
  onSave,
}: {
  naming: Naming | null;
  views: SavedView[];
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  return (
    <Modal
      opened={naming !== null}
      onClose={onClose}
      title={naming?.mode === 'rename' ? 'Rename view' : 'Save the current view'}
      centered
    >
      {naming !== null && (
        <NameForm
          key={naming.mode === 'rename' ? naming.view.id : 'new'}
          naming={naming}
          views={views}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function NameForm({
  naming,
  views,
  onClose,
  onSave,
}: {
  naming: Naming;
  views: SavedView[];
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState(naming.mode === 'rename' ? naming.view.name : '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = viewNameProblem(name, views, naming.mode === 'rename' ? naming.view.id : undefined);
    if (problem !== null) {
      setError(problem);
      return;
    }
    onSave(name);
    onClose();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={60}
          data-autofocus
        />
        {naming.mode === 'save' && (
          <Text size="xs" c="dimmed">
            The view keeps the sales screen’s filters (a date preset such as “Last 30 days” stays relative), its columns
            and its sort.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{naming.mode === 'rename' ? 'Save name' : 'Save view'}</Button>
        </Group>
      </Stack>
    </form>
  );
}
