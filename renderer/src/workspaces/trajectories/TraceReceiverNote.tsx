import { Radio } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';

/**
 * Where agents instrumented with OpenTelemetry send their traces: the endpoint and the token
 * exporters need (one that sends traces and can do nothing else). In the desktop app the receiver is a
 * setting, off until turned on here. Received traces join the list below as their spans arrive
 * (a `trajectories.changed` event), in progress until their root span ends.
 */
export function TraceReceiverNote() {
  const state = useQuery(() => api.invoke('system.traceReceiver', {}), []);
  const [port, setPort] = useState('');
  const [error, setError] = useState<string | null>(null);
  const data = state.data;
  if (!data || (!data.listening && !data.configurable)) return null;
  const listening = data.listening;
  const group = async (grouping: string) => {
    setError(null);
    try {
      await api.invoke('system.setTraceGrouping', { grouping });
    } catch (e) {
      setError((e as Error).message);
    }
    state.reload();
  };
  const apply = async (enabled: boolean) => {
    setError(null);
    try {
      await api.invoke('system.setTraceReceiver', { enabled, port: Number(port || data.port) || 0 });
    } catch (e) {
      setError((e as Error).message);
    }
    state.reload();
  };
  return (
    <details className="trace-receiver" data-testid="trace-receiver">
      <summary>
        <Radio size={12} aria-hidden />{' '}
        {listening ? (
          <>
            Receiving traces at <code>{`${listening.endpoint}${listening.path}`}</code>
          </>
        ) : (
          'Trace receiver off'
        )}
      </summary>
      {listening && (
        <>
          <p className="muted">
            Point an OpenTelemetry-instrumented agent here with two environment variables; it needs{' '}
            {listening.token ? 'this token' : "this host's token (the one in the URL trellis serve printed)"}:
          </p>
          <pre>
            {`OTEL_EXPORTER_OTLP_ENDPOINT=${listening.endpoint}\nOTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer ${listening.token ?? '<token>'}"`}
          </pre>
          <p className="muted">Each trace appears below as it arrives, shown in progress until its root span ends.</p>
        </>
      )}
      <div className="toolbar">
        <label>
          Traces of one conversation{' '}
          <select
            data-testid="trace-grouping"
            value={data.grouping}
            onChange={(e) => void group(e.target.value)}
            title="Spans naming a conversation (gen_ai.conversation.id, session.id, a LangGraph thread_id): gathered into one trajectory, or one trajectory per trace (linked by their conversation_id metadata)"
          >
            <option value="conversation">make one trajectory</option>
            <option value="trace">make one trajectory per trace</option>
          </select>
        </label>
        {/* Trajectories already received stay as they were made: say so where the choice is made. */}
        <span className="muted">for traces that arrive from now on</span>
      </div>
      {data.configurable && (
        <div className="toolbar">
          <label>
            Port{' '}
            <input
              type="number"
              min={0}
              max={65535}
              placeholder={String(data.port || 'any')}
              value={port}
              onChange={(e) => setPort(e.target.value)}
            />
          </label>
          <button type="button" onClick={() => void apply(!listening)}>
            {listening ? 'Stop receiving' : 'Receive traces on 127.0.0.1'}
          </button>
        </div>
      )}
      {error && <p className="error">{error}</p>}
    </details>
  );
}
