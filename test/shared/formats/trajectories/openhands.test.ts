import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/domain';
import {
  detectFormat,
  eventArrayFormat,
  formatDescriptor,
  RecordError,
} from '../../../../shared/formats/trajectories/registry';

/**
 * OpenHands runs cut from its multi_swe_bench example output (OpenHands 0.35.0): output.jsonl as
 * run_infer writes it (a run that finished, one stopped by an error), the same records after
 * update_output_with_eval.py added their `report`, and a run's events as save_trajectory_path
 * writes them (one JSON array).
 */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const read = (file: string) => fs.readFileSync(path.join(HARNESS, file), 'utf8');
const lines = (file: string) =>
  read(file)
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const [finished, stopped] = lines('openhands-0.35-swe-bench-output.jsonl');
const [resolved, unresolved] = lines('openhands-0.35-swe-bench-output-evaluated.jsonl');
const events = JSON.parse(read('openhands-0.35-trajectory.json')) as Record<string, unknown>[];
const openhands = formatDescriptor('openhands');

function parse(record: Record<string, unknown>) {
  expect(detectFormat(record)).toBe('openhands');
  return openhands.parse(record);
}

/** Every tool turn answers a call made in an earlier assistant turn. */
function expectResultsPaired(turns: Turn[]) {
  turns.forEach((turn, i) => {
    if (turn.role !== 'tool') return;
    const callers = turns.slice(0, i).flatMap((t) => t.toolCalls ?? []);
    expect(callers.map((c) => c.id)).toContain(turn.toolCallId);
  });
}

