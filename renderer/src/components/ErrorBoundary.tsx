import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message ("the Trajectories workspace"). */
  what: string;
  children: ReactNode;
}

/**
 * A failing panel shows its error in place, with a way back, instead of blanking the whole app
 * (the rest of the window, and everything saved, stays as it was).
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-boundary" role="alert">
        <h2>Something went wrong in {this.props.what}</h2>
        <p>
          {error.name}: {error.message}
        </p>
        <p className="muted">
          Your work is saved. Reload this panel; if it keeps happening, reload the window (Ctrl+R) and report the
          details below.
        </p>
        <button type="button" className="primary" onClick={() => this.setState({ error: null })}>
          Reload this panel
        </button>
        {error.stack && (
          <details>
            <summary>Details</summary>
            <pre>{error.stack}</pre>
          </details>
        )}
      </div>
    );
  }
}
