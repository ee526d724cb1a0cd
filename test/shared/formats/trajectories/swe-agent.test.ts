import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/domain';
import { detectFormat, formatDescriptor, RecordError } from '../../../../shared/formats/trajectories/registry';

/**
 * SWE-agent `.traj` files, one pretty-printed JSON object each, as DefaultAgent.save_trajectory
 * writes them (1.1: function calling, and text actions ending at the cost limit) and as 0.7's
 * Agent.save_trajectory did; their contents come from SWE-agent's tests/test_data trajectories.
 */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const traj = (file: string) => JSON.parse(fs.readFileSync(path.join(HARNESS, file), 'utf8')) as Record<string, unknown>;
const functionCalling = traj('swe-agent-1.1-function-calling-submitted.traj');
const textActions = traj('swe-agent-1.1-thought-action-exit-cost.traj');
const v07 = traj('swe-agent-0.7-submitted.traj');
const sweAgent = formatDescriptor('swe-agent');

function parse(record: Record<string, unknown>) {
  expect(detectFormat(record)).toBe('swe-agent');
  return sweAgent.parse(record);
}

/** Every tool turn answers a call made in an earlier assistant turn, and every call is answered. */
function expectResultsPaired(turns: Turn[]) {
  const answered = new Set<string>();
  turns.forEach((turn, i) => {
    if (turn.role !== 'tool') return;
    const callers = turns.slice(0, i).flatMap((t) => t.toolCalls ?? []);
    expect(callers.map((c) => c.id)).toContain(turn.toolCallId);
    answered.add(turn.toolCallId!);
  });
  expect(turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id)).toEqual([...answered]);
}

const NO_TOOLS_NOTE =
  'SWE-agent trajectories declare no tool schemas (the tools come from the bundles named in replay_config): calls are checked against the graph only.';

describe('SWE-agent 1.1, function calling', () => {
  const parsed = parse(functionCalling);

  it('reads the history: the prompt, then each call with its parsed arguments and its result', () => {
    const turns = parsed.turns;
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
    ]);
    expect(turns[0]!.content).toMatch(/^SETTING: You are an autonomous programmer/);
    expect(turns[1]!.content).toMatch(/^We're currently solving the following issue within our repository/);
    expect(turns.flatMap((t) => t.toolCalls ?? [])).toEqual([
      { id: 'call_fJuazlMUN5fQDQ73G6XSpYpx', name: 'find_file', args: { file_name: 'missing_colon.py' } },
      {
        id: 'call_OhmPHGZp0XJ6JRnNkQaYcBMs',
        name: 'open',
        args: { path: '/SWE-agent__test-repo/tests/missing_colon.py' },
      },
      {
        id: 'call_DVnbJcFrvwPsrPt3KfIMf7OH',
        name: 'edit',
        args: {
          search: 'def division(a: float, b: float) -> float',
          replace: 'def division(a: float, b: float) -> float:',
          'replace-all': false,
        },
      },
      {
        id: 'call_dcF76aXH6e1pzqRwGxOwpuxb',
        name: 'bash',
        args: { command: 'python3 /SWE-agent__test-repo/tests/missing_colon.py' },
      },
      { id: 'call_yT8Wgk6ZVcR2nQ4sCJb0Lm1u', name: 'submit', args: {} },
    ]);
    expectResultsPaired(turns);
    expect(turns[3]!.content).toMatch(/^Found 1 matches for "missing_colon.py"/);
    expect(turns[9]!.content).toBe(
      '8.2\n(Open file: /SWE-agent__test-repo/tests/missing_colon.py)\n(Current directory: /SWE-agent__test-repo)\nbash-$',
    );
    expect(turns[11]!.content).toMatch(/^\r\ndiff --git a\/tests\/missing_colon.py/);
  });

  it("keeps SWE-agent's thought as the turn's thought, not again as its content", () => {
    expect(parsed.turns[2]!.thought).toMatch(/^To start addressing this issue, I will first search/);
    expect(parsed.turns[2]!.content).toBeUndefined();
  });

  it("times each result with its step's execution_time", () => {
    const timings = parsed.turns.filter((t) => t.role === 'tool').map((t) => t.timing);
    expect(timings).toEqual([281, 297, 494, 293, 269].map((durationMs) => ({ durationMs })));
  });

  it('leaves the outcome unknown for a submitted patch: SWE-agent does not grade it', () => {
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'SWE-agent exit status', value: 'submitted' });
  });

  it('reads the task and the model from replay_config, declares no tools, says so once', () => {
    expect(parsed.metadata).toEqual({ harness: 'swe-agent', task_id: 'SWE-agent__test-repo-i1', model: 'gpt-4o' });
    expect(parsed.tools).toEqual([]);
    expect(parsed.ignored).toEqual([]);
    expect(parsed.notes).toEqual([NO_TOOLS_NOTE]);
    expect(sweAgent.turnFields).toEqual(['history', 'trajectory', 'attempts']);
    expect(sweAgent.kept).toEqual(['environment', 'info', 'replay_config']);
    expect(Object.keys(functionCalling).every((k) => [...sweAgent.turnFields, ...sweAgent.kept!].includes(k))).toBe(
      true,
    );
  });
});

