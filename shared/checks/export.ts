import { isObject } from '../json';
import { parseWorkflow } from '../plans/workflow-text';
import { splitThought, type ReasoningMode } from '../formats/export-records';
import type { ExportFormat } from '../formats/export-formats';
import { describeMedia, hasMedia, mediaMismatches, type Media } from '../formats/media';
import { codesOf, problemMaker, type CodeRegistry, type Problem, type RecordWhere } from '../domain/problem';

/** The rules an exported record can break: the codes an export report counts by. All are errors (the record is left out). */
export const EXPORT_CODES = {
  empty: { severity: 'error', description: 'The record has no messages or turns.' },
  'no-user-message': { severity: 'error', description: 'The record has no user message.' },
  'role-order': { severity: 'error', description: "A turn's role is not where the trainer expects it." },
  'unpaired-tool-message': { severity: 'error', description: 'A tool message answers no open call.' },
  'unanswered-call': { severity: 'error', description: 'A tool call has no tool message after it.' },
  'bad-call': { severity: 'error', description: 'A tool call is not in the form the format asks for.' },
  'empty-answer': { severity: 'error', description: 'An answer turn is empty.' },
  'no-final-answer': {
    severity: 'error',
    description: 'The record does not end on an assistant turn (an answer, or a tool call).',
  },
  'unknown-field': { severity: 'error', description: "A message carries a field the format's schema does not define." },
  'media-mismatch': {
    severity: 'error',
    description: "The record's <image>/<video>/<audio> placeholders and its media differ in number.",
  },
  'media-not-carried': {
    severity: 'error',
    description: 'The record has images, videos or audios the format cannot carry.',
  },
  'tools-missing': { severity: 'error', description: 'The trajectory declares tools the record does not carry.' },
  'no-intent': { severity: 'error', description: 'A planning item has no user intent.' },
  'no-workflow': { severity: 'error', description: "A planning item's workflow has no node, or a node on no edge." },
} as const satisfies CodeRegistry<string>;
export type ExportCode = keyof typeof EXPORT_CODES;
export const EXPORT_CODE_LIST = codesOf(EXPORT_CODES);

/** A broken rule, with a sentence naming the message that breaks it. */
export type ExportProblem = Problem<ExportCode, RecordWhere>;

export interface RuleContext {
  /** Whether the trajectory declares tools, which the record must then carry. */
  toolsDeclared: boolean;
  /** The trajectory's images, videos and audios, which the record must carry or be refused. */
  media?: Media;
  /** How thoughts are written (`field` lets OpenAI records carry `reasoning_content`). */
  reasoning?: ReasoningMode;
  /**
   * The `function` objects of an OpenAI record whose `arguments` its exporter wrote as the JSON
   * text of an object (`toOpenAI` collects them): those are not parsed back to be checked.
   */
  objectArguments?: ReadonlySet<object>;
}

/** The rule of formats with no place for media: a record that has them is refused, in one line. */
function mediaNotCarried(format: string, context: RuleContext): ExportProblem[] {
  return context.media && hasMedia(context.media)
    ? [
        problem(
          'media-not-carried',
          `The record has ${describeMedia(context.media)}, which the ${format} format cannot carry; export it as ShareGPT.`,
        ),
      ]
    : [];
}

const make = problemMaker<ExportCode, RecordWhere>(EXPORT_CODES);
const problem = (code: ExportCode, message: string): ExportProblem => make(code, { at: 'record' }, message);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

function parsesTo(value: string, check: (parsed: unknown) => boolean): boolean {
  try {
    return check(JSON.parse(value));
  } catch {
    return false;
  }
}

const isCall = (c: unknown) => isObject(c) && typeof c.name === 'string' && c.name !== '' && isObject(c.arguments);
const isToolList = (t: unknown) => Array.isArray(t) && t.length > 0 && t.every((x) => isObject(x));

/**
 * The fields OpenAI's fine-tuning schema defines on each role's messages (`weight` on assistant
 * messages only).
 */
const OPENAI_MESSAGE_FIELDS: Record<string, readonly string[]> = {
  system: ['role', 'content', 'name'],
  developer: ['role', 'content', 'name'],
  user: ['role', 'content', 'name'],
  assistant: ['role', 'content', 'name', 'refusal', 'audio', 'tool_calls', 'function_call', 'weight'],
  tool: ['role', 'content', 'tool_call_id'],
  function: ['role', 'content', 'name'],
};

