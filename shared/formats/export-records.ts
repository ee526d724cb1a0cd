import { isObject } from '../json';
import type { Tool, ToolCall, Turn } from '../domain';
import { planToWorkflowText } from '../plans';
import type { Outcome, PlanStep, TrajectoryMetadata } from '../domain';
import { MEDIA_COLUMNS, type Media } from './media';

/**
 * What an export does with an assistant turn's thought: `inline` writes it before the turn's
 * text as `<think>…</think>` (the convention reasoning templates read), `drop` leaves it out,
 * `field` writes it as `reasoning_content` (OpenAI chat only, for trainers that read that field).
 */
export const REASONING_MODES = ['inline', 'drop', 'field'] as const;
export type ReasoningMode = (typeof REASONING_MODES)[number];

/**
 * The ways each turn-writing format can write a thought, its default first (the registry in
 * export-formats.ts lists them per format). OpenAI's fine-tuning schema has no field for one, so
 * it is dropped unless asked; LLaMA-Factory's reasoning templates (and Hermes) read it inline.
 */
export const OPENAI_THOUGHTS: readonly ReasoningMode[] = ['drop', 'inline', 'field'];
export const SHAREGPT_THOUGHTS: readonly ReasoningMode[] = ['inline', 'drop'];
export const HERMES_THOUGHTS: readonly ReasoningMode[] = ['inline', 'drop'];

/** LLaMA-Factory's thought words (its templates' default `thought_words`). */
export const THINK_OPEN = '<think>\n';
export const THINK_CLOSE = '\n</think>\n\n';
const LEADING_THOUGHT = /^<think>\n?([\s\S]*?)\n?<\/think>\n*/;

/** `text` with `thought` before it in LLaMA-Factory's convention. */
export const withThought = (thought: string, text: string) => `${THINK_OPEN}${thought}${THINK_CLOSE}${text}`;

/** A text's leading `<think>…</think>` parted from the rest (as LLaMA-Factory's formatter parts them). */
export function splitThought(text: string): { thought?: string; rest: string } {
  const match = LEADING_THOUGHT.exec(text);
  return match ? { thought: match[1]!, rest: text.slice(match[0].length) } : { rest: text };
}

/** The thought an assistant turn writes under `mode` (a tool turn's thought is Trellis's note, never written). */
const thoughtOf = (t: Turn, mode: ReasoningMode) => (t.role === 'assistant' && mode !== 'drop' ? t.thought : undefined);

/**
 * Tool results in the order of the calls they answer (paired by call id), for formats that
 * pair a result with its call by position; results answering no listed call keep their place
 * after them.
 */
export function inCallOrder<T extends Pick<Turn, 'toolCallId'>>(
  results: readonly T[],
  calls: readonly ToolCall[],
): T[] {
  const rank = new Map(calls.map((c, i) => [c.id, i]));
  const at = (r: T) => rank.get(r.toolCallId ?? '') ?? calls.length;
  return results
    .map((r, i) => ({ r, i }))
    .sort((a, b) => at(a.r) - at(b.r) || a.i - b.i)
    .map(({ r }) => r);
}

type Declared = Pick<Tool, 'name' | 'description' | 'parameters'>;

/** What an exporter needs of one trajectory. */
export interface ExportItem {
  id: string;
  turns: Turn[];
  tools: Declared[];
  /** 0 on assistant turns the review marked as not to learn from; 1 otherwise. */
  weights?: (0 | 1)[];
  /** The plan the run followed, for WorfBench planning data. */
  plan?: PlanStep[] | null;
  /** The run's verdict and the record's metadata, written where the format has a place for them. */
  outcome?: Outcome | null;
  metadata?: TrajectoryMetadata;
  /** Images, videos and audios the record refers to (LLaMA-Factory's media columns). */
  media?: Media;
  /** What to do with thoughts; the format's default (the first of its `reasoning` in EXPORT_FORMATS) when absent. */
  reasoning?: ReasoningMode;
}

const argumentsText = (args: unknown) => (typeof args === 'string' ? args : JSON.stringify(args ?? {}));

/**
 * Whether `argumentsText(args)` is the JSON text of an object by construction, with no need to
 * parse it back: none (`{}`), or an object with no `toJSON` of its own to write it otherwise.
 * A string is written as it is, and only parsing tells what it holds.
 */
const writesObject = (args: unknown) =>
  args === undefined ||
  args === null ||
  (isObject(args) && typeof (args as { toJSON?: unknown }).toJSON !== 'function');

/**
 * OpenAI chat JSONL (the fine-tuning schema): `arguments` as a JSON string, a `weight` (0/1) on
 * every assistant message and nowhere else; the trajectory's tools as OpenAI functions. Thoughts
 * are dropped (the schema has no field), or written inline or as `reasoning_content` when asked.
 * `objectArguments`, when given, gets each call's `function` whose arguments are the JSON text of
 * an object by construction, for the format's checks (`RuleContext.objectArguments`).
 */
