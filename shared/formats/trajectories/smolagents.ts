/**
 * smolagents (huggingface/smolagents, read at e3a5b89, 2026-07-11, back to v1.2.0): an agent's
 * memory as people save it —
 * - `agent.run(..., return_full_result=True).dict()`: `{output, state, steps, token_usage, timing}`;
 * - the steps alone, a JSON array (`memory.get_full_steps()` / `get_succinct_steps()`, and before
 *   1.6 `agent.logs` / `get_succinct_logs()`): `TaskStep {task}`, `ActionStep {step_number | step,
 *   timing | start_time/end_time/duration, model_input_messages, tool_calls, model_output |
 *   llm_output, observations, error, action_output, token_usage, is_final_answer}`,
 *   `PlanningStep {plan, (facts)}`, `SystemPromptStep {system_prompt}`, `FinalAnswerStep {output}`
 *   (`memory.py`);
 * - the benchmark answers its examples write (`examples/smolagents_benchmark/run.py`,
 *   `open_deep_research/run_gaia.py`): `{question, answer | prediction, true_answer,
 *   intermediate_steps}`, the steps being `write_memory_to_messages()` — roles `tool-call`
 *   ("Calling tools:\n" and the calls as Python prints them) and `tool-response` ("Observation:\n…",
 *   "Call id: …\nError:\n…").
 * A CodeAgent's action is a `python_interpreter` call whose arguments are the code: kept as a call
 * with the code as its `code` argument, as PythonInterpreterTool declares it.
 */
import type { Outcome, ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { parseArguments, RecordError, type ParsedRecord } from './records';
import { pythonLiteral } from './smolagents-python';

type Json = Record<string, unknown>;

const STEP_FIELDS = new Set([
  'step_number',
  'step',
  'iteration',
  'timing',
  'start_time',
  'end_time',
  'duration',
  'model_input_messages',
  'agent_memory',
  'tool_calls',
  'tool_call',
  'error',
  'model_output_message',
  'model_output',
  'llm_output',
  'code_action',
  'observations',
  'action_output',
  'token_usage',
  'is_final_answer',
  'plan',
  'facts',
  'model_output_message_facts',
  'model_output_message_plan',
  'task',
  'task_images',
  'system_prompt',
  'output',
  'final_answer',
]);

/** The call a CodeAgent's code is (`agents.py`), with PythonInterpreterTool's one input, `code`. */
const PYTHON = 'python_interpreter';

const PARALLEL_NOTE =
  "smolagents joins the observations of a step's parallel calls into one text: it is kept whole as the result of the step's first call";
const NO_TOOLS_NOTE =
  'smolagents memory declares no tools (a CodeAgent lists them in its system prompt): calls are checked against the graph only';

/** An ActionStep of any version: what the model output and what its action observed. */
const isActionStep = (s: unknown): s is Json =>
  isObject(s) &&
  ('step_number' in s || 'step' in s) &&
  ('model_output' in s || 'llm_output' in s || 'observations' in s);

const isStep = (s: unknown): s is Json =>
  isActionStep(s) ||
  (isObject(s) && (typeof s.task === 'string' || typeof s.system_prompt === 'string' || typeof s.plan === 'string'));

/**
 * The first step of a memory dump, strictly (so that an array of records that merely have a
 * `task` is not taken for one run): a TaskStep, a SystemPromptStep, or an action step.
 */
function isFirstStep(first: unknown): boolean {
  if (!isObject(first)) return false;
  const keys = Object.keys(first);
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
  return (
    (typeof first.task === 'string' && only('task', 'task_images')) ||
    (typeof first.system_prompt === 'string' && only('system_prompt')) ||
    (isStep(first) && ('model_input_messages' in first || 'agent_memory' in first))
  );
}

/** Text of a smolagents message content: a string, or parts of which text parts are read. */
function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const text = content.flatMap((p) => (isObject(p) && typeof p.text === 'string' ? [p.text] : []));
  return text.length ? text.join('\n') : undefined;
}

