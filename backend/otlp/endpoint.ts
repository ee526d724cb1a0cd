/** Where the trace receiver listens, as the Trajectories workspace shows it. */
export interface TraceEndpoint {
  /** What `OTEL_EXPORTER_OTLP_ENDPOINT` is set to: the origin (`http://127.0.0.1:7300`). */
  endpoint: string;
  /** The path exporters post to under it (`/v1/traces`). */
  path: string;
  /** The token exporters need (the desktop app's, or the web host's trace-only one); null where the user has it. */
  token: string | null;
}

/** The receiver the shell started for this backend (the web host's), or none: set by the shell, read by the UI. */
export class TraceEndpointSlot {
  private current: TraceEndpoint | null = null;

  set(endpoint: TraceEndpoint | null): void {
    this.current = endpoint;
  }

  get(): TraceEndpoint | null {
    return this.current;
  }
}