/**
 * OpenAI chat (the fine-tuning schema): only the fields each role defines, every `tool` message
 * answers a call an earlier assistant message left open (`tool_call_id`), every call is
 * answered before the conversation moves on, `arguments` are JSON strings of objects, and the
 * last message is the assistant's: an answer with content, or its tool calls (a complete
 * function-calling example, as OpenAI's guide has it).
 */
export function openAIProblems(record: unknown, context: RuleContext): ExportProblem[] {
  const messages = isObject(record) && Array.isArray(record.messages) ? record.messages : [];
  if (!messages.length) return [problem('empty', 'The record has no messages.')];
  const problems: ExportProblem[] = [...mediaNotCarried('OpenAI chat', context)];
  const extra = context.reasoning === 'field' ? ['reasoning_content'] : [];
  messages.forEach((m, i) => {
    const allowed = isObject(m) ? OPENAI_MESSAGE_FIELDS[String(m.role)] : undefined;
    if (!allowed || !isObject(m)) return;
    // Its keys gone through without a list made of them: every message of every record is checked.
    let unknown: string[] | undefined;
    for (const k in m) if (Object.hasOwn(m, k) && !allowed.includes(k) && !extra.includes(k)) (unknown ??= []).push(k);
    if (unknown)
      problems.push(
        problem(
          'unknown-field',
          `Message ${i + 1} (${String((m as { role: unknown }).role)}) carries ${unknown.map(quoted).join(', ')}, which OpenAI's fine-tuning schema does not define there.`,
        ),
      );
  });
  const open = new Set<string>();
  const unanswered = (before: string) => {
    problems.push(
      problem('unanswered-call', `Tool call ${[...open].map(quoted).join(', ')} has no tool message ${before}.`),
    );
    open.clear();
  };
  messages.forEach((m, i) => {
    const role = isObject(m) ? m.role : undefined;
    if (role === 'tool') {
      const id = isObject(m) ? m.tool_call_id : undefined;
      if (typeof id === 'string' && open.delete(id)) return;
      problems.push(
        problem(
          'unpaired-tool-message',
          `Message ${i + 1} (tool) answers ${typeof id === 'string' ? quoted(id) : 'no tool_call_id'}, which no earlier assistant message left open.`,
        ),
      );
      return;
    }
    if (open.size) unanswered(`before message ${i + 1}`);
    const calls = isObject(m) && role === 'assistant' && Array.isArray(m.tool_calls) ? m.tool_calls : [];
    calls.forEach((c, j) => {
      const fn = isObject(c) && isObject(c.function) ? c.function : null;
      const args = fn && typeof fn.arguments === 'string' ? fn.arguments : null;
      if (
        !isObject(c) ||
        typeof c.id !== 'string' ||
        typeof fn?.name !== 'string' ||
        !args ||
        !(context.objectArguments?.has(fn) || parsesTo(args, isObject))
      )
        problems.push(
          problem(
            'bad-call',
            `Message ${i + 1}, tool call ${j + 1} needs an id, a function name and arguments as a JSON string of an object.`,
          ),
        );
      else open.add(c.id);
    });
  });
  const last = messages.at(-1);
  const endsOnCalls =
    isObject(last) && last.role === 'assistant' && Array.isArray(last.tool_calls) && last.tool_calls.length > 0;
  // The last message's own calls are the example's target: nothing answers them.
  if (open.size && !endsOnCalls) unanswered('at the end');
  if (!messages.some((m) => isObject(m) && m.role === 'user'))
    problems.push(problem('no-user-message', 'The record has no user message.'));
  const answered = isObject(last) && last.role === 'assistant' && (endsOnCalls || text(last.content).trim() !== '');
  if (!answered)
    problems.push(
      problem(
        'no-final-answer',
        `The last message (${isObject(last) ? quoted(last.role) : 'none'}) is not an assistant answer with content or tool calls.`,
      ),
    );
  if (context.toolsDeclared && !isToolList(isObject(record) ? record.tools : undefined))
    problems.push(problem('tools-missing', 'The trajectory declares tools but the record carries no "tools" list.'));
  return problems;
}

