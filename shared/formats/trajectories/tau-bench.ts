/**
 * tau-bench (sierra-research/tau-bench, read at 59a200c, 2026-03-18): the results file
 * `tau_bench/run.py` writes, a JSON array of `EnvRunResult.model_dump()` —
 * `{task_id, reward, info, traj, trial}` (`tau_bench/types.py`) — and the published
 * `historical_trajectories/*.json` (7362a17), which have the same shape.
 *
 * `traj` is what the agent sent its model: the tool-calling and few-shot agents
 * (`agents/tool_calling_agent.py`, `few_shot_agent.py`) write litellm's `Message.model_dump()`
 * (content null beside `tool_calls`, of which only the first is kept) and tool messages with
 * `tool_call_id` and `name`; the act and react agents (`agents/chat_react_agent.py`) write plain
 * text, `Thought: … Action: {"name", "arguments"}`, the tools listed in the system prompt and each
 * result sent back as a user message `API output: …`. A run that raised has `traj: []` and
 * `info: {error, traceback}`. The reward is 1 when the run succeeded (`display_metrics`).
 */
import type { Outcome } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { fromOpenAI } from './openai';
import { declaredTools, RecordError, type ParsedRecord } from './records';

/** What `ChatReActAgent` puts around `json.dumps(tools_info)` in its system prompt. */
const REACT_TOOLS = '\n#Available tools\n';
const REACT_INSTRUCTION = '\n# Instruction\n';
const API_OUTPUT = 'API output: ';
/** The action a ReAct step names to talk to the user (`RESPOND_ACTION_NAME`). */
const RESPOND = 'respond';

/** The tool list a ReAct system prompt carries, or null when the prompt is not one. */
function reactTools(system: unknown): unknown[] | null {
  if (typeof system !== 'string') return null;
  const start = system.indexOf(REACT_TOOLS);
  const end = system.indexOf(REACT_INSTRUCTION, start);
  if (start < 0 || end < 0) return null;
  try {
    const tools: unknown = JSON.parse(system.slice(start + REACT_TOOLS.length, end));
    return Array.isArray(tools) ? tools : null;
  } catch {
    return null;
  }
}

/**
 * One ReAct step as the agent read it: the JSON after the last `Action:`; text that is not such
 * JSON went to the user as the reply (`generate_next_step`'s fallback).
 */
function reactStep(content: string): { thought?: string; name: string; args: unknown } {
  const at = content.lastIndexOf('Action:');
  const action = (at < 0 ? content : content.slice(at + 'Action:'.length)).trim();
  const thought =
    at < 0
      ? ''
      : content
          .slice(0, at)
          .replace(/^\s*Thought:/, '')
          .trim();
  const step = { ...(thought ? { thought } : {}), name: RESPOND, args: { content: action } as unknown };
  try {
    const parsed: unknown = JSON.parse(action);
    if (isObject(parsed) && typeof parsed.name === 'string' && 'arguments' in parsed)
      return { ...step, name: parsed.name, args: parsed.arguments };
  } catch {
    // Not JSON: the reply itself.
  }
  return step;
}

/** A ReAct transcript as OpenAI messages: actions as tool calls, `API output: …` as their results. */
function reactMessages(traj: unknown[]): unknown[] {
  let open: string | null = null;
  return traj.map((m, i) => {
    if (!isObject(m)) return m;
    if (m.role === 'assistant' && typeof m.content === 'string' && !m.tool_calls) {
      const { thought, name, args } = reactStep(m.content);
      open = name === RESPOND ? null : `react_${i}`;
      const reply = isObject(args) ? args.content : undefined;
      return open
        ? {
            ...m,
            content: null,
            reasoning_content: thought,
            tool_calls: [{ id: open, function: { name, arguments: args } }],
          }
        : {
            ...m,
            content: typeof reply === 'string' ? reply : JSON.stringify(reply ?? ''),
            reasoning_content: thought,
          };
    }
    if (m.role === 'user' && open && typeof m.content === 'string' && m.content.startsWith(API_OUTPUT)) {
      const result = { ...m, role: 'tool', tool_call_id: open, content: m.content.slice(API_OUTPUT.length) };
      open = null;
      return result;
    }
    return m;
  });
}

/** litellm's dump of an Anthropic reply repeats `reasoning_content` as `thinking_blocks` (with signatures). */
function withoutThinkingBlocks(m: unknown): unknown {
  if (!isObject(m) || typeof m.reasoning_content !== 'string' || !m.reasoning_content) return m;
  const { thinking_blocks: _, ...rest } = m;
  return rest;
}

function outcomeOf(reward: unknown): Outcome | undefined {
  if (typeof reward !== 'number') return undefined;
  // run.py's `is_successful`: a reward of 1 within 1e-6.
  return { status: Math.abs(reward - 1) <= 1e-6 ? 'success' : 'failure', by: 'tau-bench reward', value: reward };
}

/** What the task asked of the simulated user and which calls it expected (`info.task`). */
function taskMetadata(info: unknown): Record<string, unknown> {
  const task = isObject(info) && isObject(info.task) ? info.task : {};
  const expected = Array.isArray(task.actions)
    ? task.actions.flatMap((a) => (isObject(a) && typeof a.name === 'string' ? [{ name: a.name, args: a.kwargs }] : []))
    : [];
  return {
    ...(typeof task.instruction === 'string' ? { task: task.instruction } : {}),
    ...(expected.length ? { expected_calls: expected } : {}),
  };
}

function runError(record: Record<string, unknown>): string {
  const error = isObject(record.info) ? record.info.error : record.info;
  const run = `task ${String(record.task_id)}${record.trial !== undefined ? `, trial ${String(record.trial)}` : ''}`;
  return `the run of ${run} ended before its first message${typeof error === 'string' && error ? `: ${error}` : ''}`;
}

export function fromTauBench(record: Record<string, unknown>): ParsedRecord {
  const traj = record.traj;
  if (!Array.isArray(traj)) throw new RecordError('"traj" is not a list of messages');
  if (!traj.length) throw new RecordError(runError(record));
  const system: unknown = isObject(traj[0]) && traj[0].role === 'system' ? traj[0].content : undefined;
  const listed = reactTools(system);
  const parsed = fromOpenAI({ messages: (listed ? reactMessages(traj) : traj).map(withoutThinkingBlocks) });
  const tools = declaredTools(listed);
  const strategy =
    listed && typeof system === 'string'
      ? /\bThought:/.test(system.slice(system.indexOf(REACT_INSTRUCTION)))
        ? 'react'
        : 'act'
      : undefined;
  const outcome = outcomeOf(record.reward);
  return {
    turns: parsed.turns,
    tools,
    ignored: (parsed.ignored ?? []).map((path) => path.replace(/^messages\[/, 'traj[')),
    ...(outcome ? { outcome } : {}),
    metadata: { harness: 'tau-bench', ...(strategy ? { agent_strategy: strategy } : {}), ...taskMetadata(record.info) },
    notes: tools.length
      ? []
      : [
          'tau-bench tool-calling results declare no tools (the environment gave them to the agent): their calls are checked against the graph only',
        ],
  };
}

export const tauBenchFormat = defineFormat({
  id: 'tau-bench',
  label: 'tau-bench results',
  recognisedBy: '"traj" and "reward"',
  versions:
    'sierra-research/tau-bench 59a200c: run.py results (EnvRunResult: tool-calling, few-shot, act and react agents) and historical_trajectories',
  detect: (record) => Array.isArray(record.traj) && 'reward' in record,
  parse: fromTauBench,
  turnFields: ['traj'],
  kept: ['task_id', 'reward', 'info', 'trial'],
});