export function toOpenAI(item: ExportItem, objectArguments?: Set<object>): object {
  const mode = item.reasoning ?? OPENAI_THOUGHTS[0]!;
  const messages = item.turns.map((t, i) => {
    const m: Record<string, unknown> = { role: t.role };
    const thought = thoughtOf(t, mode);
    if (thought && mode === 'inline') m.content = withThought(thought, t.content ?? '');
    else if (t.content !== undefined) m.content = t.content;
    if (thought && mode === 'field') m.reasoning_content = thought;
    if (t.toolCalls?.length)
      m.tool_calls = t.toolCalls.map((c) => {
        const fn = { name: c.name, arguments: argumentsText(c.args) };
        if (objectArguments && writesObject(c.args)) objectArguments.add(fn);
        return { id: c.id, type: 'function', function: fn };
      });
    if (t.toolCallId) m.tool_call_id = t.toolCallId;
    if (t.role === 'assistant') m.weight = item.weights?.[i] ?? 1;
    return m;
  });
  return item.tools.length
    ? {
        messages,
        tools: item.tools.map((t) => ({
          type: 'function',
          function: { name: t.name, description: t.description, parameters: t.parameters },
        })),
      }
    : { messages };
}

/** How LLaMA-Factory joins the results of parallel calls into one observation (its OpenAI converter). */
export const SHAREGPT_RESULT_SEPARATOR = '\n</tool_response>\n<tool_response>\n';

/**
 * LLaMA-Factory ShareGPT: an optional leading `system` turn (read by LLaMA-Factory's default
 * tags without a column in `dataset_info.json`), then human/observation at odd positions and
 * gpt/function_call at even ones; `function_call` as a JSON string `{name, arguments}` (a list
 * for parallel calls), whose results are one observation joined as LLaMA-Factory joins them, in
 * the order of the calls (the format has no call ids: position pairs them). A record may end on
 * its function_call. Thoughts go before the gpt text or the call JSON as LLaMA-Factory's
 * reasoning templates read them (`<think>\n…\n</think>\n\n`); text said beside calls goes in
 * the function_call's thought block (see `thoughtBesideCalls`), whatever the reasoning mode.
 * `tools` is always present, a JSON string ("" when the trajectory declares none), so every
 * record of a file has the same columns; media are LLaMA-Factory's `images` / `videos` /
 * `audios` columns.
 */
export function toShareGPT(item: ExportItem): object {
  const mode = item.reasoning ?? SHAREGPT_THOUGHTS[0]!;
  const system = item.turns.find((t) => t.role === 'system')?.content;
  const conversations: { from: string; value: string }[] = system ? [{ from: 'system', value: system }] : [];
  let results: Turn[] = [];
  let calls: ToolCall[] = [];
  const flush = () => {
    if (results.length)
      conversations.push({
        from: 'observation',
        value: inCallOrder(results, calls)
          .map((r) => r.content ?? '')
          .join(SHAREGPT_RESULT_SEPARATOR),
      });
    results = [];
  };
  for (const t of item.turns) {
    if (t.role === 'system') continue;
    if (t.role === 'tool') {
      results.push(t);
      continue;
    }
    flush();
    const thought = thoughtOf(t, mode);
    const said = (text: string) => (thought ? withThought(thought, text) : text);
    if (t.role === 'user') conversations.push({ from: 'human', value: t.content ?? '' });
    else if (t.toolCalls?.length) {
      calls = t.toolCalls;
      const json = calls.map((c) => ({ name: c.name, arguments: c.args }));
      const before = thoughtBesideCalls(thought, t.content);
      const value = JSON.stringify(json.length === 1 ? json[0] : json);
      conversations.push({ from: 'function_call', value: before ? withThought(before, value) : value });
    } else conversations.push({ from: 'gpt', value: said(t.content ?? '') });
  }
  flush();
  const tools = item.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  const metadata = Object.fromEntries(
    Object.entries(item.metadata ?? {}).filter(([key]) => !(MEDIA_COLUMNS as readonly string[]).includes(key)),
  );
  return {
    conversations,
    tools: tools.length ? JSON.stringify(tools) : '',
    ...Object.fromEntries(MEDIA_COLUMNS.filter((c) => item.media?.[c]?.length).map((c) => [c, item.media![c]])),
    ...(item.outcome ? { outcome: JSON.stringify(item.outcome) } : {}),
    ...(Object.keys(metadata).length ? { metadata: JSON.stringify(metadata) } : {}),
  };
}

/**
 * What a ShareGPT function_call turn writes in its thought block: the thought (unless dropped),
 * then the text said beside the calls. LLaMA-Factory's converter wants gpt/function_call turns
 * to alternate with human/observation ones, so the text cannot be a gpt turn before the call; its
 * FunctionFormatter reads one leading `<think>…</think>` and then the calls' JSON, so the thought
 * block is the one place in the turn that keeps the words (read back, they are the turn's thought).
 */
