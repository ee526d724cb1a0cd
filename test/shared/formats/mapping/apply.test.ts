import { describe, expect, it } from 'vitest';
import {
  applyMapping,
  BY_ORDER_NOTE,
  mappingProblems,
  TrajectoryMapping,
  type MappingInput,
} from '../../../../shared/formats/mapping';
import { RecordError } from '../../../../shared/formats/trajectories/records';
import { episodesDocument, supportChats } from './fixtures';

const mapping = (input: Omit<MappingInput, 'trellisMapping'>) =>
  TrajectoryMapping.parse({ trellisMapping: 1, ...input });

const homebot = mapping({
  name: 'homebot episodes',
  runs: 'episodes',
  messages: 'steps',
  role: 'speaker',
  roles: { system: ['operator'], user: ['resident'], assistant: ['agent'], tool: ['env'] },
  content: 'text',
  calls: { from: 'text', style: 'react' },
  outcome: { path: 'result.solved', success: [true] },
  model: 'llm',
  taskId: 'task',
  harness: 'homebot',
});

const support = mapping({
  name: 'support bot',
  messages: 'conversation',
  role: 'author',
  roles: { user: ['customer'], assistant: ['bot'], tool: ['function'] },
  content: 'message',
  calls: { from: 'field', path: 'tool_calls', name: 'tool', args: 'input', id: 'call_id' },
  results: { callId: 'answers' },
  outcome: { path: 'verdict', success: ['pass'] },
  model: 'model_name',
  taskId: 'chat_id',
});

