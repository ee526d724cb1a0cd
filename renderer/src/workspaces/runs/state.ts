import { createStore, keepInStorage } from '../../state/create-store';
import type { RunView } from '../../../../shared/contract/runs';
import type { AgentFormat } from '../../../../shared/experiments/types';
import type { StartMode } from '../../../../shared/runs';
import { api } from '../../api/api';
import { safeLocalStorage } from '../../state/local-storage';
import { usePlans } from './plans-state';

interface RunsData {
  /** The graph open in Plans & Runs; its plans are in the plans store (`usePlans`). */
  graphId: string | null;
  /** After a reload: the graph that was open, for the workspace to open again while it exists. */
  lastGraph: string | null;
  /** The run each graph had open when it was left, by graph id. */
  openRuns: Readonly<Record<string, RunView | null>>;
  /** After a reload: the saved run each graph had open, to open again with it (the run itself is not kept). */
  reopen: Readonly<Record<string, string>>;
  /**
   * After a reload: the replay each graph had open. A replay is saved as no trajectory: its session
   * (where it stands) lives in the backend, and is found there again by its run id.
   */
  replays: Readonly<Record<string, ReplayHint>>;
  /**
   * The replay opened afresh after a reload because its session was gone with a restarted
   * backend (its run id): the debugger says it starts again from its first turn.
   */
  restartedReplay: string | null;
  /** The run the debugger shows. */
  run: RunView | null;
  /** A run is being started: the run buttons wait and the debugger says so. */
  starting: boolean;
  busy: boolean;
  error: string | null;
  /** How Run as agent asks the model: chat with tools (as the agent's own client does), or graph-constrained JSON. */
  agentFormat: AgentFormat;
}

interface RunsActions {
  /** Opens `graphId` in Plans & Runs: its plan (plans store) and its run come back. */
  setGraph(graphId: string | null): void;
  showRun(run: RunView | null): void;
  setAgentFormat(format: AgentFormat): void;
  /** Starts a run of the plan (or an agent run) on the graph; a second call while one starts does nothing. */
  startRun(mode: StartMode): Promise<void>;
  /** Runs a debugger action on the open run, keeping busy and error state. */
  act(work: (runId: string) => Promise<RunView>): Promise<void>;
  openTrajectory(trajectoryId: string): Promise<void>;
}

export type RunsState = RunsData & RunsActions;

/** A replay to open again: its session in the backend, and the recording to start afresh from when that is gone. */
interface ReplayHint {
  runId: string;
  replayOf: string;
}

/** What a graph switch resets: what is under way. The run is kept per graph instead: another graph's would run on the wrong tools. */
const FRESH_GRAPH = { starting: false, busy: false, error: null } satisfies Partial<RunsData>;

/** Counts run starts, so that only the latest one's answer lands. */
let starts = 0;

/**
 * Runs of Plans & Runs: the run in the debugger, kept per graph; the run each graph had open is
 * kept in localStorage too (as its trajectory), so a reload opens it again.
 */