/** A call as memory writes it: `{id, type, function: {name, arguments}}`, or before 1.6 `{name, arguments, id}`. */
function callOf(raw: unknown, fallbackId: string): ToolCall | null {
  const fn = isObject(raw) && isObject(raw.function) ? raw.function : raw;
  if (!isObject(raw) || !isObject(fn) || typeof fn.name !== 'string') return null;
  const args = parseArguments(fn.arguments);
  return {
    id: typeof raw.id === 'string' ? raw.id : fallbackId,
    name: fn.name,
    // A CodeAgent's action is the code itself: the argument PythonInterpreterTool names `code`.
    args: fn.name === PYTHON && typeof args === 'string' ? { code: args } : args,
  };
}

function timingOf(step: Json): Turn['timing'] | undefined {
  const timing = isObject(step.timing) ? step.timing : step;
  const start = typeof timing.start_time === 'number' ? timing.start_time : undefined;
  const seconds =
    typeof timing.duration === 'number'
      ? timing.duration
      : start !== undefined && typeof timing.end_time === 'number'
        ? timing.end_time - start
        : undefined;
  if (seconds === undefined) return undefined;
  return {
    ...(start !== undefined ? { startedAt: new Date(start * 1000).toISOString() } : {}),
    durationMs: Math.round(seconds * 1000),
  };
}

function tokensOf(usage: unknown): Turn['tokens'] | undefined {
  return isObject(usage) && typeof usage.input_tokens === 'number' && typeof usage.output_tokens === 'number'
    ? { prompt: usage.input_tokens, completion: usage.output_tokens }
    : undefined;
}

/** A reasoning model's thinking, where the raw API response kept it. */
function thoughtOf(message: unknown): string | undefined {
  const raw = isObject(message) ? message.raw : undefined;
  const choice = isObject(raw) && Array.isArray(raw.choices) ? raw.choices[0] : undefined;
  const reply = isObject(choice) && isObject(choice.message) ? choice.message : {};
  const thought = reply.reasoning_content ?? reply.reasoning;
  return typeof thought === 'string' && thought ? thought : undefined;
}

interface Reading {
  turns: Turn[];
  ignored: string[];
  notes: Set<string>;
  errors: Json[];
  final?: unknown;
}

/** One memory step as turns: the model's output and calls, then what the calls gave (or the error). */
function readStep(step: unknown, i: number, reading: Reading): void {
  const at = `steps[${i}]`;
  if (!isObject(step)) throw new RecordError(`step ${i + 1} is not an object`);
  for (const [key, value] of Object.entries(step))
    if (!STEP_FIELDS.has(key) && value !== null && !(Array.isArray(value) && !value.length))
      reading.ignored.push(`${at}.${key}`);
  const { turns } = reading;
  if (typeof step.system_prompt === 'string') turns.push({ role: 'system', content: step.system_prompt });
  if (typeof step.task === 'string') turns.push({ role: 'user', content: step.task });
  if ('output' in step || 'final_answer' in step) reading.final = step.output ?? step.final_answer;
  // The system prompt is not a step: a model input starts with it.
  const inputs = Array.isArray(step.model_input_messages) ? step.model_input_messages : [];
  if (!turns.some((t) => t.role === 'system') && isObject(inputs[0]) && inputs[0].role === 'system') {
    const prompt = textOf(inputs[0].content);
    if (prompt) turns.unshift({ role: 'system', content: prompt });
  }
  if (typeof step.plan === 'string') {
    const facts = typeof step.facts === 'string' ? `${step.facts.trim()}\n\n` : '';
    turns.push({ role: 'assistant', content: `${facts}${step.plan}`, ...withTiming(step) });
  }
  if (!('step_number' in step || 'step' in step || 'model_output' in step || 'llm_output' in step)) return;
  const raw = Array.isArray(step.tool_calls) ? step.tool_calls : step.tool_call ? [step.tool_call] : [];
  const calls = raw.flatMap((c, j) => callOf(c, `call_${i}_${j}`) ?? []);
  const output = step.model_output ?? step.llm_output;
  const text = typeof output === 'string' ? output : textOf(output);
  const thought = thoughtOf(step.model_output_message);
  const turn: Turn = { role: 'assistant', ...(text ? { content: text } : {}), ...(thought ? { thought } : {}) };
  if (calls.length) turn.toolCalls = calls;
  if (text || thought || calls.length) turns.push({ ...turn, ...withTiming(step) });
  if (calls.length > 1) reading.notes.add(PARALLEL_NOTE);
  const error = isObject(step.error) ? step.error : typeof step.error === 'string' ? { message: step.error } : null;
  if (error) reading.errors.push({ step: step.step_number ?? step.step ?? i, ...error });
  const result = [
    ...(typeof step.observations === 'string' ? [step.observations] : []),
    ...(error ? [`Error:\n${String(error.message)}`] : []),
  ].join('\n\n');
  if (result)
    turns.push(
      calls.length ? { role: 'tool', content: result, toolCallId: calls[0]!.id } : { role: 'user', content: result },
    );
  if (step.is_final_answer === true) reading.final = step.action_output;
}