describe('applyMapping: runs inside one document, calls in ReAct text', () => {
  const [solved, failed] = applyMapping(homebot, episodesDocument());

  it('finds each episode as a run, its steps as turns with their roles', () => {
    expect(applyMapping(homebot, episodesDocument())).toHaveLength(2);
    expect(solved!.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(solved!.turns[1]).toEqual({ role: 'user', content: 'Turn the living room lights down to 30% please.' });
  });

  it('reads the calls out of the text, keeps the thought, and pairs results with calls by order (said once)', () => {
    const call = solved!.turns[2]!;
    expect(call.thought).toBe('I should find the living room lights first.');
    expect(call.content).toBeUndefined();
    expect(call.toolCalls).toEqual([
      { id: 'call_1', name: 'find_device', args: { room: 'living room', kind: 'light' } },
    ]);
    expect(solved!.turns[3]!.toolCallId).toBe('call_1');
    expect(solved!.turns[4]!.toolCalls?.[0]).toMatchObject({ id: 'call_2', name: 'set_brightness' });
    expect(solved!.turns[5]!.toolCallId).toBe('call_2');
    expect(solved!.turns[6]).toEqual({
      role: 'assistant',
      thought: 'Done.',
      content: 'The living room lights are at 30% now.',
    });
    expect(solved!.notes).toEqual([BY_ORDER_NOTE]);
  });

  it('gives the outcome with the field that gave it, the model, task id and harness, and keeps the rest', () => {
    expect(solved!.outcome).toEqual({ status: 'success', by: 'result.solved', value: true });
    expect(failed!.outcome).toEqual({ status: 'failure', by: 'result.solved', value: false });
    expect(solved!.metadata).toMatchObject({
      harness: 'homebot',
      mapping: 'homebot episodes',
      model: 'llama-3.1-8b-instruct',
      task_id: 'lights-evening',
      episode_id: 'ep-001',
      result: { solved: true, steps_used: 2 },
      // The document's own fields beside the runs.
      exported_at: '2026-11-02T09:14:00Z',
      agent: 'homebot 0.3',
    });
    expect(solved!.metadata).not.toHaveProperty('steps');
    expect(solved!.ignored).toEqual([]);
  });
});

describe('applyMapping: one run per record, structured calls answered by id', () => {
  const [shipped, cancelled] = supportChats().map((r) => applyMapping(support, r)[0]!);

  it('reads the calls from their field and the results’ ids, in whatever order they answer', () => {
    expect(shipped!.turns[1]).toEqual({
      role: 'assistant',
      content: 'Let me look that up.',
      toolCalls: [{ id: 't1', name: 'lookup_order', args: { order: 4411 } }],
    });
    expect(cancelled!.turns[1]!.toolCalls).toEqual([
      { id: 't1', name: 'cancel_order', args: { order: 9000 } },
      { id: 't2', name: 'refund', args: { order: 9000 } },
    ]);
    expect(cancelled!.turns.slice(2, 4).map((t) => [t.toolCallId, t.content])).toEqual([
      ['t2', '{"refunded": false}'],
      ['t1', '{"cancelled": true}'],
    ]);
    expect(cancelled!.notes).toBeUndefined();
  });

  it('takes the verdict from any field with the values that count as success', () => {
    expect(shipped!.outcome).toEqual({ status: 'success', by: 'verdict', value: 'pass' });
    expect(cancelled!.outcome).toEqual({ status: 'failure', by: 'verdict', value: 'fail' });
    expect(shipped!.metadata).toMatchObject({ model: 'gpt-4o-mini', task_id: 'c-17', harness: 'support bot' });
  });

  it('names the fields of a message it does not read, and messages whose role it cannot place', () => {
    const record = {
      conversation: [
        { author: 'customer', message: 'hi', sentiment: 0.4 },
        { author: 'supervisor', message: 'watching' },
      ],
    };
    const [run] = applyMapping(support, record);
    expect(run!.ignored).toEqual([
      'conversation[0].sentiment',
      'conversation[1] (its author "supervisor" is mapped to no role)',
    ]);
    expect(run!.turns).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('an outcome bound: success at or above it, unknown when the value is no number', () => {
    const scored = mapping({ name: 's', messages: 'm', outcome: { path: 'reward', success: { atLeast: 0.5 } } });
    const run = (reward: unknown) => applyMapping(scored, { m: [{ role: 'user', content: 'q' }], reward })[0]!.outcome;
    expect(run(0.5)?.status).toBe('success');
    expect(run(0.2)?.status).toBe('failure');
    expect(run('n/a')?.status).toBe('unknown');
    expect(run(undefined)).toBeUndefined();
  });
});

describe('applyMapping: records it cannot read', () => {
  it('says which path found nothing', () => {
    expect(() => applyMapping(homebot, { episodes: [] })).toThrow(RecordError);
    expect(() => applyMapping(homebot, { runs: [] })).toThrow('no runs at "episodes"');
    expect(() => applyMapping(support, { chat_id: 'x' })).toThrow('no messages at "conversation"');
  });
});

describe('a mapping on top of a format a reader claims', () => {
  it('lets an OpenAI-shaped record say that metadata.resolved is its outcome', () => {
    const overlay = mapping({ name: 'resolved flag', outcome: { path: 'metadata.resolved', success: [true] } });
    const record = {
      messages: [
        { role: 'user', content: 'Fix the failing test.' },
        { role: 'assistant', content: 'Fixed: the off-by-one in range().' },
      ],
      metadata: { resolved: true, instance_id: 'astropy-1234' },
    };
    const [run] = applyMapping(overlay, record);
    expect(run!.turns.map((t) => t.content)).toEqual(['Fix the failing test.', 'Fixed: the off-by-one in range().']);
    expect(run!.outcome).toEqual({ status: 'success', by: 'metadata.resolved', value: true });
    expect(run!.metadata).toMatchObject({ mapping: 'resolved flag', harness: 'resolved flag' });
  });
});

describe('the mapping schema', () => {
  it('names each problem with its field', () => {
    expect(
      mappingProblems({ trellisMapping: 1, name: 'x', messages: 'a[', calls: { from: 'text', style: 'xml' } }),
    ).toEqual([expect.stringMatching(/^messages: not a path/), expect.stringMatching(/^calls\.style: /)]);
    expect(mappingProblems({ trellisMapping: 2, name: 'x' })[0]).toMatch(/^trellisMapping: /);
    expect(mappingProblems({ trellisMapping: 1, name: 'x', extra: 1 })[0]).toMatch(/extra/);
  });
});
