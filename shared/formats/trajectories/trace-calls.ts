import type { DeclaredTool, Outcome, Turn } from '../../domain';
import { isObject } from '../../json';
import { turnsFromMessages } from '../messages';

/**
 * What trace tools (Langfuse, LangSmith) share: a trace is model calls, each with the messages
 * it was sent and what it answered, and tool executions, each with a result. One conversation
 * is made of them here, whatever tool recorded them.
 */

/** One model call of a trace, its messages already turns. */
export interface ModelCallTurns {
  input: Turn[];
  output: Turn[];
  timing?: Turn['timing'];
  tokens?: Turn['tokens'];
}

/** One tool execution of a trace: its tool, its result, and the call it answers when the trace says. */
export interface ToolExecutionResult {
  name: string;
  callId?: string;
  args?: unknown;
  content?: string;
  error?: string;
  timing?: Turn['timing'];
}

const callIds = (turn: Turn) => (turn.toolCalls ?? []).map((c) => c.id).join();

const sameTurn = (a: Turn, b: Turn) =>
  a.role === b.role &&
  (a.content ?? '').trim() === (b.content ?? '').trim() &&
  callIds(a) === callIds(b) &&
  (a.role !== 'tool' || !a.toolCallId || !b.toolCallId || a.toolCallId === b.toolCallId);

/**
 * The model calls of a trace, in time order, as one conversation: each call's input beyond the
 * turns so far (a call that resends the history continues it; one that sends only what is new
 * adds it, its system prompt once), then its output with the call's tokens and timing.
 */
export function joinModelCalls(calls: readonly ModelCallTurns[]): Turn[] {
  const turns: Turn[] = [];
  for (const call of calls) {
    const skip = turns[0]?.role === 'system' && call.input[0]?.role !== 'system' ? 1 : 0;
    let seen = 0;
    while (skip + seen < turns.length && seen < call.input.length && sameTurn(turns[skip + seen]!, call.input[seen]!))
      seen++;
    const fresh =
      skip + seen === turns.length
        ? call.input.slice(seen)
        : call.input.filter((m) => !(m.role === 'system' && turns.some((t) => sameTurn(t, m))));
    turns.push(...fresh);
    call.output.forEach((turn, k) =>
      turns.push({
        ...turn,
        ...(call.timing ? { timing: call.timing } : {}),
        ...(k === 0 && call.tokens ? { tokens: call.tokens } : {}),
      }),
    );
  }
  return turns;
}

/** A model call as a trace tool recorded it: its messages in any provider's shape, and what it says of itself. */
export interface RecordedModelCall {
  /**
   * What its messages are, for the fields no shape understands: `a generation's input` makes
   * `messages[3].audio (a generation's input)`, one name for the field however many calls hold it.
   */
  at: string;
  /** Its provider messages, or null when its input is none the layer reads (kept by the caller). */
  input: unknown[] | null;
  output: unknown[] | null;
  tools: DeclaredTool[];
  model?: string;
  tokens?: Turn['tokens'];
  timing?: Turn['timing'];
}

/**
 * A trace's model calls read into one conversation ({@link joinModelCalls}), with the tools they
 * were offered (first declaration of a name kept), their models in order, the tokens they spent,
 * what the message layer said once and the input fields it did not understand.
 */
export function readModelCalls(recorded: readonly RecordedModelCall[]) {
  const notes = new Set<string>();
  const ignored: string[] = [];
  const tools = new Map<string, DeclaredTool>();
  const usage = { input_tokens: 0, output_tokens: 0 };
  const calls = recorded.map((call) => {
    const read = turnsFromMessages(call.input ?? []);
    const answer = turnsFromMessages(call.output ?? []);
    for (const note of [...read.notes, ...answer.notes]) notes.add(note);
    ignored.push(...read.ignored.map((path) => `messages${path} (${call.at})`));
    for (const tool of call.tools) if (!tools.has(tool.name)) tools.set(tool.name, tool);
    usage.input_tokens += call.tokens?.prompt ?? 0;
    usage.output_tokens += call.tokens?.completion ?? 0;
    const { timing, tokens } = call;
    return { input: read.turns, output: answer.turns, ...(timing ? { timing } : {}), ...(tokens ? { tokens } : {}) };
  });
  return {
    turns: joinModelCalls(calls),
    tools: [...tools.values()],
    models: recorded.flatMap((c) => (c.model ? [c.model] : [])),
    usage: usage.input_tokens || usage.output_tokens ? usage : undefined,
    notes,
    ignored,
  };
}

/** Said once when a trace's tool executions name no call: they are paired by tool name and order. */
export const PAIRED_BY_NAME = 'tool results paired with calls by tool name and order: the trace gives no call ids';

/**
 * Places tool executions' results in the conversation: on the result turn a later model call
 * already gave (adding its timing), else as a result turn after the call it answers (by id, else
 * the first call of that tool not answered yet), else after a call made for it when no model call
 * asked for it. Returns the notes to say and the errors the executions met.
 */
