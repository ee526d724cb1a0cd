import type { WorkspaceId } from './ui-store';

/*
 * Status-bar notices belong to the workspace that raised them: the bar shows only the open
 * workspace's, so a message never outlives the view it is about. A result (info) fades after a
 * while; an error stays until the user has been in its workspace to see it.
 */

export interface Notice {
  text: string;
  kind: 'info' | 'error';
  workspace: WorkspaceId;
  /** When it was raised (ms since the epoch). */
  at: number;
  /** Whether its workspace has been open since it was raised. */
  seen: boolean;
}

/** How long a result stays in the bar. */
export const INFO_LIFETIME_MS = 20_000;

/** The notices after `notice` is raised while `current` is open: it replaces its workspace's last one. */
export function raiseNotice(notices: readonly Notice[], notice: Omit<Notice, 'seen'>, current: WorkspaceId): Notice[] {
  return [
    ...notices.filter((n) => n.workspace !== notice.workspace),
    { ...notice, seen: notice.workspace === current },
  ];
}

/** The notices after the user goes from `from` to `to`: those of `from` were seen and go; those of `to` are seen now. */
export function switchWorkspace(notices: readonly Notice[], from: WorkspaceId, to: WorkspaceId): Notice[] {
  if (from === to) return [...notices];
  return notices.filter((n) => n.workspace !== from).map((n) => (n.workspace === to ? { ...n, seen: true } : n));
}

/** The notice the bar shows in `current` at `now`: its own, unless it is a result that has faded. */
export function shownNotice(notices: readonly Notice[], current: WorkspaceId, now: number): Notice | null {
  const notice = notices.find((n) => n.workspace === current);
  if (!notice || (notice.kind === 'info' && now - notice.at >= INFO_LIFETIME_MS)) return null;
  return notice;
}

/** Errors raised in workspaces the user has not been back to: the bar points to them. */
export function unseenErrors(notices: readonly Notice[]): Notice[] {
  return notices.filter((n) => n.kind === 'error' && !n.seen);
}