describe('OpenHands evaluation output (output.jsonl)', () => {
  const parsed = parse(finished!);

  it('reads the system prompt, the task, each model call with its result, and the finish call', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(parsed.turns[0]!.content).toMatch(/^You are OpenHands agent, a helpful AI assistant/);
    expect(parsed.turns[1]!.content).toBe(finished!.instruction);
    const path = '/workspace/ponylang__ponyc__0.1/packages/cli/cli.pony';
    expect(parsed.turns.flatMap((t) => t.toolCalls ?? [])).toEqual([
      { id: 'toolu_01', name: 'execute_bash', args: { command: 'ls /workspace/ponylang__ponyc__0.1' } },
      { id: 'toolu_12', name: 'str_replace_editor', args: { command: 'view', path } },
      { id: 'toolu_13', name: 'str_replace_editor', args: { command: 'view', path } },
      {
        id: 'toolu_33',
        name: 'finish',
        args: {
          message: expect.stringMatching(/^Unable to make necessary changes to the file/) as unknown,
          task_completed: 'false',
        },
      },
    ]);
    expectResultsPaired(parsed.turns);
    expect(parsed.turns[5]!.content).toMatch(/^Here's the result of running `cat -n` on \/workspace/);
  });

  it("takes the model's text as the thought and its usage as the turn's tokens", () => {
    expect(parsed.turns[2]!.thought).toMatch(/^The task involves exploring the repository/);
    expect(parsed.turns[2]!.content).toBeUndefined();
    expect(parsed.turns[2]!.tokens).toEqual({ prompt: 5549, completion: 88 });
  });

  it('shows a command result as the agent saw it and times it from its action', () => {
    expect(parsed.turns[3]).toEqual({
      role: 'tool',
      toolCallId: 'toolu_01',
      content: expect.stringMatching(
        /test\n\[The command completed with exit code 0\.\]\n\[Current working directory: \/workspace\/ponylang__ponyc__0\.1\]\n\[Command finished with exit code 0\]$/,
      ) as unknown,
      timing: { startedAt: '2025-04-30T16:45:43.619026', durationMs: 619 },
    });
  });

  it('reads an error about a malformed call, which no call asked for, as a user turn', () => {
    expect(parsed.turns[6]).toEqual({
      role: 'user',
      content: expect.stringMatching(/^Parameter 'command' is expected to be one of \['view', 'create'/) as unknown,
    });
  });

  it("declares the tools of the system message, the agent's tool set", () => {
    expect(parsed.tools.map((t) => [t.name, Object.keys(t.parameters.properties as object)])).toEqual([
      ['execute_bash', ['command', 'is_input']],
      ['think', ['thought']],
      ['finish', ['message', 'task_completed']],
      ['str_replace_editor', ['command', 'path', 'file_text', 'old_str', 'new_str', 'insert_line', 'view_range']],
    ]);
    expect(parsed.tools[0]!.description).toMatch(/^Execute a bash command in the terminal/);
  });

  it('keeps the task, model, agent, version and workspace context as metadata', () => {
    expect(parsed.metadata).toEqual({
      harness: 'openhands',
      task_id: 'ponylang__ponyc-4593',
      model: 'openai/openrouter-llama-4-maverick',
      agent_class: 'CodeActAgent',
      openhands_version: '0.35.0',
      recalls: [
        {
          recall_type: 'workspace_context',
          repo_name: '',
          repo_directory: '',
          repo_instructions: '',
          runtime_hosts: { 'http://localhost:52478': 52478, 'http://localhost:58007': 58007 },
          additional_agent_instructions: '',
          date: '2025-04-30',
          microagent_knowledge: [],
        },
      ],
    });
    expect(parsed.ignored).toEqual([]);
    const understood = [...openhands.turnFields, ...openhands.kept!];
    expect(Object.keys(finished!).every((key) => understood.includes(key))).toBe(true);
  });

  it("leaves a finished, ungraded run's outcome unknown, with the agent's own word as the value", () => {
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'OpenHands finish action', value: 'false' });
  });

  it('reads a run stopped by an error as a failure', () => {
    const run = parse(stopped!);
    expect(run.outcome).toEqual({
      status: 'failure',
      by: 'OpenHands error',
      value: 'RuntimeError: Agent reached maximum iteration in headless mode. Current iteration: 50, max iteration: 50',
    });
    expect(run.turns.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'toolu_49' });
    expect(run.turns.at(-1)!.content).toMatch(/\[Command finished with exit code 100\]$/);
    expectResultsPaired(run.turns);
  });

  it("reads the evaluation's verdict when update_output_with_eval.py has added one", () => {
    expect(parse(resolved!).outcome).toEqual({ status: 'success', by: 'OpenHands report.resolved', value: true });
    expect(parse(unresolved!).outcome).toEqual({ status: 'failure', by: 'OpenHands report.resolved', value: false });
    const graded = { ...stopped!, test_result: { ...(stopped!.test_result as object), report: { resolved: true } } };
    expect(parse(graded).outcome).toEqual({
      status: 'success',
      by: 'OpenHands test_result.report.resolved',
      value: true,
    });
  });

  it('explains a record whose run never started', () => {
    const empty = {
      instance_id: 'x',
      test_result: {},
      instruction: null,
      metadata: null,
      history: null,
      metrics: null,
      error: 'Maximum retries (5) reached: boom',
    };
    expect(detectFormat(empty)).toBe('openhands');
    expect(() => openhands.parse(empty)).toThrow(RecordError);
    expect(() => openhands.parse(empty)).toThrow(
      '"history" holds no events (the run stopped before it began: Maximum retries (5) reached: boom)',
    );
  });
});