export const useRuns = createStore<RunsState>(
  keepInStorage<RunsState, ReturnType<typeof kept>>(
    (set, get) => {
      /** Switches to `graphId`; its plan comes back, and its run (`run`, when one is being opened there). */
      const open = (graphId: string | null, run?: RunView) => {
        starts++;
        const { graphId: from, run: left, openRuns, reopen, replays } = get();
        const runs = from ? { ...openRuns, [from]: left } : openRuns;
        // A hint from before a reload is used once, when its graph opens.
        const { [graphId ?? '']: again, ...rest } = reopen;
        const { [graphId ?? '']: replay, ...otherReplays } = replays;
        usePlans.getState().switchTo(graphId);
        set({
          ...FRESH_GRAPH,
          graphId,
          openRuns: runs,
          reopen: rest,
          replays: otherReplays,
          run: run ?? (graphId ? (runs[graphId] ?? null) : null),
        });
        // The run that was open before a reload opens again; one gone since is let go quietly.
        if (graphId && again && !run && !get().run) void reopenRun(graphId, again);
        else if (graphId && replay && !run && !get().run) void reopenReplay(graphId, replay);
      };
      const reopenRun = async (graphId: string, trajectoryId: string) => {
        try {
          const run = await api.invoke('runs.open', { trajectoryId });
          if (get().graphId === graphId && !get().run) set({ run });
        } catch {
          // Deleted, or from a workspace no longer open: nothing to show.
        }
      };
      /**
       * The replay open before a reload, where it stood when its session is still in the backend;
       * after the backend restarted, the recording replayed again from its first turn, and the
       * debugger says so (`restartedReplay`).
       */
      const reopenReplay = async (graphId: string, { runId, replayOf }: ReplayHint) => {
        const stillOpen = () => get().graphId === graphId && !get().run;
        try {
          const run = await api.invoke('runs.get', { runId });
          if (stillOpen()) set({ run });
          return;
        } catch {
          // The backend has restarted since: its sessions are gone, the recording is not.
        }
        try {
          const run = await api.invoke('runs.open', { trajectoryId: replayOf });
          if (stillOpen()) set({ run, restartedReplay: run.id });
        } catch {
          // The recording is gone too: nothing to show.
        }
      };
      return {
        graphId: null,
        lastGraph: null,
        openRuns: {},
        reopen: reopenFromPlansKey(),
        replays: {},
        restartedReplay: null,
        run: null,
        ...FRESH_GRAPH,
        setGraph: (graphId) => open(graphId),
        agentFormat: 'tools',
        setAgentFormat: (agentFormat) => set({ agentFormat }),
        showRun: (run) => set({ run, error: null }),
        startRun: async (mode) => {
          const { graphId, starting } = get();
          const { intent, steps, planId, unsaved } = usePlans.getState();
          if (starting || !graphId) return;
          const start = ++starts;
          set({ starting: true, error: null });
          // A graph switched meanwhile has reset the workspace: what this start returns belongs to no view.
          const mine = () => start === starts && get().graphId === graphId;
          try {
            const run = await api.invoke('runs.start', {
              graphId,
              intent,
              mode,
              ...(mode === 'agent' ? { agentFormat: get().agentFormat } : {}),
              // A saved plan as it was saved runs as itself; other steps are saved as a plan to run.
              ...(mode === 'plan' ? (planId && !unsaved ? { planId } : { steps }) : {}),
            });
            if (!mine()) return;
            set({ run, starting: false });
            if (mode === 'plan' && run.planId) usePlans.getState().planSaved({ id: run.planId }, steps);
          } catch (error) {
            if (mine()) set({ error: (error as Error).message, starting: false });
          }
        },
        act: async (work) => {
          const run = get().run;
          if (!run) return;
          const graphId = get().graphId;
          set({ busy: true, error: null });
          // The new run and the end of busy land in one update: a key pressed as soon as the new turn
          // shows must find the debugger ready, not still busy. Another graph opened meanwhile shows its own.
          try {
            const next = await work(run.id);
            if (get().graphId === graphId) set({ run: next, busy: false });
          } catch (error) {
            if (get().graphId === graphId) set({ error: (error as Error).message, busy: false });
          }
        },
        openTrajectory: async (trajectoryId) => {
          set({ busy: true, error: null });
          try {
            const run = await api.invoke('runs.open', { trajectoryId });
            const graphId = run.graphId ?? get().graphId;
            if (graphId !== get().graphId) open(graphId, run);
            else set({ run });
          } catch (error) {
            set({ error: (error as Error).message });
          } finally {
            set({ busy: false });
          }
        },
      };
    },
    {
      name: 'trellis.runs',
      version: 1,
      partialize: kept,
    },
  ),
);

/**
 * What is kept in localStorage: the trajectory of each graph's open run, or the session and
 * recording of its open replay, the open graph's as it is now; and which graph was open.
 */
function kept({ graphId, lastGraph, run, openRuns, reopen, replays }: RunsState) {
  const runs = graphId ? { ...openRuns, [graphId]: run } : openRuns;
  const open = Object.entries(runs).flatMap(([id, r]): [string, string][] =>
    r?.trajectoryId ? [[id, r.trajectoryId]] : [],
  );
  const replaying = Object.entries(runs).flatMap(([id, r]): [string, ReplayHint][] =>
    r && !r.trajectoryId && r.replayOf ? [[id, { runId: r.id, replayOf: r.replayOf }]] : [],
  );
  // A graph whose open run is now a replay (or now a saved run) keeps only the newer of the two hints.
  const withoutReplays = Object.fromEntries(
    Object.entries(reopen).filter(([id]) => !replaying.some(([r]) => r === id)),
  );
  const withoutRuns = Object.fromEntries(Object.entries(replays).filter(([id]) => !open.some(([r]) => r === id)));
  const replayHints = { ...withoutRuns, ...Object.fromEntries(replaying) };
  // No replay open: nothing is written for them, as before replays were kept.
  return {
    reopen: { ...withoutReplays, ...Object.fromEntries(open) },
    ...(Object.keys(replayHints).length ? { replays: replayHints } : {}),
    lastGraph: graphId ?? lastGraph,
  };
}

/**
 * Each graph's open run as workspaces saved it before runs had a store of their own (under the
 * plans' key, `work[graphId].reopen`): read once, when nothing is saved under `trellis.runs` yet.
 */
function reopenFromPlansKey(): Record<string, string> {
  if (safeLocalStorage.getItem('trellis.runs') !== null) return {};
  try {
    const saved = JSON.parse(safeLocalStorage.getItem('trellis.plans') ?? 'null') as {
      state?: { work?: Record<string, { reopen?: unknown }> };
    } | null;
    const work = saved?.state?.work ?? {};
    return Object.fromEntries(
      Object.entries(work).flatMap(([id, w]): [string, string][] =>
        typeof w?.reopen === 'string' ? [[id, w.reopen]] : [],
      ),
    );
  } catch {
    return {};
  }
}