function withTiming(step: Json): Pick<Turn, 'timing' | 'tokens'> {
  const timing = timingOf(step);
  const tokens = tokensOf(step.token_usage);
  return { ...(timing ? { timing } : {}), ...(tokens ? { tokens } : {}) };
}

const CALLING = /^Calling tools:\s*\n?/;
const CALL_ID = /^Call id: (\S+)\n/;

/** `write_memory_to_messages()`: the calls are printed Python, the results prefixed "Observation:" or "Error:". */
function readMessage(m: unknown, i: number, reading: Reading, open: string[]): string[] {
  const at = `intermediate_steps[${i}]`;
  if (!isObject(m) || typeof m.role !== 'string') throw new RecordError(`intermediate step ${i + 1} is not a message`);
  const text = textOf(m.content) ?? '';
  const last = reading.turns.at(-1);
  if (m.role === 'tool-call') {
    const listed = pythonLiteral(text.replace(CALLING, ''));
    if (!Array.isArray(listed)) {
      reading.ignored.push(`${at}.content`);
      return open;
    }
    const calls = listed.flatMap((c, j) => callOf(c, `call_${i}_${j}`) ?? []);
    if (calls.length > 1) reading.notes.add(PARALLEL_NOTE);
    if (last?.role === 'assistant' && !last.toolCalls) last.toolCalls = calls;
    else reading.turns.push({ role: 'assistant', toolCalls: calls });
    return calls.map((c) => c.id);
  }
  if (m.role === 'tool-response') {
    const id = CALL_ID.exec(text)?.[1] ?? open[0];
    const result = text.replace(CALL_ID, '').replace(/^Observation:\s*\n?/, '');
    if (id && open.includes(id)) {
      reading.turns.push({ role: 'tool', content: result, toolCallId: id });
      return open.filter((o) => o !== id);
    }
    reading.turns.push({ role: 'user', content: text });
    return open;
  }
  const role = m.role === 'system' || m.role === 'user' || m.role === 'assistant' ? m.role : null;
  if (!role) throw new RecordError(`intermediate step ${i + 1} has role ${JSON.stringify(m.role)}`);
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls.flatMap((c, j) => callOf(c, `call_${i}_${j}`) ?? []) : [];
  reading.turns.push({ role, content: text, ...(calls.length ? { toolCalls: calls } : {}) });
  return calls.length ? calls.map((c) => c.id) : open;
}

function outcomeOf(record: Json): Outcome | undefined {
  if (record.state === 'success' || record.state === 'max_steps_error')
    return {
      status: record.state === 'success' ? 'success' : 'failure',
      by: 'smolagents run state',
      value: record.state,
    };
  if (record.iteration_limit_exceeded === true)
    return { status: 'failure', by: 'smolagents iteration_limit_exceeded', value: true };
  if (typeof record.agent_error === 'string' && record.agent_error)
    return { status: 'failure', by: 'smolagents agent_error', value: record.agent_error };
  return undefined;
}

