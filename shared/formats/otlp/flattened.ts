import { isObject } from '../../json';

/**
 * Attributes that flatten a list into dotted keys (`gen_ai.prompt.0.role`,
 * `llm.input_messages.1.message.tool_calls.0.tool_call.function.name`) as the nested value they
 * spell, numeric segments becoming list positions: `[{role}, {message: {tool_calls: [...]}}]`.
 * Returns the list and the keys it read.
 */
export function unflatten(attributes: Record<string, unknown>, prefix: string): { list: unknown[]; keys: string[] } {
  const root: Record<string, unknown> = {};
  const keys: string[] = [];
  const head = `${prefix}.`;
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(head)) continue;
    const path = key.slice(head.length).split('.');
    if (!/^\d+$/.test(path[0]!)) continue;
    keys.push(key);
    let node = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = isObject(node[segment]) ? (node[segment] as Record<string, unknown>) : (node[segment] = {});
    });
  }
  const list = toList(root);
  return { list: Array.isArray(list) ? list : [], keys };
}

/** Objects whose keys are all numbers become lists in that order, all the way down. */
function toList(node: unknown): unknown {
  if (!isObject(node)) return node;
  const entries = Object.entries(node);
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => toList(v));
  return Object.fromEntries(entries.map(([k, v]) => [k, toList(v)]));
}
