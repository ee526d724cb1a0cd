import { useEffect, useState } from 'react';
import { api } from '../api/api';
import type { ConnectionStatus } from '../api/client';
import { useQuery } from '../api/use-query';
import { useUi } from '../state/ui-store';

const SAVE_LABELS = { saved: 'All changes saved', saving: 'Saving…', error: 'Not saved' } as const;

export function StatusBar() {
  const [connection, setConnection] = useState<ConnectionStatus>('connecting');
  useEffect(() => api.onStatus(setConnection), []);
  const info = useQuery(() => api.invoke('system.info', {}), [connection === 'connected']);
  const saveState = useUi((s) => s.saveState);
  const notice = useUi((s) => s.notice);
  return (
    <footer className="statusbar">
      <span className={`dot ${connection}`} aria-label={`Backend ${connection}`} />
      <span>{connection === 'connected' ? (info.data?.workspacePath ?? '') : `Backend ${connection}`}</span>
      <span data-testid="save-state">{SAVE_LABELS[saveState]}</span>
      <span className={`notice ${notice?.kind ?? ''}`} role="status">
        {notice?.text}
      </span>
      <span className="muted">{info.data ? `Trellis ${info.data.version} · ${info.data.host}` : ''}</span>
    </footer>
  );
}
