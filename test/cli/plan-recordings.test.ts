import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordedDomain, recordingsFileWithout } from '../helpers/recorded-domains';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const SEND = 'Send an email to bob@example.com with the subject Lunch and the body See you at noon';

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('trellis plan with recorded trajectories', () => {
  it('says which recorded trajectories the plan followed, and saves them with the plan', async () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'calendar.trellis');
    const { createBackend } = await import('../../backend/backend');
    const backend = createBackend({ workspace, host: 'cli', seed: false });
    const { graph } = recordedDomain('calendar-email');
    const { id } = await backend.registry.invoke('graphs.create', { name: 'Calendar' });
    await backend.registry.invoke('graphs.save', {
      id,
      tools: graph.tools,
      edges: graph.edges,
      dismissedSuggestions: [],
    });
    const { file } = recordingsFileWithout('calendar-email', [SEND], dir);
    await backend.registry.invoke('trajectories.import', { path: file, mode: 'strict', graphId: id });
    backend.close();

    const text = trellis('plan', '--workspace', workspace, '--graph', 'Calendar', '--intent', SEND);
    expect(text.code, text.err).toBe(0);
    expect(JSON.parse(text.out.slice(0, text.out.lastIndexOf(']') + 1))).toEqual([
      {
        id: 's1',
        tool: 'send_email',
        args: { to: 'bob@example.com', subject: 'Lunch', body: 'See you at noon' },
        dependsOn: [],
      },
    ]);
    expect(text.err).toMatch(
      /Follows recorded trajectory \S+ \(\d+ % alike\): Email carla@example\.com with the subject Budget draft/,
    );
    const json = JSON.parse(
      trellis('plan', '--workspace', workspace, '--graph', 'Calendar', '--intent', SEND, '--json').out,
    );
    expect(json.followed[0]).toMatchObject({ request: expect.stringMatching(/^Email carla@/) });
    const reopened = createBackend({ workspace, host: 'cli', seed: false });
    const [saved] = await reopened.registry.invoke('plans.list', { graphId: id });
    expect(saved!.modelSettings).toEqual({
      planner: 'deterministic',
      followed: json.followed.map((f: { trajectoryId: string }) => f.trajectoryId),
    });
    reopened.close();
  });
});
