import { useEffect, useMemo } from 'react';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useGraphs } from '../../api/use-graphs';
import { GraphOverlay } from '../../components/GraphOverlay';
import { GraphPicker } from '../../components/GraphPicker';
import { PanelHeader, ResizeHandle, SplitLayout, SplitPanel } from '../../components/Panels';
import { useCurrentGraph } from '../../state/current-graph';
import { PathOverlay } from '../../components/PathOverlay';
import { Debugger } from './Debugger';
import { PlanEditor } from './PlanEditor';
import { PlanPanel } from './PlanPanel';
import { RunsTree } from './RunsTree';
import { useShallow } from '../../state/create-store';
import { intentExample, NEUTRAL_INTENT_EXAMPLE } from '../../../../shared/plans/intent-example';
import { usePlans } from './plans-state';
import { useRuns, type RunsState } from './state';
import './runs.css';

/** What this view reads from the Plans & Runs store (one shallow-compared slice). */
const selector = (s: RunsState) => ({
  graphId: s.graphId,
  setGraph: s.setGraph,
  run: s.run,
  startRun: s.startRun,
});

/** Plans & Runs: intent → plan on the graph → a run stepped like a debugger, forked, compared. */
export function RunsWorkspace() {
  const currentGraphId = useCurrentGraph();
  const { graphId, setGraph, run, startRun } = useRuns(useShallow(selector));
  const steps = usePlans((s) => s.steps);
  const graphs = useGraphs();
  const lastGraph = useRuns((s) => s.lastGraph);
  // Opened first: the graph Graph shows, at once (a trajectory sent here opens on it, not on a
  // graph chosen after it); else, once the list is in, the graph open here before a reload, else
  // the first, each only while it exists.
  useEffect(() => {
    if (graphId) return;
    const list = graphs.data;
    const exists = (id: string | null) => id !== null && (list?.some((g) => g.id === id) ?? false);
    const fallback = currentGraphId ?? (list && ([lastGraph].find(exists) ?? list[0]?.id));
    if (fallback) setGraph(fallback);
  }, [graphId, lastGraph, currentGraphId, graphs.data, setGraph]);
  const graph = useQuery(
    graphId ? () => api.invoke('graphs.get', { id: graphId }) : null,
    [graphId],
    ['graphs.changed'],
  );
  // The previous graph's data stays in the query while the new one loads: never show it for this one.
  const shown = graph.data?.id === graphId ? graph.data : undefined;
  const tools = useMemo(() => shown?.tools.map((t) => t.name) ?? [], [shown]);
  const example = useMemo(() => (shown ? intentExample(shown) : NEUTRAL_INTENT_EXAMPLE), [shown]);
  const planOverlay = useMemo(
    () => ({
      labels: new Map(
        [...steps.reduce((m, s) => m.set(s.tool, [...(m.get(s.tool) ?? []), s.id]), new Map<string, string[]>())].map(
          ([tool, ids]) => [tool, ids.join(', ')],
        ),
      ),
      path: steps.flatMap((s) =>
        s.dependsOn.flatMap((d) => {
          const from = steps.find((x) => x.id === d);
          return from ? [{ from: from.tool, to: s.tool }] : [];
        }),
      ),
    }),
    [steps],
  );
  const current =
    run?.nextAction.kind === 'execute'
      ? run.nextAction.call.name
      : (run?.turns.flatMap((t) => t.toolCalls ?? []).at(-1)?.name ?? null);

  return (
    <section className="runs-workspace" aria-label="Plans and runs">
      <SplitLayout id="runs">
        <SplitPanel id="runs-plan" defaultSize={460} minSize={320} maxSize="60%">
          <SplitLayout id="runs-left" orientation="vertical">
            <SplitPanel id="runs-plan-body" minSize={120}>
              <PanelHeader title="Plan" />
              <div className="panel-body runs-left">
                <label>
                  Tool graph
                  <GraphPicker
                    label="Tool graph"
                    graphs={graphs.data}
                    value={graphId}
                    onChange={(id) => setGraph(id || null)}
                  />
                </label>
                {graphs.data?.length === 0 && (
                  <p className="muted" data-testid="no-graph-note">
                    No tool graph yet: a plan is made on one. Make it in Graph (Graph → New Graph…), add or import its
                    tools, then come back to plan and run.
                  </p>
                )}
                {/* Keyed by graph: what the panels hold for themselves (goals, WorfBench text) belongs to one graph. */}
                <PlanPanel key={`panel-${graphId}`} tools={tools} example={example} />
                <PlanEditor key={`editor-${graphId}`} tools={tools} onRun={(mode) => void startRun(mode)} />
              </div>
            </SplitPanel>
            <ResizeHandle />
            <SplitPanel id="runs-tree" defaultSize={170} minSize={60} maxSize="70%">
              <PanelHeader title="Runs" />
              <div className="panel-body flush">{graphId && <RunsTree graphId={graphId} />}</div>
            </SplitPanel>
          </SplitLayout>
        </SplitPanel>
        <ResizeHandle />
        <SplitPanel id="runs-run" minSize={360}>
          <SplitLayout id="runs-right" orientation="vertical">
            <SplitPanel id="runs-overlay" defaultSize={280} minSize={80} maxSize="70%">
              <PanelHeader title={run ? 'Path on the graph' : 'Plan on the graph'} />
              <div className="runs-overlay">
                {shown &&
                  (run ? (
                    <PathOverlay graph={shown} turns={run.turns} current={current} />
                  ) : (
                    <GraphOverlay
                      graph={shown}
                      labels={planOverlay.labels}
                      path={planOverlay.path}
                      testId="plan-overlay"
                    />
                  ))}
              </div>
            </SplitPanel>
            <ResizeHandle />
            <SplitPanel id="runs-debugger" minSize={120}>
              <PanelHeader title="Run" />
              <div className="panel-body runs-right">
                <Debugger />
              </div>
            </SplitPanel>
          </SplitLayout>
        </SplitPanel>
      </SplitLayout>
    </section>
  );
}
