// The software-agent-sdk's own shapes as Chat messages, for the message layer: its content parts and
// MessageToolCall (llm/message.py), the thought beside a reply, what an observation showed the agent
// (tool/schema.py Observation.to_llm_content, tools/terminal/definition.py), and its tool definitions
// (tool/tool.py ToolDefinition, dumped without the parameter schema).
import type { DeclaredTool } from '../../domain';
import { isObject } from '../../json';

export const ERROR_HEADER = '[An error occurred during execution.]\n';

export const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** OpenHands content parts (`{type: "text", text, cache_prompt}`, `{type: "image", image_urls}`) as Chat parts. */
export function chatParts(content: unknown): unknown[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) => {
    if (!isObject(part)) return [];
    if (part.type === 'text') return [{ type: 'text', text: text(part.text) }];
    if (part.type === 'image' && Array.isArray(part.image_urls))
      return part.image_urls.map((url) => ({ type: 'image_url', image_url: { url } }));
    return [part];
  });
}

export const partsText = (content: unknown) =>
  chatParts(content)
    .map((p) => (isObject(p) && p.type === 'text' ? text(p.text) : '[image]'))
    .join('');

/** The thought a reply carries: reasoning content, thinking blocks, or a Responses reasoning item's summary. */
export function thoughtFields(event: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof event.reasoning_content === 'string' && event.reasoning_content)
    out.reasoning_content = event.reasoning_content;
  else if (Array.isArray(event.thinking_blocks) && event.thinking_blocks.length)
    out.thinking_blocks = event.thinking_blocks;
  else if (isObject(event.responses_reasoning_item)) {
    const item = event.responses_reasoning_item;
    const summary = [item.summary, item.content].flatMap((l) => (Array.isArray(l) ? l.map(text) : [])).filter(Boolean);
    if (summary.length) out.reasoning_content = summary.join('\n\n');
  }
  return out;
}

/** A MessageToolCall (`{id, name, arguments, origin}`) as a Chat tool call. */
export function chatCall(call: unknown, event: Record<string, unknown>): Record<string, unknown> {
  const c = isObject(call) ? call : {};
  return {
    id: typeof c.id === 'string' ? c.id : text(event.tool_call_id),
    type: 'function',
    function: { name: typeof c.name === 'string' ? c.name : text(event.tool_name), arguments: c.arguments ?? '{}' },
  };
}

/** What the agent was shown of an observation (Observation.to_llm_content; a terminal's, with its PS1 metadata). */
export function observationText(observation: unknown): { shown: string; terminal: boolean } {
  const obs = isObject(observation) ? observation : {};
  const legacyError = typeof obs.error === 'string' && obs.error ? obs.error : undefined;
  const isError = obs.is_error === true || obs.error === true || legacyError !== undefined;
  let shown = Array.isArray(obs.content)
    ? partsText(obs.content)
    : (legacyError ?? (text(obs.output) || text(obs.content) || text(obs.message)));
  const meta = isObject(obs.metadata) ? obs.metadata : undefined;
  const terminal = meta !== undefined && /Terminal|ExecuteBash/.test(text(obs.kind));
  if (meta && terminal) {
    shown = `${text(meta.prefix)}${shown}${text(meta.suffix)}`;
    if (meta.working_dir) shown += `\n[Current working directory: ${text(meta.working_dir)}]`;
    if (meta.py_interpreter_path) shown += `\n[Python interpreter: ${text(meta.py_interpreter_path)}]`;
    if (typeof meta.exit_code === 'number' && meta.exit_code !== -1)
      shown += `\n[Command finished with exit code ${meta.exit_code}]`;
  }
  return { shown: isError && !legacyError ? `${ERROR_HEADER}${shown}` : shown, terminal };
}

/** ToolDefinition dumps (`{description, action_type, kind, title}`): the name is the title, or the class name in snake case without `_tool`. */
export function toolDefinitions(tools: unknown[]): DeclaredTool[] {
  return tools.filter(isObject).flatMap((tool) => {
    const fromKind = text(tool.kind)
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/_tool$/, '');
    const name = text(tool.title) || fromKind;
    return name ? [{ name, description: text(tool.description), parameters: {} }] : [];
  });
}
