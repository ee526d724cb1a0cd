import type { Finding, PlanStep, Turn } from '../domain';
import type { TrajectoryCode } from '../checks/trajectory';
import { callKey } from '../compare/parallel-calls';

/** Where a score comes from, shown beside it everywhere: computed, a heuristic, or a model's judgment. */
export type ScoreSource = 'deterministic' | 'heuristic' | 'model-judged';

export interface ScoreMetric {
  name: string;
  label: string;
  source: ScoreSource;
}

/** Scores Trellis computes without a model; each in [0, 1], null when it does not apply. */
export const DETERMINISTIC_METRICS: ScoreMetric[] = [
  { name: 'executionEfficiency', label: 'Execution efficiency (no repeated calls)', source: 'deterministic' },
  { name: 'answeredCalls', label: 'Calls with a result', source: 'deterministic' },
  { name: 'finalAnswer', label: 'Ends with an answer', source: 'deterministic' },
  { name: 'planAdherence', label: 'Plan adherence (calls follow the stored plan)', source: 'deterministic' },
  { name: 'groundedArguments', label: 'Grounded argument values', source: 'heuristic' },
];

/** The Agent GPA judgments a model makes over a whole trace (TruLens scores each 0–3). */
export const JUDGED_METRICS: (ScoreMetric & { question: string })[] = [
  {
    name: 'goalFulfillment',
    label: 'Goal fulfillment',
    source: 'model-judged',
    question: 'Did the agent achieve what the user asked for? 3 = fully, 0 = not at all.',
  },
  {
    name: 'logicalConsistency',
    label: 'Logical consistency',
    source: 'model-judged',
    question:
      'Is every claim and argument grounded in the user’s words or earlier results? 3 = always, 0 = mostly invented.',
  },
  {
    name: 'executionEfficiency',
    label: 'Execution efficiency',
    source: 'model-judged',
    question: 'Did the agent avoid redundant steps, loops and needless retries? 3 = no waste, 0 = mostly waste.',
  },
  {
    name: 'planQuality',
    label: 'Plan quality',
    source: 'model-judged',
    question:
      'Was the sequence of tool calls a sound plan for the goal with the tools available? 3 = sound, 0 = unsuitable.',
  },
  {
    name: 'planAdherence',
    label: 'Plan adherence',
    source: 'model-judged',
    question:
      'Did the agent carry out the plan it stated or implied, without drifting? 3 = faithfully, 0 = not at all.',
  },
];

/** What the judge must answer: a 0–3 score and a short reason (the grammar enforces the shape). */
export const JUDGE_SCHEMA = {
  type: 'object',
  properties: {
    score: { type: 'integer', enum: [0, 1, 2, 3] },
    reason: { type: 'string', maxLength: 160 },
  },
  required: ['score', 'reason'],
  additionalProperties: false,
};

/**
 * Findings that say a value came from nowhere. The checks give each value one finding, the most
 * specific, so a value invented or taken out of order is not also flagged ungrounded-value: it
 * still counts against grounding.
 */
const UNGROUNDED_VALUE_CODES: ReadonlySet<string> = new Set<TrajectoryCode>([
  'ungrounded-value',
  'invented-value',
  'dependency-order',
]);

const calls = (turns: readonly Turn[]) => turns.flatMap((t) => t.toolCalls ?? []);
const share = (good: number, total: number) => (total ? good / total : 1);

/** Counts the string and number leaves of arguments, as the grounding check sees them. */
function leafCount(value: unknown): number {
  if (typeof value === 'string' || typeof value === 'number') return 1;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + leafCount(v), 0);
  if (value && typeof value === 'object') return Object.values(value).reduce<number>((n, v) => n + leafCount(v), 0);
  return 0;
}

/** Longest common subsequence length of two lists of tool names. */
function commonLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * Deterministic trajectory scores in [0, 1], named as in DETERMINISTIC_METRICS. Execution
 * efficiency counts calls identical (tool and arguments) to an earlier one; grounded
 * arguments uses the checks' findings of values that came from nowhere (a heuristic); plan
 * adherence is the longest common subsequence of plan steps and calls over the longer of the two.
 */
export function deterministicScores(
  turns: readonly Turn[],
  findings: readonly Finding[],
  planSteps: readonly PlanStep[] | null = null,
): Record<string, number | null> {
  const all = calls(turns);
  const seen = new Set<string>();
  let repeated = 0;
  for (const call of all) {
    const key = callKey(call);
    if (seen.has(key)) repeated++;
    seen.add(key);
  }
  const results = new Set(turns.filter((t) => t.role === 'tool').map((t) => t.toolCallId));
  const last = [...turns].reverse().find((t) => t.role !== 'system');
  const ungrounded = findings.filter((f) => UNGROUNDED_VALUE_CODES.has(f.code)).length;
  const leaves = all.reduce((n, c) => n + leafCount(c.args), 0);
  const names = all.map((c) => c.name);
  const plan = planSteps?.map((s) => s.tool) ?? null;
  return {
    executionEfficiency: share(all.length - repeated, all.length),
    answeredCalls: share(all.filter((c) => results.has(c.id)).length, all.length),
    finalAnswer: last?.role === 'assistant' && !last.toolCalls?.length && Boolean(last.content?.trim()) ? 1 : 0,
    planAdherence: plan ? share(commonLength(plan, names), Math.max(plan.length, names.length)) : null,
    groundedArguments: share(Math.max(0, leaves - ungrounded), leaves),
  };
}

const MAX_TRACE_CHARS = 6000;

/** The trace as the judge reads it: one line per turn, long texts shortened, the middle cut when too long. */
export function traceForJudge(turns: readonly Turn[]): string {
  const short = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}…` : text);
  const lines = turns.map((t, i) => {
    const parts = [t.thought && `(thought) ${short(t.thought, 300)}`, t.content && short(t.content, 500)];
    for (const c of t.toolCalls ?? []) parts.push(`call ${c.name}(${short(JSON.stringify(c.args), 300)})`);
    return `${i}. ${t.role}: ${parts.filter(Boolean).join(' | ')}`;
  });
  let text = lines.join('\n');
  if (text.length > MAX_TRACE_CHARS)
    text = `${text.slice(0, MAX_TRACE_CHARS / 2)}\n[… turns cut …]\n${text.slice(-MAX_TRACE_CHARS / 2)}`;
  return text;
}

/** The prompt for one judgment of one trace. */
export function judgePrompt(metric: (typeof JUDGED_METRICS)[number], turns: readonly Turn[]): string {
  return (
    `You are grading an AI agent's trajectory (Agent GPA: ${metric.label}).\n` +
    `${metric.question}\nAnswer with JSON: {"score": 0-3, "reason": "<one sentence>"}.\n\nTrajectory:\n${traceForJudge(turns)}`
  );
}