function thoughtBesideCalls(thought: string | undefined, text: string | undefined): string | undefined {
  const said = text?.trim() ? text : undefined;
  return thought && said ? `${thought}\n\n${said}` : (thought ?? said);
}

/** Whether an assistant turn says something beside its calls (text that ShareGPT writes in the call's thought block). */
export const textBesideCalls = (t: Turn) => t.role === 'assistant' && !!t.toolCalls?.length && !!t.content?.trim();

/** Whether a ShareGPT record carries tools, so that its file's `dataset_info.json` entry declares the column. */
export const shareGPTCarriesTools = (record: object) => (record as { tools?: unknown }).tools !== '';

/** The media columns a ShareGPT record carries, so that its file's `dataset_info.json` entry declares them. */
export const shareGPTMediaColumns = (record: object) =>
  MEDIA_COLUMNS.filter((c) => Array.isArray((record as Record<string, unknown>)[c]));

/**
 * The `dataset_info.json` entry LLaMA-Factory needs to read a ShareGPT file; it declares the
 * `tools` column only when the file's records carry tools, and each media column they carry.
 */
export function shareGPTDatasetInfo(
  name: string,
  fileName: string,
  withTools: boolean,
  media: readonly string[] = [],
): Record<string, object> {
  return {
    [name]: {
      file_name: fileName,
      formatting: 'sharegpt',
      columns: {
        messages: 'conversations',
        ...(withTools ? { tools: 'tools' } : {}),
        ...Object.fromEntries(media.map((c) => [c, c])),
      },
    },
  };
}

/**
 * Hermes function calling in ChatML turns: tools inside `<tools>` in the system prompt, calls as
 * `<tool_call>{"arguments": …, "name": …}</tool_call>`, results as `<tool_response>` in tool
 * turns in the order of the calls, and thoughts (unless dropped) as a leading `<think>…</think>`.
 */
export function toHermes(item: ExportItem): object {
  const mode = item.reasoning ?? HERMES_THOUGHTS[0]!;
  const tools = item.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
  const existingSystem = item.turns.find((t) => t.role === 'system')?.content ?? '';
  const system = `${existingSystem ? `${existingSystem}\n\n` : ''}<tools>\n${JSON.stringify(tools)}\n</tools>`;
  const conversations: { from: string; value: string }[] = [{ from: 'system', value: system }];
  const names = new Map(item.turns.flatMap((t) => t.toolCalls ?? []).map((c) => [c.id, c.name]));
  for (const t of resultsInCallOrder(item.turns)) {
    if (t.role === 'system') continue;
    if (t.role === 'user') conversations.push({ from: 'human', value: t.content ?? '' });
    else if (t.role === 'tool') {
      const response = JSON.stringify({ name: names.get(t.toolCallId ?? '') ?? '', content: parseOr(t.content ?? '') });
      conversations.push({ from: 'tool', value: `<tool_response>\n${response}\n</tool_response>` });
    } else {
      const parts = [
        thoughtOf(t, mode) ? `<think>${t.thought}</think>` : '',
        t.content ?? '',
        ...(t.toolCalls ?? []).map(
          (c) => `<tool_call>\n${JSON.stringify({ arguments: c.args, name: c.name })}\n</tool_call>`,
        ),
      ];
      conversations.push({ from: 'gpt', value: parts.filter(Boolean).join('\n') });
    }
  }
  return { id: item.id, conversations };
}

/**
 * WorfBench planning data: the intent as the user turn and the workflow as the assistant turn,
 * from the run's plan, or from the calls in order when there is no plan.
 */
export function toWorkflowItem(item: ExportItem): object {
  const intent = item.turns.find((t) => t.role === 'user')?.content ?? '';
  const steps: PlanStep[] =
    item.plan ??
    item.turns
      .flatMap((t) => t.toolCalls ?? [])
      .map((c, i) => ({
        id: `s${i + 1}`,
        tool: c.name,
        args: isObject(c.args) ? c.args : {},
        dependsOn: i ? [`s${i}`] : [],
      }));
  const tools = item.tools.map((t) => `${t.name}: ${t.description}`).join('\n');
  return {
    source: 'trellis',
    id: item.id,
    target: 'graph',
    conversations: [
      { role: 'system', content: `Plan a workflow with these tools:\n${tools}` },
      { role: 'user', content: intent },
      { role: 'assistant', content: planToWorkflowText(steps) },
    ],
  };
}

/** The turns with each run of tool results put in the order of the calls before it. */
function resultsInCallOrder(turns: readonly Turn[]): Turn[] {
  const out: Turn[] = [];
  let calls: ToolCall[] = [];
  for (let i = 0; i < turns.length;) {
    const t = turns[i]!;
    if (t.role !== 'tool') {
      if (t.toolCalls?.length) calls = t.toolCalls;
      out.push(t);
      i++;
      continue;
    }
    let end = i;
    while (turns[end]?.role === 'tool') end++;
    out.push(...inCallOrder(turns.slice(i, end), calls));
    i = end;
  }
  return out;
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
