import { TRACE_GROUPINGS, type TraceGrouping } from '../../shared/formats/otlp/groups';
import type { WorkspaceStore } from '../store/workspace-store';

const SETTING = 'traceGrouping';

/** How this workspace groups received traces into trajectories (one per conversation unless set). */
export function traceGroupingOf(store: WorkspaceStore): TraceGrouping {
  const stored = store.settings.get<string>(SETTING);
  return TRACE_GROUPINGS.find((g) => g === stored) ?? 'conversation';
}

/** Keeps the grouping with the workspace: traces that arrive after it are grouped so. */
export function setTraceGrouping(store: WorkspaceStore, grouping: TraceGrouping): void {
  store.settings.set(SETTING, grouping);
}
