import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/domain';
import { detectFormat, formatDescriptor, RecordError } from '../../../../shared/formats/trajectories/registry';

/**
 * mini-swe-agent `.traj.json` files as its writers save them: v2's DefaultAgent.serialize
 * (`mini-swe-agent-1.1`) with a tool-calling model and with a text-based one, and v1's save_traj
 * (`mini-swe-agent-1`), whose messages carry their own timestamp and actions only in the text.
 */
const CODING = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'coding-agents');
const traj = (file: string) => JSON.parse(fs.readFileSync(path.join(CODING, file), 'utf8')) as Record<string, unknown>;
const toolCalls = traj('mini-swe-agent-2-tool-calls-submitted.traj.json');
const textV2 = traj('mini-swe-agent-2-text-limits-exceeded.traj.json');
const v1 = traj('mini-swe-agent-1-text-submitted.traj.json');
const mini = formatDescriptor('mini-swe-agent');

function parse(record: Record<string, unknown>) {
  expect(detectFormat(record)).toBe('mini-swe-agent');
  return mini.parse(record);
}

/** Every tool turn answers a call made in an earlier assistant turn, and every call is answered. */
function expectResultsPaired(turns: Turn[]) {
  const answered: string[] = [];
  turns.forEach((turn, i) => {
    if (turn.role !== 'tool') return;
    const callers = turns.slice(0, i).flatMap((t) => t.toolCalls ?? []);
    expect(callers.map((c) => c.id)).toContain(turn.toolCallId);
    answered.push(turn.toolCallId!);
  });
  expect(turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id)).toEqual(answered);
}

const TEXT_NOTE =
  'mini-swe-agent actions written as a bash block in the reply (no function calling) are read as calls of `bash` with the block as `command`; the observation after each is its result, paired by order (the text gives no ids).';

describe('mini-swe-agent 2, a tool-calling model that submitted', () => {
  const parsed = parse(toolCalls);

  it('reads the prompt, each bash call with its result by id, and the submission as the last result', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
    ]);
    expect(parsed.turns[2]).toMatchObject({
      content: 'Let me find where slugify is defined.',
      toolCalls: [{ id: 'call_kq1', name: 'bash', args: { command: "grep -rn 'def slugify' src/" } }],
    });
    expectResultsPaired(parsed.turns);
    expect(parsed.turns[3]!.content).toBe(
      '<returncode>0</returncode>\n<output>\nsrc/textkit/slug.py:4:def slugify(text):\n</output>',
    );
    // The submitting command raised before its observation: the exit message holds its output.
    expect(parsed.turns[7]).toMatchObject({ toolCallId: 'call_kq3', content: expect.stringMatching(/^diff --git/) });
    expect(parsed.notes).toContain(
      "mini-swe-agent's submitting command has no observation: the run's exit message (the submission) is read as its result.",
    );
    expect(parsed.notes).not.toContain(TEXT_NOTE);
  });

  it("times each result from its reply's timestamp to the observation's", () => {
    expect(parsed.turns[3]!.timing).toEqual({ startedAt: '2025-12-05T10:40:03.200Z', durationMs: 300 });
    expect(parsed.turns[5]!.timing).toEqual({ startedAt: '2025-12-05T10:40:09.000Z', durationMs: 1250 });
  });

  it('leaves a submission ungraded, and keeps the model, task, version and exit', () => {
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'mini-swe-agent exit status', value: 'Submitted' });
    expect(parsed.metadata).toMatchObject({
      harness: 'mini-swe-agent',
      model: 'anthropic/claude-sonnet-4-5-20250929',
      task_id: 'textkit__textkit-112',
      mini_version: '2.4.6',
      exit: { exit_status: 'Submitted', submission: expect.stringMatching(/^diff --git/) },
    });
    expect(parsed.ignored).toEqual([]);
    expect(mini.kept).toEqual(expect.arrayContaining(['info', 'instance_id']));
  });
});

describe('mini-swe-agent 2, a text-based model that ran out of steps', () => {
  const parsed = parse(textV2);

  it("reads each reply's one ```mswea_bash_command``` block as a bash call, the next observation its result", () => {
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'tool',
    ]);
    expect(parsed.turns[2]!.toolCalls).toEqual([
      { id: 'action_2', name: 'bash', args: { command: 'cat src/textkit/slug.py' } },
    ]);
    expect(parsed.turns[2]!.content).toMatch(/^THOUGHT: First I look at the slug module./);
    expectResultsPaired(parsed.turns);
    expect(parsed.notes).toContain(TEXT_NOTE);
  });

  it('keeps the reply it could not parse as an assistant turn without calls, before the format error', () => {
    expect(parsed.turns[4]!.content).toMatch(/^THOUGHT: I'll edit and test./);
    expect(parsed.turns[4]!.toolCalls).toBeUndefined();
    expect(parsed.turns[5]!.content).toMatch(/^Format error:/);
  });

  it('reads the exit as a failure: the run ended without a submission', () => {
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'mini-swe-agent exit status', value: 'LimitsExceeded' });
    expect(parsed.metadata).toMatchObject({ model: 'openai/gpt-5-mini' });
  });
});

