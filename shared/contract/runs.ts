import { z } from 'zod';
import { AgentFormat } from '../experiments/types';
import { PlanStep, Turn } from '../domain';
import { Breakpoint, ConsentRequest, NextAction, ResultWarning, RunMode, RunStatus, StartMode } from '../runs/types';
import { method } from './define';

/** A run as the debugger shows it. */
export const RunView = z.object({
  id: z.string(),
  /** The trajectory the run is saved as; null for a replay of a recorded one (fork it to edit). */
  trajectoryId: z.string().nullable(),
  /** The recorded trajectory a replay steps through. */
  replayOf: z.string().nullable(),
  graphId: z.string().nullable(),
  planId: z.string().nullable(),
  mode: RunMode,
  status: RunStatus,
  note: z.string().nullable(),
  consent: ConsentRequest.nullable(),
  breakpoints: z.array(Breakpoint),
  turns: z.array(Turn),
  nextAction: NextAction,
  forkOf: z.object({ trajectoryId: z.string(), turnIndex: z.number().int() }).nullable(),
  /** Results that do not match their tool's `returns` schema, by observation turn. */
  warnings: z.array(ResultWarning),
  /** The tools a breakpoint can name: the graph's, those the record declares, those its turns call. */
  tools: z.array(z.string()),
});
export type RunView = z.infer<typeof RunView>;

const RunId = z.object({ runId: z.string() });

export const runsMethods = {
  'runs.start': method({
    summary: 'Starts a run on a graph: a saved plan (or steps) executed step by step, or the model as an agent.',
    args: z.object({
      graphId: z.string(),
      intent: z.string().trim().min(1),
      mode: StartMode.default('plan'),
      /**
       * How an agent asks its model each turn: the conversation with its tools, as the agent's
       * own client does (`tools`: a server's tool_calls, a loaded GGUF's own chat template and
       * tool-call syntax), or one prompt answered under the graph's JSON Schema (`json`).
       */
      agentFormat: AgentFormat.default('tools'),
      planId: z.string().optional(),
      steps: z.array(PlanStep).optional(),
    }),
    result: RunView,
  }),
  'runs.open': method({
    summary: 'Opens a saved run to continue it, or a recorded trajectory to replay it with its observations.',
    args: z.object({ trajectoryId: z.string() }),
    result: RunView,
  }),
  'runs.get': method({ summary: 'The run as it is now.', args: RunId, result: RunView }),
  'runs.step': method({ summary: 'Adds one turn.', args: RunId, result: RunView }),
  'runs.continue': method({
    summary: 'Runs until the end, a breakpoint, Pause, or (Run to here) the given number of turns.',
    args: RunId.extend({ untilTurns: z.number().int().min(0).optional() }),
    result: RunView,
  }),
  'runs.pause': method({
    summary: 'Pauses a continuing run after the turn in progress.',
    args: RunId,
    result: RunView,
  }),
  'runs.stop': method({ summary: 'Stops the run.', args: RunId, result: RunView }),
  'runs.setBreakpoints': method({
    summary:
      "The debugger's breakpoints on tools, on error observations, and on argument values: they hold in every run it opens (replay, fork, live run).",
    args: RunId.extend({ breakpoints: z.array(Breakpoint) }),
    result: RunView,
  }),
  'runs.edit': method({
    summary: "Edits a turn: its thought, text or observation, or a call's arguments (the next call's, while paused).",
    args: RunId.extend({
      turnIndex: z.number().int().min(0),
      thought: z.string().optional(),
      content: z.string().optional(),
      callId: z.string().optional(),
      args: z.unknown().optional(),
    }),
    result: RunView,
  }),
  'runs.fork': method({
    summary: 'A new run that shares this one’s turns up to and including turnIndex.',
    args: RunId.extend({ turnIndex: z.number().int().min(0), agentFormat: AgentFormat.default('tools') }),
    result: RunView,
  }),
  'runs.allow': method({
    summary: 'Allows the HTTP host or MCP server a run asked about, for this workspace.',
    args: RunId.extend({ kind: ConsentRequest.shape.kind, key: z.string() }),
    result: RunView,
  }),
  'runs.tree': method({
    summary: 'Runs of a graph with the runs they were forked from, oldest first.',
    args: z.object({ graphId: z.string().nullable().default(null) }),
    result: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        forkOf: z.object({ trajectoryId: z.string(), turnIndex: z.number().int() }).nullable(),
        turnCount: z.number().int(),
        planId: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
};

export const runsEvents = {
  /** Pushed after every turn of a continuing run, so the debugger follows it. */
  'runs.changed': RunView,
};
