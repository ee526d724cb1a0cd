import { z } from 'zod';
import { TrajectoryFilter } from '../domain';

/** Where a candidate's answers come from: an OpenAI-compatible server, or the GGUF loaded in Models. */
export const CandidateModel = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('server'),
    baseUrl: z.url({
      protocol: /^https?$/,
      error: 'give the server’s http(s) address, e.g. http://127.0.0.1:8080/v1',
    }),
    model: z.string().trim().min(1).default('default'),
    /** Requests in flight at once (the server's parallel slots). */
    concurrency: z.number().int().min(1).max(256).default(4),
  }),
  z.object({
    kind: z.literal('local'),
    /** The GGUF it was, for the table (the loaded model answers). */
    path: z.string().optional(),
  }),
]);
export type CandidateModel = z.infer<typeof CandidateModel>;

/** How each agent turn is asked: chat with tools (as production does), or Trellis's graph-constrained JSON. */
export const AGENT_FORMATS = {
  tools: 'Chat with tools (the messages and tools as the agent sent them; the answer from tool_calls)',
  json: 'Graph-constrained JSON (one prompt holding the conversation; the answer under a JSON Schema)',
} as const;
export const AgentFormat = z.enum(Object.keys(AGENT_FORMATS) as [keyof typeof AGENT_FORMATS]);
export type AgentFormat = z.infer<typeof AgentFormat>;

/** One model with its settings, and what it is told differently from the recordings. */
export const Candidate = z.object({
  label: z.string().trim().min(1).max(120).optional(),
  model: CandidateModel,
  format: AgentFormat.default('tools'),
  temperature: z.number().min(0).max(2).default(0),
  maxTokens: z.number().int().min(1).max(32_768).default(512),
  seed: z.number().int().default(1),
  /** Replaces the recorded system message (or comes first where the record has none). */
  systemPrompt: z.string().max(100_000).optional(),
  /** Tool descriptions by tool name, in place of the record's own. */
  toolDescriptions: z.record(z.string(), z.string().max(10_000)).optional(),
});
export type Candidate = z.infer<typeof Candidate>;

/** How the candidate's calls are answered. */
export const TOOL_POLICIES = {
  replay: 'Replay from the recordings (the nearest recorded call when none matches exactly)',
  runtimes: "The graph's tool runtimes",
  'replay-then-runtimes': "Replay an exactly matching recording, else the graph's runtime",
} as const;
export const ToolPolicy = z.enum(Object.keys(TOOL_POLICIES) as [keyof typeof TOOL_POLICIES]);
export type ToolPolicy = z.infer<typeof ToolPolicy>;

/** The same policies where the graph has an environment: its tools answer from a fresh world each run. */
const TOOL_POLICIES_IN_ENVIRONMENT: Record<ToolPolicy, string> = {
  replay: TOOL_POLICIES.replay,
  runtimes: "The graph's tool runtimes and its environment (each run in a fresh copy of its initial state)",
  'replay-then-runtimes':
    "Replay an exactly matching recording, else the graph's runtime or its environment (the world follows every call)",
};

/** How a policy is described, for a graph with an environment or without. */
export const toolPolicyDescription = (policy: ToolPolicy, environment: boolean): string =>
  (environment ? TOOL_POLICIES_IN_ENVIRONMENT : TOOL_POLICIES)[policy];

export const ExperimentDefinition = z.object({
  name: z.string().trim().min(1).max(200),
  filter: TrajectoryFilter.default({}),
  /** A dataset (its id) whose items are re-run, those the filter selects among them. */
  dataset: z.string().min(1).optional(),
  candidates: z.array(Candidate).min(1).max(8),
  toolPolicy: ToolPolicy.default('replay'),
  /** Re-run from this turn (an assistant turn of each record); absent: from its first assistant turn. */
  fromTurn: z.number().int().min(0).optional(),
  /** Assistant turns a run may take before it stops. */
  maxTurns: z.number().int().min(1).max(100).default(12),
  /** Seconds a run may take before it stops. */
  timeLimitSeconds: z.number().min(1).max(3600).default(300),
});
export type ExperimentDefinition = z.infer<typeof ExperimentDefinition>;
export type ExperimentDefinitionInput = z.input<typeof ExperimentDefinition>;

