declare global {
  interface Window {
    /**
     * Test-only: the id of a SplitPanel (e.g. `graph-inspector`) whose content throws while
     * rendering, so an end-to-end test can see the panel's error boundary at work
     * (e2e/panel-errors.e2e.test.ts). Only that test sets it; the app never does.
     */
    __trellisBreakPanel?: string;
  }
}

/** Throws while `window.__trellisBreakPanel` names this panel; renders nothing otherwise. */
export function BreakPanelForTest({ panel }: { panel: string }) {
  if (window.__trellisBreakPanel === panel) {
    throw new Error(`The ${panel} panel was broken on purpose by a test (window.__trellisBreakPanel)`);
  }
  return null;
}
