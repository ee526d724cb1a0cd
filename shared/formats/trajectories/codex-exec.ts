// `codex exec --json` prints a run as ThreadEvents, one per line (openai/codex codex-rs/exec/src/exec_events.rs):
// thread.started {thread_id}, turn.started, item.started / item.updated / item.completed {item: {id, type, …}},
// turn.completed {usage}, turn.failed {error}, error {message}. Items: agent_message {text}, reasoning {text},
// command_execution {command, aggregated_output, exit_code, status}, file_change {changes, status}, mcp_tool_call
// {server, tool, arguments, result, error, status}, collab_tool_call, web_search {query}, todo_list {items}, error.
// The prompt is the command line's, not an event: the run begins with the agent.
import type { Outcome, ToolCall, Turn, TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import type { ParsedRecord } from './records';

type Item = Record<string, unknown>;

/** The first line `codex exec --json` prints: thread.started, with the thread's id. */
export const isExecStart = (value: unknown): boolean =>
  isObject(value) && value.type === 'thread.started' && typeof value.thread_id === 'string';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** An MCP tool's result as the agent got it: its text content, else its JSON. */
function mcpResult(item: Item): string | undefined {
  if (isObject(item.error)) return text(item.error.message) ?? JSON.stringify(item.error);
  if (!isObject(item.result)) return undefined;
  const parts = Array.isArray(item.result.content) ? item.result.content : [];
  const said = parts.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('');
  return said || JSON.stringify(item.result.structured_content ?? item.result);
}

/** The call a completed item is, and its result where the item holds one. */
function itemCall(item: Item, id: string): { call: ToolCall; result?: string } | null {
  switch (item.type) {
    case 'command_execution': {
      const exit = typeof item.exit_code === 'number' ? `\n[exit code ${item.exit_code}]` : '';
      return {
        call: { id, name: 'command_execution', args: { command: item.command } },
        result: `${text(item.aggregated_output) ?? ''}${exit}`,
      };
    }
    case 'file_change':
      return { call: { id, name: 'file_change', args: { changes: item.changes } }, result: text(item.status) ?? '' };
    case 'mcp_tool_call':
      return { call: { id, name: String(item.tool ?? ''), args: item.arguments ?? {} }, result: mcpResult(item) };
    case 'web_search':
      return {
        call: { id, name: 'web_search', args: { query: item.query, ...(item.action ? { action: item.action } : {}) } },
      };
    case 'todo_list':
      return { call: { id, name: 'todo_list', args: { items: item.items } } };
    case 'collab_tool_call': {
      const { id: _id, type: _type, status, ...args } = item;
      return { call: { id, name: String(item.tool ?? 'collab_tool_call'), args }, result: text(status) };
    }
    default:
      return null;
  }
}

/**
 * A `codex exec --json` run: each completed item in order; the agent's messages and reasoning make its
 * turns, each command, file change, MCP or web search call a call with its result, paired by item id.
 */
export function fromCodexExec(events: unknown[]): ParsedRecord {
  const turns: Turn[] = [];
  const metadata: TrajectoryMetadata = { harness: 'codex-cli' };
  const ignored: string[] = [];
  let outcome: Outcome | undefined;
  let open: Turn | undefined;
  const assistant = (): Turn => {
    if (!open || turns.at(-1) !== open) turns.push((open = { role: 'assistant' }));
    return open;
  };
  events.forEach((event, i) => {
    const at = `exec_events[${i}]`;
    if (!isObject(event)) return ignored.push(`${at} (not a JSON object)`);
    if (event.type === 'thread.started') metadata.session_id = event.thread_id;
    else if (event.type === 'turn.completed') {
      // The usage of all the turn's model calls together: no one assistant turn's tokens.
      ((metadata.usage ??= []) as unknown[]).push(event.usage);
      outcome = { status: 'unknown', by: 'codex exec', value: 'turn.completed' };
    } else if (event.type === 'turn.failed' || event.type === 'error') {
      const message = isObject(event.error) ? text(event.error.message) : text(event.message);
      ((metadata.errors ??= []) as unknown[]).push(message ?? event);
      outcome = { status: 'failure', by: `codex exec ${event.type}`, value: message ?? null };
    } else if (event.type === 'item.completed' && isObject(event.item)) {
      const item = event.item;
      const id = text(item.id) ?? `item_${i}`;
      if (item.type === 'agent_message') {
        const turn = assistant();
        turn.content = [turn.content, text(item.text)].filter((t) => t).join('\n\n');
      } else if (item.type === 'reasoning') {
        const turn = assistant();
        turn.thought = [turn.thought, text(item.text)].filter((t) => t).join('\n\n');
      } else if (item.type === 'error') ((metadata.errors ??= []) as unknown[]).push(item.message);
      else {
        const made = itemCall(item, id);
        if (!made) return ignored.push(`${at}.item`);
        const turn = assistant();
        (turn.toolCalls ??= []).push(made.call);
        if (made.result !== undefined) turns.push({ role: 'tool', content: made.result, toolCallId: id });
      }
    }
    // turn.started, item.started and item.updated say nothing a completed item does not.
  });
  return { turns, tools: [], ignored, ...(outcome ? { outcome } : {}), metadata };
}