/** What about a turn made the candidate differ from the recording first. */
export const DivergenceKind = z.enum(['tool', 'arguments', 'answer', 'result', 'length']);
export type DivergenceKind = z.infer<typeof DivergenceKind>;

export const Divergence = z.object({
  kind: DivergenceKind,
  /** The turn of the run (null: the run ended where the recording went on). */
  runTurn: z.number().int().nullable(),
  /** The turn of the recording (null: the run went on past the recording's end). */
  sourceTurn: z.number().int().nullable(),
  /** Argument-level (or field-level) differences, recording → run. */
  changes: z.array(z.object({ path: z.string(), before: z.string(), after: z.string() })),
});
export type Divergence = z.infer<typeof Divergence>;

/** A call the recordings could not answer exactly: the nearest recorded arguments, or none. */
export const ReplayMiss = z.object({
  turn: z.number().int(),
  tool: z.string(),
  args: z.unknown(),
  nearest: z.unknown().nullable(),
});
export type ReplayMiss = z.infer<typeof ReplayMiss>;

export const Verdict = z.enum(['same', 'diverged', 'improved', 'regressed', 'errored']);
export type Verdict = z.infer<typeof Verdict>;

/** One trajectory re-run by one candidate, and what changed. */
export const ExperimentRun = z.object({
  sourceId: z.string(),
  sourceTitle: z.string(),
  candidate: z.number().int(),
  runId: z.string().nullable(),
  verdict: Verdict,
  error: z.string().nullable(),
  divergence: Divergence.nullable(),
  misses: z.array(ReplayMiss),
  outcomeBefore: z.enum(['success', 'failure', 'unknown']).nullable(),
  /**
   * Where the source's outcome came from: `record` (its log said so), `calls` (the record carries
   * none, so it is read from its calls as a re-run's is), `goal` (the environment's goal check on
   * the world the record left, as the run's outcome is). Absent in runs saved before it was kept.
   */
  outcomeBeforeFrom: z.enum(['record', 'calls', 'goal']).nullable().optional(),
  outcomeAfter: z.enum(['success', 'failure', 'unknown']).nullable(),
  findingsBefore: z.number().int(),
  findingsAfter: z.number().int(),
  turns: z.number().int(),
  tokens: z.object({ prompt: z.number().int(), completion: z.number().int() }),
  ms: z.number(),
});
export type ExperimentRun = z.infer<typeof ExperimentRun>;

/** A candidate's row of the table. */
export const CandidateSummary = z.object({
  candidate: z.number().int(),
  label: z.string(),
  runs: z.number().int(),
  same: z.number().int(),
  diverged: z.number().int(),
  improved: z.number().int(),
  regressed: z.number().int(),
  errored: z.number().int(),
  misses: z.number().int(),
  succeededBefore: z.number().int(),
  succeededAfter: z.number().int(),
  findingsBefore: z.number().int(),
  findingsAfter: z.number().int(),
  tokens: z.number().int(),
  ms: z.number(),
});
export type CandidateSummary = z.infer<typeof CandidateSummary>;

export const ExperimentStatus = z.enum(['running', 'finished', 'incomplete']);

export const ExperimentView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  definition: ExperimentDefinition,
  /** The trajectories selected when it was made: re-runs and resumes use the same ones. */
  sources: z.number().int(),
  status: ExperimentStatus,
  /** The job running it now, to follow and cancel (a window reloaded meanwhile finds it here). */
  jobId: z.string().nullable(),
  /** Whether the backend says generations are reproducible with the seed (see `seedNote`). */
  seedNote: z.string(),
  table: z.array(CandidateSummary),
  runs: z.array(ExperimentRun),
});
export type ExperimentView = z.infer<typeof ExperimentView>;

/** Two candidates on the same trajectory. */
export const SideBySideRow = z.object({
  sourceId: z.string(),
  sourceTitle: z.string(),
  a: ExperimentRun.nullable(),
  b: ExperimentRun.nullable(),
  /** Which did better: by outcome, then by fewer findings; null when neither did. */
  better: z.enum(['a', 'b']).nullable(),
});
export type SideBySideRow = z.infer<typeof SideBySideRow>;
