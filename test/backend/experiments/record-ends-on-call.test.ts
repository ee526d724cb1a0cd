import { describe, expect, it } from 'vitest';
import type { Tool, Turn } from '../../../shared/domain';
import { policyCalls } from '../../../backend/experiments/tool-policy';
import type { RuntimeDeps } from '../../../backend/executor/runtimes';

const tool = (name: string): Tool => ({
  name,
  description: '',
  parameters: {},
  returns: {},
  runtime: null,
  position: { x: 0, y: 0 },
});

/** An on-call record cut off on its rollback call: the health check answered, the rollback not. */
const cutOff: Turn[] = [
  { role: 'user', content: 'auth is failing: fix it' },
  { role: 'assistant', toolCalls: [{ id: 'c1', name: 'get_service_health', args: { service: 'auth' } }] },
  { role: 'tool', toolCallId: 'c1', content: '{ "healthy": false }' },
  {
    role: 'assistant',
    toolCalls: [{ id: 'c2', name: 'rollback_deploy', args: { service: 'auth', to_version: 'v5.7.9' } }],
  },
];

const replaying = () =>
  policyCalls({
    policy: 'replay',
    source: cutOff,
    graph: null,
    runtime: { seed: 1, allowed: () => false } as unknown as RuntimeDeps,
    turnIndex: () => 4,
  });

describe('replaying a record that ends on a call', () => {
  it('ends the run on the same call, with no miss and without saying it was never called', async () => {
    const calls = replaying();
    // Arguments as the candidate spells them: another key order, the same values.
    const answer = await calls.callTool(tool('rollback_deploy'), { to_version: 'v5.7.9', service: 'auth' });
    expect(answer).toMatchObject({
      ok: false,
      end: 'The recording ends on this call of rollback_deploy (turn 3) before its answer, so the run ends here too.',
    });
    expect(calls.misses).toEqual([]);
  });

  it('says the tool was called only where the recording ends when the candidate asks it something else', async () => {
    const calls = replaying();
    const answer = await calls.callTool(tool('rollback_deploy'), { service: 'auth', to_version: 'v1.0.0' });
    expect(answer).toEqual({
      ok: false,
      error:
        'rollback_deploy was called in the recording only where it ends, before any answer, so there is no answer to replay.',
      note: 'replayed: no recording',
    });
    expect(calls.misses).toEqual([
      { turn: 4, tool: 'rollback_deploy', args: { service: 'auth', to_version: 'v1.0.0' }, nearest: null },
    ]);
    // A tool it never called is still told so; the answered call replays its recorded text as it was.
    expect(await calls.callTool(tool('page_oncall'), { team: 'identity' })).toMatchObject({
      error: 'page_oncall was never called in the recording, so there is no answer to replay.',
    });
    expect(await calls.callTool(tool('get_service_health'), { service: 'auth' })).toMatchObject({
      ok: true,
      text: '{ "healthy": false }',
    });
  });
});
