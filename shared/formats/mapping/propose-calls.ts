import type { TrajectoryMapping, TextCallStyle } from './schema';
import { isObject } from '../../json';
import { selectAll } from './path';
import { callOf } from './text-calls';

/** What a proposal guesses of a run's calls and results from its messages (see `propose.ts`). */

const CALL_FIELDS = ['tool_calls', 'function_call', 'calls', 'actions', 'tool_call', 'tools_called'];
const CALL_ID_FIELDS = ['tool_call_id', 'call_id', 'toolCallId', 'tool_use_id', 'id'];
const CALL_ID_KEYS = ['id', 'call_id', 'tool_call_id', 'toolUseId', 'tool_use_id'];

/** Where the messages' calls are: a field holding call objects, or the text in one of the styles read. */
export function callsGuess(
  messages: Record<string, unknown>[],
  fields: string[],
  role: string,
  content: string,
): { calls?: NonNullable<TrajectoryMapping['calls']> } {
  for (const field of CALL_FIELDS.filter((f) => fields.includes(f))) {
    const calls = messages.flatMap((m) => (Array.isArray(m[field]) ? m[field] : m[field] ? [m[field]] : []));
    const first = calls.find(isObject);
    if (!first || !callOf(first)) continue;
    const nested = isObject(first.function);
    const fn = isObject(first.function) ? first.function : first;
    const nameKey = ['name', 'tool', 'tool_name', 'action'].find((k) => typeof fn[k] === 'string');
    const argsKey =
      ['arguments', 'args', 'parameters', 'input', 'tool_input', 'action_input'].find((k) => fn[k] !== undefined) ??
      'arguments';
    const prefix = nested ? 'function.' : '';
    const idKey = CALL_ID_KEYS.find((k) => typeof first[k] === 'string');
    return {
      calls: {
        from: 'field' as const,
        path: field,
        name: `${prefix}${nameKey ?? 'name'}`,
        args: `${prefix}${argsKey}`,
        ...(idKey ? { id: idKey } : {}),
      },
    };
  }
  const texts = messages.map((m) => textIn(m[content])).filter((t) => t && role);
  const style: TextCallStyle | null = texts.some((t) => /<tool_call>/.test(t))
    ? 'tool_call_tag'
    : texts.some((t) => /^\s*Action\s*:/m.test(t) && /^\s*Action Input\s*:/m.test(t))
      ? 'react'
      : texts.some((t) => /^\s*[[{][\s\S]*"(name|action)"\s*:/.test(t))
        ? 'json'
        : null;
  return style ? { calls: { from: 'text' as const, style } } : {};
}

const OWN_NAME_KEYS = ['api_name', 'tool_name', 'function_name', 'tool', 'action'];
const OWN_ARGS_KEYS = ['param_dict', 'arguments', 'args', 'parameters', 'tool_input', 'action_input', 'input'];
const HELD_RESULT_KEYS = ['result', 'observation', 'output', 'response', 'return_value'];

/**
 * Messages that are themselves calls, naming a tool and its arguments at their top level
 * (API-Bank's `{"role": "API", "api_name", "param_dict", "result"}`), and the result they hold.
 */
export function ownCallsGuess(messages: Record<string, unknown>[]) {
  for (const nameKey of OWN_NAME_KEYS) {
    const callers = messages.filter((m) => typeof m[nameKey] === 'string');
    const argsKey = OWN_ARGS_KEYS.find((k) => k !== nameKey && callers.some((m) => m[k] !== undefined));
    if (!callers.length || !argsKey) continue;
    const held = HELD_RESULT_KEYS.find((k) => callers.some((m) => m[k] !== undefined));
    const results = held ? callers.map((m) => m[held]) : [];
    const withOutput = results.filter((r) => isObject(r) && 'output' in r).length;
    return {
      callers,
      mapping: {
        calls: { from: 'field' as const, path: '$', name: nameKey, args: argsKey },
        ...(held ? { results: { in: held, ...(withOutput > results.length / 2 ? { content: 'output' } : {}) } } : {}),
      },
    };
  }
  return null;
}

/** The field of tool messages holding the ids of the calls they answer: one whose values are those ids, or a usual name. */
export function resultsGuess(
  toolMessages: Record<string, unknown>[],
  fields: string[],
  calls: ReturnType<typeof callsGuess>['calls'],
  assistant: Record<string, unknown>[],
) {
  const ids = new Set<string>();
  if (calls?.from === 'field' && calls.id)
    for (const m of assistant)
      for (const c of selectAll(m, calls.path).flat()) {
        const id = selectAll(c, calls.id)[0];
        if (typeof id === 'string' || typeof id === 'number') ids.add(String(id));
      }
  const byValue = ids.size ? fields.find((f) => toolMessages.some((m) => ids.has(String(m[f])))) : undefined;
  const field =
    byValue ?? CALL_ID_FIELDS.find((f) => fields.includes(f) && toolMessages.some((m) => m[f] !== undefined));
  return field ? { results: { callId: field } } : {};
}

/** The text in a field: a string, parts with `text`, or a list of them. */
export function textIn(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textIn).join('\n');
  if (isObject(value) && typeof value.text === 'string') return value.text;
  return '';
}
