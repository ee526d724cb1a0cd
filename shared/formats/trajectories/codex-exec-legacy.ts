// `codex exec --json` before ThreadEvents (rust-v0.1 to 0.4x, codex-rs/exec/src/event_processor_with_json_output.rs):
// the config summary (create_config_summary_entries: workdir, model, provider, approval, sandbox, reasoning …),
// then {prompt}, then each protocol Event as {id, msg: EventMsg} (deltas left out): agent_message {message},
// agent_reasoning {text}, exec_command_begin {call_id, command, cwd} and exec_command_end {call_id, stdout, stderr,
// aggregated_output, formatted_output, exit_code}, patch_apply_begin {call_id, changes} and patch_apply_end
// {call_id, stdout, stderr, success}, mcp_tool_call_begin / _end {call_id, invocation: {server, tool, arguments},
// result: {Ok} | {Err}}, web_search_begin / _end {call_id, query}, token_count, task_complete, error.
import type { Outcome, Turn, TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import { openAssistantTurn, type ParsedRecord } from './records';

type Msg = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The config summary `codex exec --json` printed first: string values under the summary's names. */
export const isLegacyExecStart = (value: unknown): boolean =>
  isObject(value) &&
  ['workdir', 'model', 'approval', 'sandbox'].every((k) => typeof value[k] === 'string') &&
  Object.values(value).every((v) => typeof v === 'string');

/** The call a begin event starts: its tool and what it was asked. */
function beginCall(msg: Msg): { name: string; args: unknown } | null {
  const invocation = isObject(msg.invocation) ? msg.invocation : {};
  if (msg.type === 'exec_command_begin') return { name: 'exec_command', args: { command: msg.command, cwd: msg.cwd } };
  if (msg.type === 'patch_apply_begin') return { name: 'apply_patch', args: { changes: msg.changes } };
  if (msg.type === 'mcp_tool_call_begin')
    return { name: String(invocation.tool ?? 'mcp'), args: invocation.arguments ?? {} };
  if (msg.type === 'web_search_begin') return { name: 'web_search', args: { query: msg.query } };
  return null;
}

/** What an end event says the tool returned, as the agent got it. */
function endResult(msg: Msg): string | null {
  if (msg.type === 'exec_command_end') {
    const output =
      text(msg.formatted_output) ??
      text(msg.aggregated_output) ??
      [text(msg.stdout), text(msg.stderr)].filter((t) => t).join('\n');
    return typeof msg.exit_code === 'number' ? `${output}\n[exit code ${msg.exit_code}]` : output;
  }
  if (msg.type === 'patch_apply_end') return [text(msg.stdout), text(msg.stderr)].filter((t) => t).join('\n');
  if (msg.type === 'mcp_tool_call_end') {
    const result = isObject(msg.result) ? msg.result : {};
    if (result.Err !== undefined) return text(result.Err) ?? JSON.stringify(result.Err);
    const ok = isObject(result.Ok) ? result.Ok : result;
    const parts = Array.isArray(ok.content) ? ok.content : [];
    return parts.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : '')).join('') || JSON.stringify(ok);
  }
  if (msg.type === 'web_search_end') return text(msg.query) ?? '';
  return null;
}

/**
 * A run printed by the `codex exec --json` before ThreadEvents: the prompt, the agent's messages and
 * reasoning, each command, patch, MCP call and search paired with its end by call_id.
 */
export function fromLegacyExec(lines: unknown[]): ParsedRecord {
  const turns: Turn[] = [];
  const metadata: TrajectoryMetadata = { harness: 'codex-cli' };
  const ignored: string[] = [];
  let outcome: Outcome | undefined;
  const assistant = () => openAssistantTurn(turns);
  lines.forEach((line, i) => {
    const at = `exec_events[${i}]`;
    if (!isObject(line)) return ignored.push(`${at} (not a JSON object)`);
    if (i === 0 && isLegacyExecStart(line)) {
      metadata.config = line;
      metadata.model = line.model;
      return;
    }
    if (typeof line.prompt === 'string') return turns.push({ role: 'user', content: line.prompt });
    const msg = isObject(line.msg) ? line.msg : undefined;
    if (!msg) return ignored.push(at);
    const said = msg.type === 'agent_message' ? text(msg.message) : undefined;
    const thought = msg.type === 'agent_reasoning' ? text(msg.text) : undefined;
    const call = beginCall(msg);
    const result = endResult(msg);
    if (said !== undefined) {
      const turn = assistant();
      turn.content = [turn.content, said].filter((t) => t).join('\n\n');
    } else if (thought !== undefined) {
      const turn = assistant();
      turn.thought = [turn.thought, thought].filter((t) => t).join('\n\n');
    } else if (call) (assistant().toolCalls ??= []).push({ id: String(msg.call_id ?? at), ...call });
    else if (result !== null) turns.push({ role: 'tool', toolCallId: String(msg.call_id ?? ''), content: result });
    else if (msg.type === 'session_configured') {
      if (msg.session_id !== undefined) metadata.session_id = msg.session_id;
      if (typeof msg.model === 'string') metadata.model = msg.model;
    } else if (msg.type === 'token_count') ((metadata.usage ??= []) as unknown[]).push(msg.info ?? msg);
    else if (msg.type === 'task_complete') outcome = { status: 'unknown', by: 'Codex turn end', value: 'complete' };
    else if (msg.type === 'error') {
      const message = text(msg.message) ?? null;
      ((metadata.errors ??= []) as unknown[]).push(message);
      outcome = { status: 'failure', by: 'Codex error', value: message };
    }
    // Other events (task_started, background_event, turn_diff, approval requests…) are the UI's.
  });
  return { turns, tools: [], ignored, ...(outcome ? { outcome } : {}), metadata };
}
