// Read from cline/cline at v3.0.0 (src/core/Cline.ts: the task's first message `<task>…</task>`,
// addToApiConversationHistory, pushToolResult; src/core/storage/disk.ts: api_conversation_history.json
// and ui_messages.json in the task's folder) and v3.89.2 (apps/vscode/src/shared/messages/content.ts:
// ClineStorageMessage with id, modelInfo, metrics, ts, and blocks with call_id, reasoning_details,
// signature, summary; native tool_use and tool_result), and RooCodeInc/Roo-Code at cb83656
// (src/core/task-persistence/apiMessages.ts: ApiMessage with ts, isSummary, condense and truncation
// marks, reasoning items, reasoning_content; src/core/task/Task.ts: `<user_message>` as the first text).
import type { Outcome, TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import { turnsFromMessages } from '../messages';
import { fromClineUiMessages, isUiMessage } from './cline-ui';
import { resultOpening, splitToolUses } from './cline-xml';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

type Message = Record<string, unknown>;
type Block = Record<string, unknown>;

/**
 * What Cline and Roo Code add to a block that no provider reads: the response it came from, reasoning
 * (read into the thought), a Gemini signature. A message's own additions (id, ts, modelInfo, metrics,
 * condense marks) are read where they say something (the model, the tokens) and not passed on.
 */
const BLOCK_BOOKKEEPING = ['call_id', 'reasoning_details', 'summary'];
/** Fields only Roo Code writes. */
const ROO_FIELDS = ['isSummary', 'condenseId', 'condenseParent', 'truncationId', 'truncationParent'];

const XML_NOTE =
  'Cline and Roo Code tool uses written as XML in the reply are read as calls, their parameters as arguments.';
const TEXT_RESULTS_NOTE =
  'Cline and Roo Code results written as text ("[tool for …] Result:" and the blocks after it) are paired with the calls of the reply before by tool name and order (the text gives no ids).';
const CONDENSE_NOTE =
  "Roo Code's condense and truncation marks are not kept: every message saved is a turn, including those a later summary replaced for the model.";

interface Reading {
  list: Message[];
  notes: Set<string>;
  models: string[];
  roo: boolean;
  /** The XML tool uses of the last reply, awaiting their results. */
  pending: { id: string; name: string }[];
  /** A Roo Code reasoning item, for the reply after it. */
  thinking?: string;
  completed: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const without = (value: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

/** Reasoning written beside a block or a message (reasoning_details, a summary list, reasoning_content). */
function reasoningOf(value: Record<string, unknown>): string {
  const pieces = [value.reasoning_details, value.summary].flatMap((list) =>
    Array.isArray(list) ? list.map((d) => (isObject(d) ? text(d.text) || text(d.summary) : text(d))) : [],
  );
  return [text(value.reasoning_content), ...pieces].filter((t) => t.trim()).join('\n\n');
}

const blocksOf = (content: unknown): Block[] =>
  typeof content === 'string'
    ? [{ type: 'text', text: content }]
    : Array.isArray(content)
      ? content.filter(isObject)
      : [];

/** A reply: XML tool uses in its text become tool_use blocks; reasoning beside it becomes a thinking block. */
function readReply(m: Message, index: number, reading: Reading): Message {
  const out: Block[] = [];
  const thoughts = [reading.thinking ?? '', reasoningOf(m)];
  reading.thinking = undefined;
  reading.pending = [];
  for (const block of blocksOf(m.content)) {
    thoughts.push(block.type === 'thinking' ? '' : reasoningOf(block));
    if (block.type === 'thinking' && !text(block.thinking) && reasoningOf(block))
      out.push({ type: 'thinking', thinking: reasoningOf(block) });
    else if (block.type === 'text') {
      const { said, thinking, uses } = splitToolUses(text(block.text));
      if (thinking) thoughts.push(thinking);
      if (said) out.push({ type: 'text', text: said });
      uses.forEach((use, k) => {
        const id = `xml_${index}_${k}`;
        reading.notes.add(XML_NOTE);
        reading.pending.push({ id, name: use.name });
        out.push({ type: 'tool_use', id, name: use.name, input: use.input });
      });
    } else
      out.push(without(block, block.type === 'thinking' ? BLOCK_BOOKKEEPING : [...BLOCK_BOOKKEEPING, 'signature']));
    // Cline answers some native calls with "[tool …] Result:" text instead of a tool_result block.
    if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string')
      reading.pending.push({ id: block.id, name: block.name });
  }
  if (reading.pending.some((c) => c.name === 'attempt_completion')) reading.completed = true;
  else reading.completed = false;
  const thought = thoughts.filter((t) => t.trim()).join('\n\n');
  const metrics = isObject(m.metrics) && isObject(m.metrics.tokens) ? m.metrics.tokens : undefined;
  const model = isObject(m.modelInfo) ? text(m.modelInfo.modelId) : '';
  if (model && !reading.models.includes(model)) reading.models.push(model);
  return {
    role: 'assistant',
    content: [...(thought ? [{ type: 'thinking', thinking: thought }] : []), ...out],
    ...(metrics ? { usage: { input_tokens: metrics.prompt, output_tokens: metrics.completion } } : {}),
  };
}

/**
 * A user message after XML tool uses: each "[name …] Result:" block opens the result of the
 * earliest pending call of that name, the blocks after it are its content, until the next result or
 * the environment details; what is left is the user's own message.
 */
function readUserMessage(m: Message, reading: Reading): Message {
  const results: Block[] = [];
  const rest: Block[] = [];
  let open: Block[] | undefined;
  for (const raw of blocksOf(m.content)) {
    const block = without(raw, [...BLOCK_BOOKKEEPING, 'signature']);
    if (block.type === 'tool_result') reading.pending = reading.pending.filter((c) => c.id !== block.tool_use_id);
    const body = block.type === 'text' ? text(block.text) : '';
    const opening = block.type === 'text' ? resultOpening(body) : null;
    const call = opening && (reading.pending.find((c) => c.name === opening.name) ?? reading.pending[0]);
    if (opening && call) {
      reading.notes.add(TEXT_RESULTS_NOTE);
      reading.pending = reading.pending.filter((c) => c !== call);
      open = [block];
      results.push({ type: 'tool_result', tool_use_id: call.id, content: open });
      if (opening.whole) open = undefined;
    } else if (open && !body.startsWith('<environment_details>') && block.type !== 'tool_result') open.push(block);
    else {
      open = undefined;
      rest.push(block);
    }
  }
  reading.pending = [];
  // A result's text blocks were separate blocks for the model: joined on lines, not run together.
  for (const result of results) {
    const blocks = result.content as Block[];
    if (blocks.every((b) => b.type === 'text')) result.content = blocks.map((b) => text(b.text)).join('\n');
  }
  return { role: 'user', content: [...results, ...rest] };
}

function readHistory(history: unknown[], reading: Reading): Message[] {
  const ignoredAt: number[] = [];
  history.forEach((m, i) => {
    if (!isObject(m)) return ignoredAt.push(i);
    if (ROO_FIELDS.some((key) => key in m)) {
      reading.roo = true;
      reading.notes.add(CONDENSE_NOTE);
    }
    if (m.type === 'reasoning' && m.role === undefined) {
      // Roo Code keeps a Responses reasoning item as an entry of its own, before the reply it led to.
      reading.roo = true;
      reading.thinking = reasoningOf(m) || undefined;
      return;
    }
    if (m.role === 'assistant') reading.list.push(readReply(m, i, reading));
    else if (m.role === 'user') reading.list.push(readUserMessage(m, reading));
    else ignoredAt.push(i);
  });
  return ignoredAt.map((i) => ({ index: i, message: history[i] }));
}

/** The first text of a Cline task is `<task>…</task>`; Roo Code's newer tasks open with `<user_message>`. */
function firstText(message: unknown): string {
  if (!isObject(message)) return '';
  const block = blocksOf(message.content).find((b) => b.type === 'text');
  return block ? text(block.text) : '';
}

/**
 * A Cline or Roo Code task's api_conversation_history.json: the Anthropic messages the model was
 * sent and gave, with the writer's own fields. Tool uses are native blocks (newer) or XML in the
 * text (older), results tool_result blocks or "[tool …] Result:" text; they become Anthropic
 * tool_use and tool_result blocks, and the list goes to the message layer.
 */
export function fromClineApiHistory(history: unknown[]): ParsedRecord {
  const reading: Reading = { list: [], notes: new Set(), models: [], roo: false, pending: [], completed: false };
  if (firstText(history[0]).startsWith('<user_message>')) reading.roo = true;
  const unread = readHistory(history, reading);
  const read = turnsFromMessages(reading.list, { shape: 'anthropic' });
  if (!read.turns.length) throw new RecordError('the task history holds no messages');
  if (read.turns.some((t) => t.role === 'user' && t.content?.includes('<slug>'))) reading.roo = true;
  const harness = reading.roo ? 'roo-code' : 'cline';
  const metadata: TrajectoryMetadata = {
    harness,
    ...(reading.models.length ? { model: reading.models[0] } : {}),
    ...(reading.models.length > 1 ? { models: reading.models } : {}),
    ...(unread.length ? { unread_messages: unread } : {}),
  };
  const outcome: Outcome | undefined = reading.completed
    ? { status: 'unknown', by: `${reading.roo ? 'Roo Code' : 'Cline'} attempt_completion`, value: null }
    : undefined;
  return {
    turns: read.turns,
    tools: [],
    ignored: read.ignored.map((path) => `api_conversation_history${path}`),
    ...(outcome ? { outcome } : {}),
    metadata,
    notes: [...reading.notes, ...read.notes],
  };
}

/**
 * The first message of a task's API history: the user's, its first text the task as Cline and Roo
 * Code wrap it (a plain chat log whose lines carry a timestamp is not taken for one).
 */
export const isApiHistoryStart = (value: unknown): boolean =>
  isObject(value) && value.role === 'user' && /^<(task|user_message)>/.test(firstText(value));

export const clineFormat = defineFormat({
  id: 'cline',
  label: 'Cline / Roo Code task',
  recognisedBy:
    "a JSON array of the task's messages (api_conversation_history.json, opening with <task> or <user_message>) or of its UI messages (ui_messages.json: ts, say/ask)",
  versions:
    'Cline 3.0–3.89 (XML tool uses and native tool calls) and Roo Code (cb83656, reasoning items and condense marks) task folders: api_conversation_history.json, ui_messages.json',
  detect: (record) =>
    (Array.isArray(record.api_conversation_history) && isApiHistoryStart(record.api_conversation_history[0])) ||
    (Array.isArray(record.ui_messages) && isUiMessage(record.ui_messages[0])),
  parse: (record) => {
    if (Array.isArray(record.api_conversation_history)) return fromClineApiHistory(record.api_conversation_history);
    if (Array.isArray(record.ui_messages)) return fromClineUiMessages(record.ui_messages);
    throw new RecordError('no "api_conversation_history" or "ui_messages": not a Cline task');
  },
  turnFields: ['api_conversation_history', 'ui_messages'],
  container: {
    events: {
      detect: (first) => isApiHistoryStart(first) || isUiMessage(first),
      record: (messages) =>
        isUiMessage(messages[0]) ? { ui_messages: messages } : { api_conversation_history: messages },
    },
  },
});
