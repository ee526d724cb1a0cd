import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewMapping, proposeMapping, TrajectoryMapping } from '../../../../shared/formats/mapping';
import { applyMapping } from '../../../../shared/formats/mapping/apply';
import { MAPPING_FIXTURES } from './fixtures';

/** API-Bank dialogs: JSONL of User, AI and API entries; an API entry holds its call and its result together. */
const dialog = fs
  .readFileSync(path.join(MAPPING_FIXTURES, 'api-bank-dialog.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as unknown);

const apiBank = TrajectoryMapping.parse({
  trellisMapping: 1,
  name: 'api-bank',
  runs: '$',
  messages: '$',
  role: 'role',
  roles: { user: ['User'], assistant: ['AI', 'API'] },
  content: 'text',
  calls: { from: 'field', path: '$', name: 'api_name', args: 'param_dict' },
  results: { in: 'result', content: 'output' },
});

describe('results a message holds beside its calls', () => {
  it('makes each API entry a call and the result it holds the tool turn answering it', () => {
    const { trajectories, problems } = previewMapping(apiBank, dialog);
    expect(problems).toEqual([]);
    const turns = trajectories[0]!.parsed.turns;
    expect(turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(turns[6]).toEqual({
      role: 'assistant',
      toolCalls: [{ id: 'call_2', name: 'GetUserToken', args: { username: 'mira', password: 'lemon42' } }],
    });
    expect(turns[7]).toEqual({ role: 'tool', content: '{"token":"t9x2"}', toolCallId: 'call_2' });
    expect(turns[9]).toEqual({ role: 'tool', content: 'success', toolCallId: 'call_3' });
    // Each result answers its own message's call: no pairing by order to tell about.
    expect(trajectories[0]!.parsed.notes).toBeUndefined();
  });

  it('is what Trellis proposes for such a dialog: the API entries are the model’s calls, their results held', () => {
    expect(proposeMapping(dialog, 'api-bank').mapping).toEqual({
      ...apiBank,
      roles: { user: ['User'], assistant: ['AI', 'API'] },
    });
  });

  it('pairs held results by the id each names, and keeps one no call is left for', () => {
    const step = {
      steps: [
        { source: 'user', message: 'List the files, then count them.' },
        {
          source: 'agent',
          message: 'Running both.',
          tool_calls: [
            { tool_call_id: 'c1', function_name: 'ls', arguments: { path: '.' } },
            { tool_call_id: 'c2', function_name: 'wc', arguments: { path: '.' } },
          ],
          observation: {
            results: [
              { source_call_id: 'c2', content: '2' },
              { source_call_id: 'c1', content: 'a.py b.py' },
              { content: 'warning: slow disk' },
            ],
          },
        },
      ],
    };
    const steps = TrajectoryMapping.parse({
      trellisMapping: 1,
      name: 'steps',
      messages: 'steps',
      role: 'source',
      roles: { assistant: ['agent'] },
      content: 'message',
      calls: { from: 'field', path: 'tool_calls', name: 'function_name', args: 'arguments', id: 'tool_call_id' },
      results: { in: 'observation.results', content: 'content', callId: 'source_call_id' },
    });
    const [run] = applyMapping(steps, step);
    expect(run!.turns.slice(2)).toEqual([
      { role: 'tool', content: '2', toolCallId: 'c2' },
      { role: 'tool', content: 'a.py b.py', toolCallId: 'c1' },
      { role: 'tool', content: 'warning: slow disk' },
    ]);
    expect(run!.ignored).toEqual([]);
    expect(run!.notes).toBeUndefined();
  });
});