const ODD = ['human', 'observation'];
const EVEN = ['gpt', 'function_call'];

/**
 * LLaMA-Factory ShareGPT (its SharegptDatasetConverter): after an optional leading system turn,
 * human or observation at odd positions and gpt or function_call at even ones, an even count
 * (so the record ends on the model's turn: a gpt answer or a function_call), every observation
 * right after a function_call and every function_call but a last one answered by one; a
 * function_call's value JSON after any leading thought (as its FunctionFormatter reads it);
 * `tools` a JSON string of the declared tools when the trajectory declares any; as many media
 * as placeholders (its multimodal plugin refuses a record where they differ).
 */
export function shareGPTProblems(record: unknown, context: RuleContext): ExportProblem[] {
  const all = isObject(record) && Array.isArray(record.conversations) ? record.conversations : [];
  const start = isObject(all[0]) && all[0].from === 'system' ? 1 : 0;
  const turns = all.slice(start).map((t) => (isObject(t) ? t : {}));
  if (!turns.length) return [problem('empty', 'The record has no conversation turns.')];
  const problems: ExportProblem[] = [];
  const at = (k: number) => `Turn ${k + start + 1}`;
  const wrongRole = turns.findIndex((t, k) => !(k % 2 ? EVEN : ODD).includes(text(t.from)));
  if (wrongRole >= 0)
    problems.push(
      problem(
        'role-order',
        `${at(wrongRole)} is from ${quoted(turns[wrongRole]!.from)}; LLaMA-Factory expects ${(wrongRole % 2 ? EVEN : ODD).join(' or ')} at position ${wrongRole + 1}.`,
      ),
    );
  turns.forEach((t, k) => {
    const previous = turns[k - 1]?.from;
    if (t.from === 'observation' && previous !== 'function_call')
      problems.push(problem('unpaired-tool-message', `${at(k)} (observation) does not follow a function_call.`));
    if (t.from === 'function_call') {
      const calls = parsesTo(splitThought(text(t.value)).rest, (v) =>
        Array.isArray(v) ? v.length > 0 && v.every(isCall) : isCall(v),
      );
      if (!calls)
        problems.push(
          problem('bad-call', `${at(k)} (function_call) is not a JSON {"name", "arguments"} or a list of them.`),
        );
      if (turns[k + 1] && turns[k + 1]!.from !== 'observation')
        problems.push(problem('unanswered-call', `${at(k)} (function_call) is not followed by an observation.`));
    }
    if (t.from === 'gpt' && !splitThought(text(t.value)).rest.trim())
      problems.push(problem('empty-answer', `${at(k)} (gpt) is empty.`));
  });
  const last = turns.at(-1)!;
  if (turns.length % 2 || !EVEN.includes(text(last.from)))
    problems.push(
      problem(
        'no-final-answer',
        `The conversation ends on ${quoted(last.from)} at turn ${all.length}, not on a gpt answer or a function_call.`,
      ),
    );
  if (context.media) {
    const texts = all
      .filter((t) => !(isObject(t) && t.from === 'system'))
      .map((t) => (isObject(t) ? text(t.value) : ''));
    for (const mismatch of mediaMismatches(texts, context.media))
      problems.push(problem('media-mismatch', `The record has ${mismatch}; LLaMA-Factory refuses it.`));
  }
  const tools = isObject(record) ? record.tools : undefined;
  if (context.toolsDeclared && !(typeof tools === 'string' && parsesTo(tools, isToolList)))
    problems.push(problem('tools-missing', 'The trajectory declares tools but "tools" is not a JSON string of them.'));
  return problems;
}

const blocks = (value: string, tag: string) =>
  [...value.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!.trim());

/**
 * Hermes function calling: a system turn with the `<tools>` list, then a human turn first;
 * each `<tool_call>` a JSON `{"arguments": {…}, "name": …}`, answered by as many
 * `<tool_response>` blocks (naming the tool) in the tool turns that follow; ends on a gpt turn:
 * an answer, or its tool calls.
 */