describe('OpenHands saved trajectory (a JSON array of events)', () => {
  it('is recognised by its first event and read as a record of those events', () => {
    expect(eventArrayFormat(events[0])).toBe('openhands');
    expect(eventArrayFormat({ role: 'user', content: 'hi' })).toBeNull();
    const record = openhands.container!.events!.record(events);
    const parsed = parse(record);
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant'],
    ]);
    expect(parsed.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.name)).toEqual([
      'execute_bash',
      'str_replace_editor',
      'str_replace_editor',
      'think',
      'finish',
    ]);
    expect(parsed.turns[9]).toMatchObject({
      role: 'tool',
      toolCallId: 'toolu_22',
      content: 'Your thought has been logged.',
    });
    expectResultsPaired(parsed.turns);
    // No evaluation metadata: the model is the one that answered.
    expect(parsed.metadata).toMatchObject({ harness: 'openhands', model: 'meta-llama/llama-4-maverick' });
    expect(parsed.metadata!.task_id).toBeUndefined();
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'OpenHands finish action', value: 'partial' });
  });

  it('skips state changes, reading the last state as the outcome when nothing else gives one', () => {
    const state = (agentState: string, id: number) => ({
      id,
      timestamp: '2025-04-30T16:35:00.000000',
      source: 'environment',
      message: '',
      observation: 'agent_state_changed',
      content: '',
      extras: { agent_state: agentState, reason: '' },
    });
    const withoutFinish = events.filter((e) => e.action !== 'finish');
    const parsed = parse({ history: [...withoutFinish, state('running', 90), state('error', 91)] });
    expect(parsed.turns).toHaveLength(10);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'OpenHands agent state', value: 'error' });
    expect(parsed.metadata!.agent_state).toBe('error');
  });

  it('puts the calls of one model response (parallel calls) in one assistant turn', () => {
    type Call = Record<string, unknown>;
    type RunEvent = Record<string, unknown> & {
      args: Record<string, unknown>;
      tool_call_metadata: { model_response: { choices: { message: { tool_calls: Call[] } }[] } };
    };
    const [action, observation] = events.filter((e) => e.id === 5 || e.id === 6) as RunEvent[];
    const response = structuredClone(action!.tool_call_metadata.model_response);
    const second = {
      ...response.choices[0]!.message.tool_calls[0],
      id: 'toolu_01b',
      function: { name: 'execute_bash', arguments: '{"command": "pwd"}' },
    };
    response.choices[0]!.message.tool_calls.push(second);
    const meta = (id: string) => ({
      ...action!.tool_call_metadata,
      tool_call_id: id,
      model_response: response,
      total_calls_in_response: 2,
    });
    const history = [
      ...events.slice(0, 4),
      { ...action, tool_call_metadata: meta('toolu_01') },
      { ...observation, tool_call_metadata: meta('toolu_01') },
      {
        ...action,
        id: 7,
        args: { ...action!.args, command: 'pwd', thought: '' },
        tool_call_metadata: meta('toolu_01b'),
      },
      { ...observation, id: 8, cause: 7, content: '/workspace', tool_call_metadata: meta('toolu_01b') },
    ];
    const parsed = parse({ history });
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    expect(parsed.turns[2]!.toolCalls!.map((c) => [c.id, c.args])).toEqual([
      ['toolu_01', { command: 'ls -l /workspace/ponylang__ponyc__0.1' }],
      ['toolu_01b', { command: 'pwd' }],
    ]);
    expect(parsed.turns.slice(3).map((t) => t.toolCallId)).toEqual(['toolu_01', 'toolu_01b']);
  });

  it("reads 0.9's [action, observation] pairs, and an action without tool-call metadata by its type", () => {
    const strip = ({ tool_call_metadata: _meta, llm_metrics: _metrics, ...event }: Record<string, unknown>) => event;
    const [action, observation] = events.filter((e) => e.id === 5 || e.id === 6).map(strip);
    const message = events[1]!;
    const parsed = parse({
      instance_id: 'old',
      history: [
        [message, { id: 3, source: 'user', observation: 'null', content: '', extras: {} }],
        [action, observation],
      ],
    });
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool']);
    expect(parsed.turns[1]!.thought).toMatch(/^The task involves fixing an issue/);
    expect(parsed.turns[1]!.toolCalls).toEqual([
      {
        id: 'event_5',
        name: 'run',
        args: { command: 'ls -l /workspace/ponylang__ponyc__0.1', is_input: false, blocking: false, is_static: false },
      },
    ]);
    expect(parsed.turns[2]).toMatchObject({ role: 'tool', toolCallId: 'event_5' });
    expect(parsed.notes).toContain(
      'OpenHands actions without tool-call metadata are read as calls named by their action type (run, read, edit…) with their args.',
    );
  });

  it('lists event fields it does not know, so a strict import refuses them', () => {
    const history = events.map((e, i) => (i === 4 ? { ...e, reward: 1 } : e));
    expect(parse({ history }).ignored).toEqual(['history[4].reward']);
  });
});

describe('OpenHands detection', () => {
  it('does not take OpenAI chat, ShareGPT or SWE-agent records', () => {
    const openai = { messages: [{ role: 'user', content: 'hi' }] };
    const sharegpt = { conversations: [{ from: 'human', value: 'hi' }] };
    expect(detectFormat(openai)).toBe('openai');
    expect(detectFormat(sharegpt)).toBe('sharegpt');
    expect(openhands.detect(openai)).toBe(false);
    expect(openhands.detect(sharegpt)).toBe(false);
    const sweAgent = { history: [{ role: 'system', content: 'x', agent: 'main' }], info: {} };
    expect(openhands.detect(sweAgent)).toBe(false);
  });
});
