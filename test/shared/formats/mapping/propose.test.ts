import { describe, expect, it } from 'vitest';
import { applyMapping, previewMapping, proposeMapping } from '../../../../shared/formats/mapping';
import { episodesDocument, supportChats } from './fixtures';

describe('proposeMapping', () => {
  it('finds the runs inside a document, the role and text fields, ReAct calls, outcome, model and task id', () => {
    const proposal = proposeMapping([episodesDocument()], 'homebot');
    expect(proposal.mapping).toEqual({
      trellisMapping: 1,
      name: 'homebot',
      runs: 'episodes',
      messages: 'steps',
      role: 'speaker',
      // Names it cannot place ("operator", "resident") are left for the person to assign.
      roles: { assistant: ['agent'], tool: ['env'] },
      content: 'text',
      calls: { from: 'text', style: 'react' },
      outcome: { path: 'result.solved', success: [true] },
      model: 'llm',
      taskId: 'task',
    });
    const steps = proposal.found[0]!;
    expect(steps.roleFields[0]!.values.map((v) => v.value).sort()).toEqual(['agent', 'env', 'operator', 'resident']);
    expect(steps.contentFields[0]).toEqual({ field: 'text', example: expect.stringContaining('smart home') });
    expect(steps.count).toBe(12);
    expect(steps.examples).toHaveLength(3);
    expect(proposal.runFields.map((f) => f.path)).toEqual(
      expect.arrayContaining(['episode_id', 'llm', 'task', 'result.solved', 'result.steps_used']),
    );
  });

  it('finds structured calls, the results’ call-id field and a word verdict in one-run-per-line records', () => {
    const { mapping } = proposeMapping(supportChats());
    expect(mapping).toMatchObject({
      runs: '$',
      messages: 'conversation',
      role: 'author',
      roles: { user: ['customer'], assistant: ['bot'], tool: ['function'] },
      content: 'message',
      calls: { from: 'field', path: 'tool_calls', name: 'tool', args: 'input' },
      results: { callId: 'answers' },
      model: 'model_name',
      taskId: 'chat_id',
    });
    // Words, not a flag: those seen that mean success are the guess; the person may add others.
    expect(mapping!.outcome).toEqual({ path: 'verdict', success: ['pass'] });
  });

  it('ranks an array of messages above other arrays of objects in the same record', () => {
    const record = {
      files: [{ path: 'a.py', kind: 'source' }],
      messages: [
        { role: 'user', content: 'Rename the function.' },
        { role: 'assistant', content: 'Renamed foo to bar in a.py.' },
      ],
    };
    expect(proposeMapping([record]).mapping).toMatchObject({ runs: '$', messages: 'messages', role: 'role' });
  });

  it('says why when no array looks like messages', () => {
    expect(proposeMapping([{ rows: [{ a: 1 }, { a: 2 }] }])).toEqual({
      mapping: null,
      found: [],
      runFields: [],
      reason: 'no array of objects with a role field and a text field',
    });
  });

  it('a proposal, once its roles are assigned, reads every run without a problem', () => {
    const { mapping } = proposeMapping([episodesDocument()], 'homebot');
    const edited = { ...mapping!, roles: { ...mapping!.roles, system: ['operator'], user: ['resident'] } };
    const preview = previewMapping(edited, [episodesDocument()], 1);
    expect(preview.runs).toBe(2);
    expect(preview.trajectories).toHaveLength(1);
    expect(preview.trajectories[0]!.where).toBe('record 1, run 1');
    expect(preview.problems).toEqual([]);
    expect(applyMapping(edited, episodesDocument())[1]!.turns[2]!.toolCalls?.[0]!.name).toBe('set_temperature');
  });

  it('the preview names what the unedited proposal leaves out', () => {
    const { mapping } = proposeMapping([episodesDocument()], 'homebot');
    const { problems } = previewMapping(mapping!, [episodesDocument()]);
    expect(problems[0]).toEqual({
      where: 'record 1, run 1',
      reason: expect.stringContaining('episodes[0].steps[0] (its speaker "operator" is mapped to no role)'),
    });
  });
});