describe('SWE-agent 1.1, text actions that reach the cost limit', () => {
  const parsed = parse(textActions);

  it('reads a text action as a call of bash and the observation after it as its result', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    const [action, result] = [parsed.turns[2]!, parsed.turns[3]!];
    expect(action.toolCalls).toEqual([
      { id: 'action_2', name: 'bash', args: { command: 'find_file missing_colon.py' } },
    ]);
    expect(action.thought).toBe("DISCUSSION\nFirst I'll look for the file named in the issue.\n\n\n");
    expect(action.content).toBe(
      "DISCUSSION\nFirst I'll look for the file named in the issue.\n\n```\nfind_file missing_colon.py\n```\n",
    );
    expect(result).toEqual({
      role: 'tool',
      toolCallId: 'action_2',
      content:
        'Found 1 matches for "missing_colon.py" in /SWE-agent__test-repo:\r\n/SWE-agent__test-repo/tests/missing_colon.py\n(Open file: n/a)\n(Current directory: /SWE-agent__test-repo)\nbash-$',
      timing: { durationMs: 313 },
    });
    expectResultsPaired(parsed.turns);
  });

  it("keeps SWE-agent's own exit as a turn without a call, and the run as a failure", () => {
    expect(parsed.turns[4]).toEqual({ role: 'assistant', thought: 'Exit due to cost limit' });
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'SWE-agent exit status', value: 'exit_cost' });
  });

  it('keeps the step SWE-agent requeried (no command in the reply) as metadata, without its query', () => {
    const reply = 'The file is in tests/. I will open it and add the missing colon on line 4.';
    expect(parsed.metadata).toEqual({
      harness: 'swe-agent',
      task_id: 'SWE-agent__test-repo-i2',
      model: 'claude-3-5-sonnet-20241022',
      requeried_steps: [
        { action: '', observation: '', response: reply, thought: reply, execution_time: 0, extra_info: {} },
      ],
    });
    expect(parsed.notes).toEqual([
      NO_TOOLS_NOTE,
      'SWE-agent actions written as text (no function calling) are read as calls of `bash` with the command line as `command`; the observation after each is its result.',
    ]);
  });
});

describe('SWE-agent 0.7', () => {
  const parsed = parse(v07);

  it('keeps the demonstration as a turn, reads each action as a bash call, and takes the last result from its step', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
    ]);
    expect(parsed.turns[1]!.content).toMatch(/^Here is a demonstration of how to correctly accomplish this task/);
    expect(parsed.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.args)).toEqual([
      { command: 'find_file "missing_colon.py"' },
      { command: 'open tests/missing_colon.py' },
      { command: 'edit 4:4\ndef division(a: float, b: float) -> float:\nend_of_edit' },
      { command: 'submit' },
    ]);
    expectResultsPaired(parsed.turns);
    // 0.7's history ends with the submit action; its observation (the patch) is the step's.
    expect(parsed.turns.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'action_9',
      content: expect.stringMatching(/^\ndiff --git a\/tests\/missing_colon.py/) as unknown,
      timing: { durationMs: 244 },
    });
  });

  it('has no replay_config: no task id or model, and the exit status as the outcome', () => {
    expect(parsed.metadata).toEqual({ harness: 'swe-agent' });
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'SWE-agent exit status', value: 'submitted' });
    expect(parsed.ignored).toEqual([]);
    expect(parsed.notes).toContain(
      'SWE-agent demonstrations (history items marked is_demo) are kept as turns: the model read them as part of its prompt.',
    );
  });
});

