import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { RunSessions } from './sessions';

/** The runs namespace: each method finds its run among the open sessions and answers its view. */
export function runsHandlers(ctx: BackendContext): HandlerMap<'runs'> {
  const runs = new RunSessions(ctx);
  return {
    'runs.start': (args) => runs.view(runs.start(args)),
    'runs.open': ({ trajectoryId }) => runs.view(runs.reopen(trajectoryId)),
    'runs.get': ({ runId }) => runs.view(runs.get(runId)),
    'runs.step': async ({ runId }) => {
      const s = runs.get(runId);
      await s.engine.step();
      return runs.view(s);
    },
    'runs.continue': async ({ runId, untilTurns }) => {
      const s = runs.get(runId);
      await s.engine.continue(untilTurns);
      return runs.view(s);
    },
    'runs.pause': ({ runId }) => {
      const s = runs.get(runId);
      s.engine.pause();
      return runs.view(s);
    },
    'runs.stop': ({ runId }) => {
      const s = runs.get(runId);
      s.engine.stop();
      return runs.view(s);
    },
    'runs.setBreakpoints': ({ runId, breakpoints }) => {
      const s = runs.get(runId);
      runs.setBreakpoints(breakpoints);
      return runs.view(s);
    },
    'runs.edit': ({ runId, turnIndex, ...edit }) => runs.view(runs.edit(runs.get(runId), turnIndex, edit)),
    'runs.fork': ({ runId, turnIndex, agentFormat }) => runs.view(runs.fork(runs.get(runId), turnIndex, agentFormat)),
    'runs.allow': ({ runId, kind, key }) => {
      const s = runs.get(runId);
      ctx.runtime.allow(kind, key);
      s.engine.consentGiven();
      return runs.view(s);
    },
    'runs.tree': ({ graphId }) => ctx.store.trajectoryQueries.runs(graphId),
  };
}
