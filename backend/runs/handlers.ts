import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { RunSessions, type RunSession } from './sessions';

/** The runs namespace: each method finds its run among the open sessions and answers its view. */
export function runsHandlers(ctx: BackendContext): HandlerMap<'runs'> {
  const runs = new RunSessions(ctx);
  /** Does `act` on the open run `runId` and answers its view after. */
  const on = async (runId: string, act: (s: RunSession) => unknown) => {
    const s = runs.get(runId);
    await act(s);
    return runs.view(s);
  };
  return {
    'runs.start': (args) => runs.view(runs.start(args)),
    'runs.open': async ({ trajectoryId }) => {
      const s = runs.reopen(trajectoryId);
      // A finished run opened again is judged by its environment's goal as it was when it ended.
      await s.engine.judge();
      return runs.view(s);
    },
    'runs.get': ({ runId }) => runs.view(runs.get(runId)),
    'runs.step': ({ runId }) => on(runId, (s) => s.engine.step()),
    'runs.continue': ({ runId, untilTurns }) => on(runId, (s) => s.engine.continue(untilTurns)),
    'runs.pause': ({ runId }) => on(runId, (s) => s.engine.pause()),
    'runs.stop': ({ runId }) => on(runId, (s) => s.engine.stop()),
    'runs.setBreakpoints': ({ runId, breakpoints }) => on(runId, () => runs.setBreakpoints(breakpoints)),
    'runs.edit': ({ runId, turnIndex, ...edit }) => on(runId, (s) => runs.edit(s, turnIndex, edit).engine.judge()),
    'runs.fork': ({ runId, turnIndex, agentFormat }) => runs.view(runs.fork(runs.get(runId), turnIndex, agentFormat)),
    'runs.allow': ({ runId, kind, key }) =>
      on(runId, (s) => {
        ctx.runtime.allow(kind, key);
        s.engine.consentGiven();
      }),
    'runs.tree': ({ graphId }) => ctx.store.trajectoryQueries.runs(graphId),
  };
}