export function hermesProblems(record: unknown, context: RuleContext = { toolsDeclared: false }): ExportProblem[] {
  const all = isObject(record) && Array.isArray(record.conversations) ? record.conversations : [];
  const turns = all.map((t) => (isObject(t) ? t : {}));
  const problems: ExportProblem[] = [...mediaNotCarried('Hermes', context)];
  const system = turns[0]?.from === 'system' ? text(turns[0].value) : '';
  if (!blocks(system, 'tools').some((b) => parsesTo(b, Array.isArray)))
    problems.push(problem('tools-missing', 'The first turn is not a system prompt with a <tools> JSON list.'));
  const rest = turns.slice(turns[0]?.from === 'system' ? 1 : 0);
  if (!rest.length) return [...problems, problem('empty', 'The record has no turns after the system prompt.')];
  if (rest[0]!.from !== 'human')
    problems.push(
      problem('role-order', `The first turn after the system prompt is from ${quoted(rest[0]!.from)}, not human.`),
    );
  let pending = 0;
  rest.forEach((t, k) => {
    const at = `Turn ${k + all.length - rest.length + 1}`;
    const value = text(t.value);
    if (t.from === 'tool') {
      const responses = blocks(value, 'tool_response');
      if (
        !responses.length ||
        responses.length > pending ||
        !responses.every((r) => parsesTo(r, (v) => isObject(v) && text(v.name) !== ''))
      )
        problems.push(
          problem('unpaired-tool-message', `${at} (tool) has a <tool_response> that answers no open <tool_call>.`),
        );
      pending = Math.max(0, pending - responses.length);
      return;
    }
    if (pending)
      problems.push(
        problem('unanswered-call', `${pending} <tool_call> before ${at.toLowerCase()} got no <tool_response>.`),
      );
    pending = 0;
    if (t.from === 'gpt') {
      const calls = blocks(value, 'tool_call');
      if (!calls.every((c) => parsesTo(c, isCall)))
        problems.push(
          problem('bad-call', `${at} (gpt) has a <tool_call> that is not JSON {"arguments": {…}, "name": …}.`),
        );
      pending = calls.length;
      if (!calls.length && !value.replace(/<think>[\s\S]*?<\/think>/g, '').trim())
        problems.push(problem('empty-answer', `${at} (gpt) is empty.`));
    } else if (t.from !== 'human') problems.push(problem('role-order', `${at} is from ${quoted(t.from)}.`));
  });
  const last = rest.at(-1)!;
  // A last gpt turn's own calls are the example's target: nothing answers them.
  if (pending && last.from !== 'gpt')
    problems.push(problem('unanswered-call', `${pending} <tool_call> at the end got no <tool_response>.`));
  if (last.from !== 'gpt')
    problems.push(problem('no-final-answer', `The conversation ends on ${quoted(last.from)}, not on a gpt turn.`));
  return problems;
}

/** WorfBench planning items: an intent, and a workflow of at least one node, each node on an edge. */
export function workflowProblems(record: unknown, context: RuleContext = { toolsDeclared: false }): ExportProblem[] {
  const conversations = isObject(record) && Array.isArray(record.conversations) ? record.conversations : [];
  const content = (role: string) => {
    const turn = conversations.find((c) => isObject(c) && c.role === role);
    return isObject(turn) ? text(turn.content) : '';
  };
  const problems: ExportProblem[] = [...mediaNotCarried('WorfBench', context)];
  if (!content('user').trim()) problems.push(problem('no-intent', 'The item has no user intent.'));
  const workflow = parseWorkflow(content('assistant'));
  const inner = workflow.nodes.length - 2;
  if (inner < 1)
    return [...problems, problem('no-workflow', 'The workflow has no node: the trajectory makes no call.')];
  const onEdge = new Set(workflow.edges.flat());
  const loose = Array.from({ length: inner }, (_, i) => i + 1).filter((n) => !onEdge.has(n));
  if (loose.length) problems.push(problem('no-workflow', `Workflow node ${loose.join(', ')} is on no edge.`));
  return problems;
}

/** The rules of each export format, checked on the record exactly as it is written. */
export const EXPORT_RULES: Record<ExportFormat, (record: unknown, context: RuleContext) => ExportProblem[]> = {
  openai: openAIProblems,
  sharegpt: shareGPTProblems,
  hermes: hermesProblems,
  worfbench: workflowProblems,
};
