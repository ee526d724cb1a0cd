import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/domain';
import { detectFormat, formatDescriptor, RecordError } from '../../../../shared/formats/trajectories/registry';

/**
 * tau-bench results: records of the published historical trajectories (gpt-4o, airline; system
 * prompts shortened) and records written as `run.py` writes them for the act and react agents
 * and for a run that raised.
 */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const records = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(HARNESS, file), 'utf8')) as Record<string, unknown>[];
const historical = records('tau-bench-historical-gpt-4o-airline-59a200c.json');
const [react, act, crashed] = records('tau-bench-react-act-error-59a200c.json');
const tau = formatDescriptor('tau-bench');

function parse(record: Record<string, unknown>) {
  expect(detectFormat(record)).toBe('tau-bench');
  return tau.parse(record);
}

/** Every tool turn answers a call made in an earlier assistant turn. */
function expectResultsPaired(turns: Turn[]) {
  turns.forEach((turn, i) => {
    if (turn.role !== 'tool') return;
    const callers = turns.slice(0, i).flatMap((t) => t.toolCalls ?? []);
    expect(callers.map((c) => c.id)).toContain(turn.toolCallId);
  });
}

describe('tau-bench results', () => {
  it('reads a successful tool-calling run: turns, calls with parsed arguments, results paired', () => {
    const [success] = historical;
    const parsed = parse(success!);
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(parsed.turns[1]!.content).toMatch(/^Hi! I'm trying to find out how many suitcases/);
    expect(parsed.turns[4]!.content).toBeUndefined();
    expect(parsed.turns[4]!.toolCalls).toEqual([
      { id: 'call_D2zYj9KB0nNdJvLTTOcopGjr', name: 'get_reservation_details', args: { reservation_id: 'JMO1MG' } },
    ]);
    expect(parsed.turns[5]!.toolCallId).toBe('call_D2zYj9KB0nNdJvLTTOcopGjr');
    expect(JSON.parse(parsed.turns[5]!.content!)).toMatchObject({ reservation_id: 'JMO1MG', cabin: 'economy' });
    expect(parsed.turns[6]!.toolCalls).toEqual([
      { id: 'call_I3WHVqSB8LfMWiSb44Q4ohBh', name: 'get_user_details', args: { user_id: 'anya_garcia_5901' } },
    ]);
    expect(parsed.turns[7]!.toolCallId).toBe('call_I3WHVqSB8LfMWiSb44Q4ohBh');
    expect(parsed.turns.at(-1)!.content).toBe('Great, thanks for confirming that in numbers! ###STOP###');
    expect(parsed.outcome).toEqual({ status: 'success', by: 'tau-bench reward', value: 1 });
    expect(parsed.ignored).toEqual([]);
  });

  it('keeps the task and its expected calls as metadata, and says once that no tools are declared', () => {
    const parsed = parse(historical[0]!);
    expect(parsed.tools).toEqual([]);
    expect(parsed.metadata).toEqual({
      harness: 'tau-bench',
      task: expect.stringMatching(/^You are Anya Garcia \(with ID: anya_garcia_5901\)/) as unknown,
      expected_calls: [
        { name: 'get_reservation_details', args: { reservation_id: 'JMO1MG' } },
        { name: 'get_user_details', args: { user_id: 'anya_garcia_5901' } },
      ],
    });
    expect(parsed.notes).toEqual([expect.stringContaining('declare no tools') as unknown]);
    expect(tau.turnFields).toEqual(['traj']);
    expect(tau.kept).toEqual(['task_id', 'reward', 'info', 'trial']);
    for (const record of [...historical, react!, act!, crashed!])
      expect(Object.keys(record).filter((k) => !tau.turnFields.includes(k) && !tau.kept!.includes(k))).toEqual([]);
  });

  it('keeps the text an assistant wrote beside its tool call', () => {
    const parsed = parse(historical[1]!);
    expect(parsed.turns[4]).toEqual({
      role: 'assistant',
      content: "No problem! I'll retrieve your reservation details first. Please hold on for a moment.",
      toolCalls: [
        { id: 'call_5jQdSXVBGc9unuJOdSZlau1r', name: 'get_user_details', args: { user_id: 'amelia_sanchez_4739' } },
      ],
    });
    expect(parsed.turns.at(-1)).toEqual({
      role: 'tool',
      content: 'Transfer successful',
      toolCallId: 'call_ORFOG4jtgQK83YBzrDBgOTUy',
    });
    expectResultsPaired(parsed.turns);
  });

  it('reads a reward of 0 as a failure', () => {
    const parsed = parse(historical[2]!);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'tau-bench reward', value: 0 });
    const calculate = parsed.turns.findIndex((t) => t.toolCalls?.[0]?.name === 'calculate');
    expect(parsed.turns[calculate]!.toolCalls![0]!.args).toEqual({ expression: '3 * 2' });
    expect(parsed.turns[calculate + 1]).toEqual({
      role: 'tool',
      content: '6.0',
      toolCallId: parsed.turns[calculate]!.toolCalls![0]!.id,
    });
    expectResultsPaired(parsed.turns);
  });

  it('reads a react run: actions as tool calls, thoughts, API outputs as their results, tools from the prompt', () => {
    const parsed = parse(react!);
    expect(parsed.tools.map((t) => t.name)).toEqual(['find_user_id_by_email', 'get_order_details']);
    expect(parsed.tools[1]).toEqual({
      name: 'get_order_details',
      description: 'Get the status and details of an order.',
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string', description: expect.stringContaining("'#W0000000'") as unknown } },
        required: ['order_id'],
      },
    });
    expect(parsed.turns.slice(2)).toEqual([
      {
        role: 'assistant',
        thought: 'I need the user id before I can look at the order.',
        toolCalls: [{ id: 'react_2', name: 'find_user_id_by_email', args: { email: 'yusuf.rossi7301@example.com' } }],
      },
      { role: 'tool', content: 'yusuf_rossi_9620', toolCallId: 'react_2' },
      {
        role: 'assistant',
        thought: 'The user is authenticated; now I look up the order.',
        toolCalls: [{ id: 'react_4', name: 'get_order_details', args: { order_id: '#W2378156' } }],
      },
      {
        role: 'tool',
        content: '{"order_id": "#W2378156", "user_id": "yusuf_rossi_9620", "status": "delivered"}',
        toolCallId: 'react_4',
      },
      {
        role: 'assistant',
        thought: 'The order is delivered, so I can tell the user.',
        content: 'Your order #W2378156 has been delivered.',
      },
      { role: 'user', content: 'Great, thank you! ###STOP###' },
    ]);
    expect(parsed.outcome).toEqual({ status: 'success', by: 'tau-bench reward', value: 1 });
    expect(parsed.metadata).toMatchObject({ harness: 'tau-bench', agent_strategy: 'react' });
    expect(parsed.notes).toEqual([]);
    expect(parsed.ignored).toEqual([]);
  });

  it('reads an act run, where an action that is not JSON is the reply the user got', () => {
    const parsed = parse(act!);
    expect(parsed.metadata).toMatchObject({ agent_strategy: 'act' });
    expect(parsed.turns.slice(2)).toEqual([
      { role: 'assistant', toolCalls: [{ id: 'react_2', name: 'get_order_details', args: { order_id: '#W2378156' } }] },
      { role: 'tool', content: 'Error: order not found', toolCallId: 'react_2' },
      { role: 'assistant', content: 'I could not find that order; could you check the order id?' },
      { role: 'user', content: 'Never mind, I will check later. ###STOP###' },
    ]);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'tau-bench reward', value: 0 });
  });

  it('refuses a run that raised before its first message, saying which and why', () => {
    expect(detectFormat(crashed)).toBe('tau-bench');
    expect(() => tau.parse(crashed!)).toThrow(RecordError);
    expect(() => tau.parse(crashed!)).toThrow(
      /task 5, trial 0 ended before its first message: litellm\.RateLimitError/,
    );
  });

  it('reads the reasoning litellm dumps for Anthropic models once, and names fields it does not know by their path', () => {
    const record = structuredClone(historical[0]!);
    const traj = record.traj as Record<string, unknown>[];
    traj[2] = {
      ...traj[2],
      reasoning_content: 'The cabin class decides the allowance.',
      thinking_blocks: [{ type: 'thinking', thinking: 'The cabin class decides the allowance.', signature: 'c2ln' }],
    };
    traj[3] = { ...traj[3], audio: { id: 'audio_1' } };
    const parsed = tau.parse(record);
    expect(parsed.turns[2]!.thought).toBe('The cabin class decides the allowance.');
    expect(parsed.ignored).toEqual(['traj[3].audio']);
  });

  it('leaves plain OpenAI chat, ShareGPT and ToolBench records to their own formats', () => {
    expect(detectFormat({ messages: [{ role: 'user', content: 'hi' }] })).toBe('openai');
    expect(detectFormat({ conversations: [{ from: 'human', value: 'hi' }] })).toBe('sharegpt');
    expect(detectFormat({ answer_generation: { valid_data: false, query: 'q' } })).not.toBe('tau-bench');
    expect(detectFormat({ traj: [] })).not.toBe('tau-bench');
  });
});
