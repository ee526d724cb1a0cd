import type { TurnRole } from '../../domain';
import { isObject } from '../../json';
import { pathText, selectAll, type Segment } from './path';
import { recordsAreMessages, type TrajectoryMapping } from './schema';
import { callsGuess, ownCallsGuess, resultsGuess, textIn } from './propose-calls';
import { runGuesses, scalarFields } from './propose-run';
import { detectMessageShape } from '../messages';
import { isPlainMessage } from '../messages/detect';

/** An array of message-like objects found in the records: where, and what its fields look like. */
export interface MessageArray {
  /** Where the runs are ("$": each record) and, inside a run, the messages. */
  runs: string;
  messages: string;
  /** Messages seen in all the records looked at. */
  count: number;
  /** Fields whose values are a few distinct strings, with those values and how often each came: role candidates. */
  roleFields: { field: string; values: { value: string; count: number }[] }[];
  /** Fields holding text, longest on average first, with one example each: content candidates. */
  contentFields: { field: string; example: string }[];
  /** Every field the messages have. */
  fields: string[];
  /** A few messages as they are (long strings clipped). */
  examples: unknown[];
}

/** A run's field with a scalar value: a pick for the outcome, the model or the task id. */
export interface RunField {
  path: string;
  examples: (string | number | boolean)[];
}

export interface MappingProposal {
  /** The best guess, to edit; null when the records hold no array of message-like objects. */
  mapping: TrajectoryMapping | null;
  /** Every array of message-like objects found, best first. */
  found: MessageArray[];
  /** The scalar fields of the runs the proposed mapping finds (for outcome, model, task id). */
  runFields: RunField[];
  /** Why there is no mapping, when there is none. */
  reason?: string;
}

const ROLE_NAMES: Record<TurnRole, readonly string[]> = {
  user: ['user', 'human', 'prompt', 'customer', 'input', 'question', 'usr', 'client'],
  assistant: ['assistant', 'ai', 'gpt', 'bot', 'model', 'agent', 'chatbot', 'completion', 'response', 'answer'],
  system: ['system', 'developer', 'instruction', 'instructions'],
  tool: ['tool', 'function', 'observation', 'tool_result', 'ipython', 'environment', 'env', 'obs', 'tool_response'],
};
const ROLE_FIELDS = ['role', 'from', 'speaker', 'author', 'sender', 'type', 'who', 'actor', 'source'];
const CONTENT_FIELDS = ['content', 'text', 'value', 'message', 'body', 'utterance', 'parts'];
const MAX_DEPTH = 6;
/** Fields that name or identify rather than say something: never a message's content. */
const IDENTIFIER = /(^|_)(id|type|name)$|[a-z](Id|Type)$/;

/**
 * Where the conversation probably is in records no reader claims: every array of objects that
 * look like messages (a field of a few distinct short strings, a field of text), ranked, and the
 * mapping the best one makes, with roles, calls, results, outcome, model and task id guessed.
 */
export function proposeMapping(records: readonly unknown[], name = 'my mapping'): MappingProposal {
  const arrays = new Map<string, { segments: Segment[]; items: Record<string, unknown>[] }>();
  for (const record of records) collectArrays(record, [], arrays, 0);
  const described = [...arrays.values()]
    .map(({ segments, items }) => describeArray(segments, items))
    .filter((a): a is MessageArray & { score: number; at: string } => a !== null);
  // The records themselves may be the messages of one run (a JSON array or JSONL of messages).
  const asMessages = records.every(isObject) ? describeArray([], records as Record<string, unknown>[]) : null;
  if (asMessages && roleScore(asMessages.roleFields[0]!) > 0) {
    // Then every array found lies inside a message (its content blocks, its calls).
    for (const inner of described) inner.score /= 4;
    described.push(asMessages);
  }
  // An array inside the elements of another (a message's content blocks) is rarely the conversation.
  for (const inner of described) if (described.some((outer) => inner.at.startsWith(`${outer.at}[*]`))) inner.score /= 4;
  const found = described.sort((a, b) => b.score - a.score).map(({ score: _, at: __, ...a }) => a);
  const best = found[0];
  if (!best)
    return { mapping: null, found, runFields: [], reason: 'no array of objects with a role field and a text field' };
  const mapping = mappingFor(best, records, name);
  const runs = recordsAreMessages(mapping)
    ? []
    : records.flatMap((r) => (mapping.runs === '$' ? [r] : selectAll(r, mapping.runs).flat()));
  const runFields = scalarFields(runs);
  return { mapping: { ...mapping, ...runGuesses(runFields) }, found, runFields };
}

/**
 * For records a reader claims: a mapping that leaves their turns to the reader and adds what it
 * guesses of outcome, model and task id from the records' own fields.
 */
export function proposeOverlay(
  records: readonly unknown[],
  name = 'my mapping',
): Pick<MappingProposal, 'mapping' | 'runFields'> {
  const runFields = scalarFields([...records]);
  return {
    mapping: {
      trellisMapping: 1,
      name,
      runs: '$',
      role: 'role',
      roles: {},
      content: 'content',
      ...runGuesses(runFields),
    },
    runFields,
  };
}

/** Every array of objects, by generalised path (`data[*].turns`), with its elements from all records. */
function collectArrays(
  value: unknown,
  at: Segment[],
  arrays: Map<string, { segments: Segment[]; items: Record<string, unknown>[] }>,
  depth: number,
) {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    const objects = value.filter(isObject);
    if (objects.length) {
      const key = pathText(at);
      const entry = arrays.get(key) ?? { segments: at, items: [] };
      if (entry.items.length < 2000) entry.items.push(...objects.slice(0, 200));
      arrays.set(key, entry);
    }
    for (const item of value.slice(0, 50)) collectArrays(item, [...at, { every: true }], arrays, depth + 1);
  } else if (isObject(value))
    for (const [key, child] of Object.entries(value)) collectArrays(child, [...at, { key }], arrays, depth + 1);
}