describe('SWE-agent files of other shapes', () => {
  it('reads a trajectory without a history from its steps, the prompt from the first query', () => {
    const { history: _history, ...stepsOnly } = functionCalling;
    const parsed = parse(stepsOnly);
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
    ]);
    expect(parsed.turns[2]!.toolCalls).toEqual([
      { id: 'action_0', name: 'bash', args: { command: 'find_file missing_colon.py' } },
    ]);
    expect(parsed.turns[3]).toMatchObject({ toolCallId: 'action_0', timing: { durationMs: 281 } });
    expectResultsPaired(parsed.turns);
  });

  it("reads a retry agent's chosen attempt, keeping every attempt's info", () => {
    const { info } = functionCalling as { info: Record<string, unknown> };
    const record = {
      attempts: [textActions, functionCalling],
      ...functionCalling,
      info: { ...info, best_attempt_idx: 1 },
    };
    const parsed = parse(record);
    expect(parsed.turns).toEqual(sweAgent.parse(functionCalling).turns);
    expect(parsed.metadata!.attempts).toEqual([textActions.info, functionCalling.info]);
    expect(parsed.notes).toContain(
      "SWE-agent retry runs: only the chosen attempt's turns are read; every attempt's info is kept in metadata.attempts.",
    );
    // While the retry agent runs, the file holds its attempts alone: the last one is read.
    expect(parse({ attempts: [functionCalling, textActions] }).outcome).toMatchObject({ value: 'exit_cost' });
  });

  it("reads a reasoning model's thinking blocks as the thought, and its text as the content", () => {
    const thinking = {
      type: 'thinking',
      thinking: 'The traceback names tests/missing_colon.py.',
      signature: 'EqQBCkYIBRgC',
    };
    const history = (functionCalling.history as Record<string, unknown>[]).map((item, i) =>
      i === 2 ? { ...item, thinking_blocks: [thinking] } : item,
    );
    const parsed = parse({ ...functionCalling, history });
    expect(parsed.turns[2]!.thought).toBe('The traceback names tests/missing_colon.py.');
    expect(parsed.turns[2]!.content).toMatch(/^To start addressing this issue, I will first search/);
    expect(parsed.notes).toContain("SWE-agent thinking blocks' signatures are not kept.");
  });

  it('lists history fields it does not know, so a strict import refuses them', () => {
    const history = (functionCalling.history as Record<string, unknown>[]).map((item, i) =>
      i === 2 ? { ...item, logprobs: [-0.1] } : item,
    );
    expect(parse({ ...functionCalling, history }).ignored).toEqual(['history[2].logprobs']);
  });

  it('refuses a history item with a role it does not know', () => {
    const history = [{ role: 'critic', content: 'no', agent: 'main', message_type: 'observation' }];
    expect(() => sweAgent.parse({ ...functionCalling, history })).toThrow(RecordError);
    expect(() => sweAgent.parse({ ...functionCalling, history })).toThrow(/history item 1 has role "critic"/);
  });

  it('does not take OpenAI chat or ShareGPT records', () => {
    const openai = { messages: [{ role: 'user', content: 'hi' }] };
    const sharegpt = { conversations: [{ from: 'human', value: 'hi' }] };
    expect(detectFormat(openai)).toBe('openai');
    expect(detectFormat(sharegpt)).toBe('sharegpt');
    expect(sweAgent.detect(openai)).toBe(false);
    expect(sweAgent.detect(sharegpt)).toBe(false);
  });
});

describe('SWE-agent demonstrations (written before the run ends: no info)', () => {
  const CODING = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'coding-agents');
  const demo = JSON.parse(fs.readFileSync(path.join(CODING, 'swe-agent-1.1-demonstration.traj'), 'utf8')) as Record<
    string,
    unknown
  >;

  it('reads a history alone, as trajectories/demonstrations/function_calling_simple.traj is written', () => {
    const parsed = parse(demo);
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
    ]);
    expect(parsed.turns.flatMap((t) => t.toolCalls ?? [])).toEqual([
      { id: 'call_Wc1aXq', name: 'find_file', args: { file_name: 'text_utils.py' } },
      {
        id: 'call_Ed2bYr',
        name: 'edit',
        args: { search: 'return len(text.split(" "))', replace: 'return len(text.split())' },
      },
      { id: 'call_Sb3cZs', name: 'submit', args: {} },
    ]);
    expectResultsPaired(parsed.turns);
    expect(parsed.turns[7]!.content).toMatch(/^\r\ndiff --git a\/src\/text_utils.py/);
    // No info: no exit status, so no outcome rather than a guessed one.
    expect(parsed.outcome).toBeUndefined();
    expect(parsed.metadata).toEqual({ harness: 'swe-agent' });
  });

  it('reads a 0.x demonstration whose history was edited beside its steps: each step still times its result', () => {
    const history = (v07.history as Record<string, unknown>[]).map((item, i) =>
      i === 5 ? { ...item, content: `${String(item.content)} (edited)` } : item,
    );
    const parsed = parse({ ...v07, history });
    expect(parsed.metadata!.requeried_steps).toBeUndefined();
    expectResultsPaired(parsed.turns);
    expect(parsed.turns.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'action_9' });
  });

  it("reads the steps' pre-1.0 `messages` (the query's old name) as a repeat of the history, not as an unknown field", () => {
    const trajectory = (functionCalling.trajectory as Record<string, unknown>[]).map(({ query, ...step }) => ({
      ...step,
      messages: query,
    }));
    expect(parse({ ...functionCalling, trajectory }).ignored).toEqual([]);
  });

  it('still takes no record whose history is not SWE-agent messages', () => {
    expect(sweAgent.detect({ history: [{ role: 'user', content: 'hi' }] })).toBe(false);
    expect(sweAgent.detect({ history: [{ source: 'user', action: 'message', args: {} }] })).toBe(false);
  });
});