export function placeToolResults(turns: Turn[], results: readonly ToolExecutionResult[]) {
  const notes = new Set<string>();
  const errors: { tool: string; toolCallId: string; error: string }[] = [];
  const answered = new Set<string>();
  results.forEach((result, k) => {
    const calls = turns.flatMap((t) => t.toolCalls ?? []);
    let call = result.callId ? calls.find((c) => c.id === result.callId) : undefined;
    if (!call) {
      call = calls.find((c) => c.name === result.name && !answered.has(c.id));
      if (call) notes.add(PAIRED_BY_NAME);
    }
    const id = call?.id ?? result.callId ?? `call_${k + 1}_${result.name}`;
    answered.add(id);
    if (result.error) errors.push({ tool: result.name, toolCallId: id, error: result.error });
    const content = result.content ?? (result.error ? `Error: ${result.error}` : undefined);
    const turn: Turn = {
      role: 'tool',
      ...(content !== undefined ? { content } : {}),
      toolCallId: id,
      ...(result.timing ? { timing: result.timing } : {}),
    };
    const existing = turns.findIndex((t) => t.role === 'tool' && t.toolCallId === id);
    if (existing >= 0) {
      const given = turns[existing]!;
      turns[existing] = {
        ...given,
        ...(given.content ? {} : turn),
        ...(result.timing ? { timing: result.timing } : {}),
      };
      return;
    }
    const at = turns.findIndex((t) => t.toolCalls?.some((c) => c.id === id));
    if (at < 0) {
      turns.push({ role: 'assistant', toolCalls: [{ id, name: result.name, args: result.args ?? {} }] }, turn);
      return;
    }
    let after = at + 1;
    while (after < turns.length && turns[after]!.role === 'tool') after++;
    turns.splice(after, 0, turn);
  });
  return { notes: [...notes], errors };
}

/**
 * The messages a model answered with, in any provider's response shape: a message, a list of
 * them, an OpenAI Chat completion (`choices`), a Responses result (`output`), a Gemini response
 * (`candidates`), a LangChain LLM result (`generations`). Text is one assistant message. Null
 * when the value is none of these (the caller keeps it as metadata).
 */
export function responseMessages(value: unknown): unknown[] | null {
  if (typeof value === 'string') return value ? [{ role: 'assistant', content: value }] : [];
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return null;
  if (Array.isArray(value.choices))
    return value.choices.filter(isObject).map((c) => c.message ?? { role: 'assistant', content: c.text ?? '' });
  if (Array.isArray(value.candidates))
    return value.candidates.filter(isObject).flatMap((c) => (isObject(c.content) ? [c.content] : []));
  if (Array.isArray(value.generations))
    return value.generations
      .flat()
      .filter(isObject)
      .map((g) => g.message ?? { role: 'assistant', content: typeof g.text === 'string' ? g.text : '' });
  if (Array.isArray(value.output) && value.output.every(isObject)) return value.output;
  if (Array.isArray(value.messages)) return value.messages;
  if ('role' in value || 'lc' in value || 'type' in value) return [value];
  if ('content' in value || 'tool_calls' in value) return [{ role: 'assistant', ...value }];
  if (typeof value.text === 'string' && Object.keys(value).length === 1)
    return [{ role: 'assistant', content: value.text }];
  return null;
}

/** Milliseconds of an ISO time, or null. */
export const isoMs = (value: unknown): number | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const ms = typeof value === 'number' ? value : Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? ms : null;
};

/** A turn's timing from a start and an end time (ISO text, as trace tools write them). */
export function timingOf(start: unknown, end: unknown): Turn['timing'] | undefined {
  const from = isoMs(start);
  if (from === null) return undefined;
  const to = isoMs(end);
  return { startedAt: new Date(from).toISOString(), durationMs: to === null ? 0 : Math.max(0, to - from) };
}

/** A result or an answer as text: text as it is, anything else as its JSON. */
export const asText = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

/** Names a score or feedback key has when it is the run's verdict rather than one measure among others. */
const VERDICT_NAME =
  /^(correct(ness)?|is[_ -]?correct|success(ful)?|task[_ -]?success|pass(ed)?|resolved|solved|exact[_ -]?match|verdict|outcome|reward|goal[_ -]?(achieved|completion)|task[_ -]?(completion|completed))$/i;

const SUCCESS_WORDS = /^(true|yes|pass(ed)?|correct|success(ful)?|succeeded|resolved|solved|c)$/i;
const FAILURE_WORDS = /^(false|no|fail(ed|ure)?|incorrect|wrong|unresolved|unsolved|i)$/i;

/** True when a score or feedback key names the run's verdict ("correctness", "success", "resolved", …). */
export const isVerdictName = (name: unknown): name is string => typeof name === 'string' && VERDICT_NAME.test(name);

/**
 * A verdict's value as an outcome: 1 or true succeeded, 0 or false failed, a word as it reads
 * ("pass", "incorrect"); a fraction between is a measure, not a verdict (unknown, value kept).
 */
export function verdictOutcome(by: string, value: unknown): Outcome {
  if (typeof value === 'boolean') return { status: value ? 'success' : 'failure', by, value };
  if (typeof value === 'number')
    return { status: value >= 1 ? 'success' : value <= 0 ? 'failure' : 'unknown', by, value };
  if (typeof value === 'string') {
    const word = value.trim();
    const status = SUCCESS_WORDS.test(word) ? 'success' : FAILURE_WORDS.test(word) ? 'failure' : 'unknown';
    return { status, by, value };
  }
  return { status: 'unknown', by, value: null };
}
