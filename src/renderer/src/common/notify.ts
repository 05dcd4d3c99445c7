/**
 * The one place that decides how a notification behaves, so none piles up over the table: each has a kind (what it is
 * about — "export", "copy", "sync"…) and a new one of a kind replaces the one on screen; errors stay until closed,
 * everything else goes by itself; every one can be closed. Where they appear is set once, on `<Notifications>`.
 */
import { notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { errorTitle } from './error-title';

/** How a notice reads: its colour, and whether it stays (errors) or goes (the rest). */
export type NoticeTone = 'error' | 'warning' | 'success' | 'info' | 'neutral' | 'progress';

/** One notice. */
export interface Notice {
  /** What it is about; one notice per kind is on screen at a time. */
  kind: string;
  tone: NoticeTone;
  title?: ReactNode;
  message: ReactNode;
  /** How long a notice that goes by itself stays; the tone decides when not given. */
  autoClose?: number;
  testId?: string;
}

const COLORS: Record<NoticeTone, string> = {
  error: 'red',
  warning: 'orange',
  success: 'teal',
  info: 'blue',
  neutral: 'gray',
  progress: 'blue',
};

/** How long a notice that goes by itself stays (hovering or focusing it pauses the count). */
export const NOTICE_MS = 6_000;

function idOf(kind: string): string {
  return `notice-${kind}`;
}

function isShown(id: string): boolean {
  const { notifications: shown, queue } = notificationsStore.getState();
  return [...shown, ...queue].some((n) => n.id === id);
}

/** Shows `notice`, replacing the one of its kind if there is one. */
export function notify(notice: Notice): void {
  const id = idOf(notice.kind);
  const stays = notice.tone === 'error' || notice.tone === 'progress';
  const data = {
    id,
    color: COLORS[notice.tone],
    title: notice.title,
    message: notice.message,
    loading: notice.tone === 'progress',
    autoClose: stays ? (false as const) : (notice.autoClose ?? NOTICE_MS),
    withCloseButton: notice.tone !== 'progress',
    // The message is what the person acts on: full text colour, not the dimmed default that is hard to read.
    styles: { description: { color: 'var(--mantine-color-text)' } },
    ...(notice.testId === undefined ? {} : { 'data-testid': notice.testId }),
  };
  if (isShown(id)) notifications.update(data);
  else notifications.show(data);
}

/** Takes the notice of `kind` away, if one is shown. */
export function unnotify(kind: string): void {
  if (isShown(idOf(kind))) notifications.hide(idOf(kind));
}

/** Says that an action of `kind` failed, with the error's own title and words; it stays until closed. */
export function notifyError(kind: string, error: AppErrorData): void {
  notify({ kind, tone: 'error', title: errorTitle(error.code), message: error.message });
}
