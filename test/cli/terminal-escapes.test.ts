import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/backend';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Erase the line, return to its start, then the text meant to be seen: what a planted title hides behind. */
const HIDE = '\u001b[2K\r';
/** Any control character but the newline (C0, DEL, C1 such as CSI \u009b). */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** Two records whose user text and tool argument carry escape sequences, as an imported log may. */
function plantedLog(dir: string): string {
  const tools = JSON.stringify([
    {
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', enum: ['Porto'] } },
        required: ['city'],
      },
    },
  ]);
  const record = (n: number) => ({
    conversations: [
      { from: 'human', value: `rm -rf ~${HIDE}Weather in Lisbon, please (${n})` },
      { from: 'function_call', value: JSON.stringify({ name: 'get_weather', arguments: { city: `Lisbon${HIDE}` } }) },
      { from: 'observation', value: '{"temp": 18}' },
      { from: 'gpt', value: 'It is 18°C.' },
    ],
    tools,
  });
  const file = path.join(dir, 'planted.jsonl');
  fs.writeFileSync(file, `${[record(1), record(2)].map((r) => JSON.stringify(r)).join('\n')}\n`);
  return file;
}

describe('text from imported or planted data on the terminal', () => {
  it('reaches it with its control characters escaped in check, export left-out titles and dataset list', async () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    expect(trellis('import', plantedLog(dir), '--workspace', workspace).code).toBe(0);
    const backend = createBackend({ workspace, host: 'cli', seed: false });
    const {
      items: [first],
    } = await backend.registry.invoke('trajectories.list', {});
    await backend.registry.invoke('labels.set', {
      trajectoryId: first!.id,
      status: 'rejected',
      rating: null,
      tags: [],
      note: '',
    });
    backend.close();

    const check = trellis('check', '--workspace', workspace);
    expect(check.code).toBe(0);
    // The schema finding names the value, escaped; one finding per value, so no second one repeats it.
    expect(check.out).toContain('city is "Lisbon\\u001b[2K\\r", not one of "Porto"');
    expect(check.out).not.toContain('\u001b');

    const created = trellis('dataset', 'create', `evil${HIDE}innocent`, '--workspace', workspace);
    expect(created.code).toBe(0);
    const list = trellis('dataset', 'list', '--workspace', workspace);
    expect(list.out).toContain('evil\\u001b[2K\\u000dinnocent');

    const exported = trellis('export', '--format', 'openai', '--out', path.join(dir, 'out'), '--workspace', workspace);
    expect(exported.code).toBe(0);
    expect(exported.err).toContain('"rm -rf ~\\u001b[2K Weather in Lisbon, please');

    for (const output of [check, created, list, exported]) expect(output.out + output.err).not.toMatch(CONTROL);
  });
});
