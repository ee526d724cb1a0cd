/** Where the trace receiver listens, as the Trajectories workspace shows it. */
export interface TraceEndpoint {
  /** What `OTEL_EXPORTER_OTLP_ENDPOINT` is set to: the origin (`http://127.0.0.1:7300`). */
  endpoint: string;
  /** The path exporters post to under it (`/v1/traces`). */
  path: string;
  /** The token exporters need, where the UI shows it (the desktop app's); null where the user has it (the web host's URL). */
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
