import { useEffect, useState, type ReactNode } from 'react';
import { useShallow } from '../state/create-store';
import { api } from '../api/api';
import type { ConnectionStatus } from '../api/client';
import { useQuery } from '../api/use-query';
import { INFO_LIFETIME_MS, shownNotice, unseenErrors } from '../state/notices';
import { useUi, type UiState, type WorkspaceId } from '../state/ui-store';

/** What the bar reads from the UI store (one shallow-compared slice). */
const selector = (s: UiState) => ({
  notices: s.notices,
  workspace: s.workspace,
  showWorkspace: s.showWorkspace,
});

/** The open workspace's notice, until it fades (results) or the user leaves (errors). */
function useShownNotice(notices: UiState['notices'], workspace: WorkspaceId) {
  // Re-read when the shown result fades; a notice raised since the last tick is younger than it.
  const [now, setNow] = useState(() => Date.now());
  const notice = shownNotice(notices, workspace, now);
  useEffect(() => {
    if (notice?.kind !== 'info') return;
    const timer = setTimeout(() => setNow(Date.now()), notice.at + INFO_LIFETIME_MS - Date.now());
    return () => clearTimeout(timer);
  }, [notice]);
  return notice;
}

/**
 * Connection, what the workspaces say there (`items`: Graph's save state) and the open workspace's
 * notice; `names` are the workspaces' (an error elsewhere names its own).
 */
export function StatusBar({ names, items }: { names: Readonly<Record<WorkspaceId, string>>; items?: ReactNode }) {
  const [connection, setConnection] = useState<ConnectionStatus>('connecting');
  useEffect(() => api.onStatus(setConnection), []);
  const info = useQuery(() => api.invoke('system.info', {}), [connection === 'connected']);
  const { notices, workspace, showWorkspace } = useUi(useShallow(selector));
  const notice = useShownNotice(notices, workspace);
  const elsewhere = unseenErrors(notices).filter((n) => n.workspace !== workspace);
  return (
    <footer className="statusbar">
      <span className={`dot ${connection}`} aria-label={`Backend ${connection}`} />
      <span>{connection === 'connected' ? (info.data?.workspacePath ?? '') : `Backend ${connection}`}</span>
      {items}
      <span className={`notice ${notice?.kind ?? ''}`} role="status" title={notice?.text}>
        {notice?.text}
      </span>
      {elsewhere.map((n) => (
        <button
          key={n.workspace}
          type="button"
          className="notice-elsewhere"
          title={n.text}
          onClick={() => showWorkspace(n.workspace)}
        >
          Error in {names[n.workspace]}
        </button>
      ))}
      <span className="muted">{info.data ? `Trellis ${info.data.version} · ${info.data.host}` : ''}</span>
    </footer>
  );
}