function describeArray(
  segments: Segment[],
  items: Record<string, unknown>[],
): (MessageArray & { score: number; at: string }) | null {
  const fields = [...new Set(items.flatMap((i) => Object.keys(i)))];
  const roleFields = fields
    .map((field) => ({ field, values: distinctStrings(items, field) }))
    .filter(({ values }) => values.length > 0 && values.length <= 8 && values.every((v) => v.value.length <= 40))
    .sort((a, b) => fieldRank(ROLE_FIELDS, a.field) - fieldRank(ROLE_FIELDS, b.field) || roleScore(b) - roleScore(a));
  const contentFields = fields
    .map((field) => ({ field, length: averageTextLength(items, field), example: exampleText(items, field) }))
    .filter(
      (f) => f.length > 0 && !IDENTIFIER.test(f.field) && !roleFields.slice(0, 1).some((r) => r.field === f.field),
    )
    .sort((a, b) => fieldRank(CONTENT_FIELDS, a.field) - fieldRank(CONTENT_FIELDS, b.field) || b.length - a.length)
    .map(({ field, example }) => ({ field, example }));
  if (!roleFields.length || !contentFields.length) return null;
  // The last `[*]` splits the path: what comes before is the runs, what follows the messages inside one.
  const split = segments.map((s) => 'every' in s).lastIndexOf(true);
  const runs = split < 0 ? '$' : pathText(segments.slice(0, split));
  const messages = pathText(segments.slice(split + 1));
  const score =
    // Role names Trellis knows weigh most: a field of "user"/"assistant" says more than many rows.
    items.length * (1 + 3 * roleScore(roleFields[0]!)) +
    (fieldRank(ROLE_FIELDS, roleFields[0]!.field) < ROLE_FIELDS.length ? items.length : 0);
  return {
    runs,
    messages,
    count: items.length,
    roleFields,
    contentFields,
    fields,
    examples: items.slice(0, 3).map(clipped),
    score,
    at: pathText(segments),
  };
}

function distinctStrings(items: Record<string, unknown>[], field: string) {
  const counts = new Map<string, number>();
  for (const item of items) {
    const v = item[field];
    if (typeof v !== 'string') continue;
    counts.set(v, (counts.get(v) ?? 0) + 1);
    if (counts.size > 8) break;
  }
  // A role field is on most messages: one on a few of them is something else.
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total < items.length * 0.8) return [];
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count);
}

/** How many of a field's values name a role Trellis knows. */
function roleScore({ values }: { values: { value: string }[] }): number {
  return values.filter((v) => knownRole(v.value)).length;
}

function knownRole(value: string): TurnRole | null {
  const lower = value.toLowerCase();
  return (Object.keys(ROLE_NAMES) as TurnRole[]).find((role) => ROLE_NAMES[role].includes(lower)) ?? null;
}

const fieldRank = (names: readonly string[], field: string) => {
  const i = names.indexOf(field);
  return i < 0 ? names.length : i;
};

function averageTextLength(items: Record<string, unknown>[], field: string): number {
  const texts = items.map((i) => textIn(i[field])).filter(Boolean);
  return texts.length ? texts.reduce((a, t) => a + t.length, 0) / items.length : 0;
}

function exampleText(items: Record<string, unknown>[], field: string): string {
  const text = items.map((i) => textIn(i[field])).find((t) => t.trim()) ?? '';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function clipped(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 199)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 5).map(clipped);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clipped(v)]));
  return value;
}

function mappingFor(best: MessageArray, records: readonly unknown[], name: string): TrajectoryMapping {
  const role = best.roleFields[0]!;
  const roles: TrajectoryMapping['roles'] = {};
  for (const { value } of role.values) {
    const r = knownRole(value);
    if (r) (roles[r] ??= []).push(value);
  }
  const content = best.contentFields[0]!.field;
  const messages =
    best.runs === '$' && best.messages === '$'
      ? [...records]
      : records.flatMap((r) =>
          (best.runs === '$' ? [r] : selectAll(r, best.runs).flat()).flatMap((run) =>
            selectAll(run, best.messages).flat(),
          ),
        );
  const objects = messages.filter(isObject);
  // Provider messages (calls in blocks, parts or tool_calls) are the message layer's to read whole.
  if (objects.length && objects.every((m) => detectMessageShape(m)) && !objects.every(isPlainMessage))
    return {
      trellisMapping: 1,
      name,
      runs: best.runs,
      messages: best.messages,
      shape: 'detect',
      role: 'role',
      roles: {},
      content: 'content',
    };
  const own = ownCallsGuess(objects);
  if (own) {
    // The messages that are calls are the model's: their role value is the assistant's.
    for (const value of new Set(own.callers.map((m) => m[role.field]).filter((v) => typeof v === 'string')))
      if (!Object.values(roles).some((names) => names.includes(value))) (roles.assistant ??= []).push(value);
    return {
      trellisMapping: 1,
      name,
      runs: best.runs,
      messages: best.messages,
      role: role.field,
      roles,
      content,
      ...own.mapping,
    };
  }
  const toolNames = new Set(roles.tool ?? []);
  const calls = callsGuess(objects, best.fields, role.field, content);
  return {
    trellisMapping: 1,
    name,
    runs: best.runs,
    messages: best.messages,
    role: role.field,
    roles,
    content,
    ...calls,
    ...resultsGuess(
      objects.filter((m) => toolNames.has(String(m[role.field]))),
      best.fields,
      calls.calls,
      objects.filter((m) => !toolNames.has(String(m[role.field]))),
    ),
  };
}