/** A saved smolagents run: its memory steps (or the messages written from them) as turns. */
export function fromSmolagents(record: Json): ParsedRecord {
  const reading: Reading = { turns: [], ignored: [], notes: new Set(), errors: [] };
  if (Array.isArray(record.steps)) record.steps.forEach((s, i) => readStep(s, i, reading));
  else if (Array.isArray(record.intermediate_steps)) {
    const question = record.augmented_question ?? record.question;
    if (record.intermediate_steps.every(isStep)) record.intermediate_steps.forEach((s, i) => readStep(s, i, reading));
    else record.intermediate_steps.reduce<string[]>((open, m, i) => readMessage(m, i, reading, open), []);
    if (!reading.turns.some((t) => t.role === 'user') && typeof question === 'string')
      reading.turns.unshift({ role: 'user', content: question });
    reading.final ??= record.prediction ?? record.answer;
  } else throw new RecordError('"steps" is not a list of memory steps');
  if (record.output !== undefined) reading.final ??= record.output;
  const outcome = outcomeOf(record);
  const model = record.agent_name ?? record.model_id;
  const ignored = Array.isArray(record.steps)
    ? reading.ignored
    : reading.ignored.map((p) => p.replace(/^steps\[/, 'intermediate_steps['));
  return {
    turns: reading.turns,
    tools: [],
    ignored,
    ...(outcome ? { outcome } : {}),
    metadata: {
      harness: 'smolagents',
      ...(typeof model === 'string' ? { model } : {}),
      ...(record.task_id !== undefined ? { task_id: record.task_id } : {}),
      ...(reading.final !== undefined && reading.final !== null ? { final_answer: reading.final } : {}),
      ...(reading.errors.length ? { step_errors: reading.errors } : {}),
    },
    notes: [...reading.notes, NO_TOOLS_NOTE],
  };
}

/** A message of `write_memory_to_messages()` dumped with `.dict()`: a ChatMessage's own five fields. */
const isWrittenMessage = (m: unknown) =>
  isObject(m) &&
  'raw' in m &&
  'token_usage' in m &&
  Object.keys(m).every((k) => ['role', 'content', 'tool_calls', 'raw', 'token_usage'].includes(k));

const isMemoryMessage = (m: unknown) =>
  isObject(m) && typeof m.role === 'string' && ['tool-call', 'tool-response'].includes(m.role);

export const smolagentsFormat = defineFormat({
  id: 'smolagents',
  label: 'smolagents run',
  recognisedBy:
    'a run result\'s "steps" and "state"; a JSON array of memory steps; a benchmark answer\'s "intermediate_steps" and "question"',
  versions:
    "huggingface/smolagents v1.2.0 to e3a5b89 (2026-07-11): RunResult.dict(), memory.get_full_steps() and get_succinct_steps(), agent.logs before 1.6, write_memory_to_messages() in the examples' answer files",
  detect: (record) =>
    (Array.isArray(record.steps) &&
      (record.state === 'success' || record.state === 'max_steps_error' || record.steps.some(isActionStep)) &&
      record.steps.every((s) => isStep(s) || (isObject(s) && 'output' in s))) ||
    (Array.isArray(record.intermediate_steps) &&
      ('question' in record || 'augmented_question' in record || Object.keys(record).length === 1) &&
      (record.intermediate_steps.some(isMemoryMessage) || record.intermediate_steps.some(isActionStep))),
  parse: fromSmolagents,
  turnFields: ['steps', 'intermediate_steps', 'question', 'augmented_question', 'prediction', 'answer', 'output'],
  kept: [
    'state',
    'token_usage',
    'timing',
    'agent_name',
    'model_id',
    'agent_action_type',
    'original_question',
    'true_answer',
    'source',
    'task',
    'task_id',
    'parsing_error',
    'iteration_limit_exceeded',
    'agent_error',
    'start_time',
    'end_time',
    'token_counts',
  ],
  container: {
    // A JSON array of memory steps is one run.
    events: {
      detect: (first) => isFirstStep(first) || isWrittenMessage(first),
      record: (events) => (isFirstStep(events[0]) ? { steps: events } : { intermediate_steps: events }),
    },
  },
});
