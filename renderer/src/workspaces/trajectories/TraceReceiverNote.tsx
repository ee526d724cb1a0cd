import { Radio } from 'lucide-react';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';

/**
 * Where agents instrumented with OpenTelemetry send their traces, when this host receives them:
 * the endpoint and that exporters need the host's token. Received traces join the list below as
 * their spans arrive (a `trajectories.changed` event), in progress until their root span ends.
 */
export function TraceReceiverNote() {
  const receiver = useQuery(() => api.invoke('system.traceReceiver', {}), []);
  const endpoint = receiver.data;
  if (!endpoint) return null;
  return (
    <details className="trace-receiver" data-testid="trace-receiver">
      <summary>
        <Radio size={12} aria-hidden /> Receiving traces at <code>{`${endpoint.endpoint}${endpoint.path}`}</code>
      </summary>
      <p className="muted">
        Point an OpenTelemetry-instrumented agent here with two environment variables; it needs this host&apos;s token
        (the one in the URL <code>trellis serve</code> printed):
      </p>
      <pre>
        {`OTEL_EXPORTER_OTLP_ENDPOINT=${endpoint.endpoint}\nOTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token>"`}
      </pre>
      <p className="muted">Each trace appears below as it arrives, shown in progress until its root span ends.</p>
    </details>
  );
}