describe('mini-swe-agent 1 (save_traj, "mini-swe-agent-1")', () => {
  const parsed = parse(v1);

  it("parses actions with the run's own action_regex, and the submission as the last command's result", () => {
    expect(parsed.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.args)).toEqual([
      { command: 'cat src/textkit/slug.py' },
      {
        command:
          'sed -i \'s/replace(" ", "-")/split()/\' src/textkit/slug.py && echo MINI_SWE_AGENT_FINAL_OUTPUT && git diff',
      },
    ]);
    expectResultsPaired(parsed.turns);
    expect(parsed.turns[5]).toMatchObject({
      role: 'tool',
      content: 'diff --git a/src/textkit/slug.py b/src/textkit/slug.py\n',
      timing: { durationMs: 750 },
    });
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'mini-swe-agent exit status', value: 'Submitted' });
    expect(parsed.metadata).toMatchObject({ model: 'gpt-4o', mini_version: '1.17.0' });
  });

  it('reads a reply with no block, or two, as words without a call (mini-swe-agent refused it as a format error)', () => {
    const messages = (v1.messages as Record<string, unknown>[]).slice(0, 2).concat([
      { role: 'assistant', content: 'I will look first.' },
      { role: 'user', content: 'Please always provide EXACTLY ONE action in triple backticks.' },
    ]);
    const parsed = parse({ ...v1, messages });
    expect(parsed.turns.slice(2)).toEqual([
      { role: 'assistant', content: 'I will look first.' },
      { role: 'user', content: 'Please always provide EXACTLY ONE action in triple backticks.' },
    ]);
  });
});

describe('mini-swe-agent files of other shapes', () => {
  it("reads a Responses model's saved responses by their output items, results by call_id", () => {
    const messages = [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'List the files.' },
      {
        object: 'response',
        id: 'resp_1',
        model: 'gpt-5',
        output: [
          { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Start with ls.' }] },
          { type: 'function_call', id: 'fc_1', call_id: 'call_ls', name: 'bash', arguments: '{"command":"ls"}' },
        ],
        extra: { actions: [{ command: 'ls', tool_call_id: 'call_ls' }], cost: 0.001, timestamp: 10 },
      },
      { type: 'function_call_output', call_id: 'call_ls', output: 'README.md\nsrc\n', extra: { timestamp: 10.5 } },
    ];
    const parsed = parse({ ...toolCalls, messages });
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(parsed.turns[2]!.toolCalls).toEqual([{ id: 'call_ls', name: 'bash', args: { command: 'ls' } }]);
    expect(parsed.turns[3]).toMatchObject({ toolCallId: 'call_ls', content: 'README.md\nsrc\n' });
    expect(parsed.turns[3]!.timing?.durationMs).toBe(500);
  });

  it('keeps a message of a role no provider has in metadata, and reads the rest of the run', () => {
    const messages = [...(toolCalls.messages as unknown[])];
    messages.splice(2, 0, { role: 'critic', content: 'Looks fine.' });
    const parsed = parse({ ...toolCalls, messages });
    expect(parsed.turns).toHaveLength(8);
    expect(parsed.metadata!.unread_messages).toEqual([
      { index: 2, message: { role: 'critic', content: 'Looks fine.' } },
    ]);
  });

  it('reads an exception exit as a failure and keeps its traceback in metadata', () => {
    const messages = (toolCalls.messages as Record<string, unknown>[]).slice(0, 4).concat([
      {
        role: 'exit',
        content: 'Docker container stopped',
        extra: {
          exit_status: 'RuntimeError',
          submission: '',
          exception_str: 'Docker container stopped',
          traceback: 'Traceback …',
        },
      },
    ]);
    const { exit_status: _status, submission: _submission, ...info } = toolCalls.info as Record<string, unknown>;
    const parsed = parse({ ...toolCalls, info, messages });
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'mini-swe-agent exit status', value: 'RuntimeError' });
    expect(parsed.metadata!.exit).toMatchObject({ traceback: 'Traceback …' });
  });

  it('refuses a file whose messages hold nothing to read, and takes no SWE-agent or OpenAI record', () => {
    expect(() => mini.parse({ ...toolCalls, messages: [{ role: 'exit', content: 'x' }] })).toThrow(RecordError);
    expect(mini.detect({ messages: [{ role: 'user', content: 'hi' }] })).toBe(false);
    expect(detectFormat({ messages: [{ role: 'user', content: 'hi' }] })).toBe('openai');
  });
});
