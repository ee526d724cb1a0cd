import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/openai-server';
import { tempDir } from '../helpers/temp';
import { WEATHER_50, weatherScript } from '../helpers/weather-candidate';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

/** The real CLI, run without blocking this process: the scripted server lives here. */
const trellis = (...args: string[]) => trellisWith(process.env, ...args);
const trellisWith = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('trellis experiment', () => {
  it('runs 50 imported trajectories against a server and prints the table; show prints it again', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const workspace = path.join(tempDir(), 'exp.trellis');
    const imported = await trellis('import', WEATHER_50, '--workspace', workspace);
    expect(imported.status).toBe(0);

    const run = await trellis(
      'experiment',
      'run',
      '--source',
      'weather-50.jsonl',
      '--server',
      server.baseUrl,
      '--server-model',
      'weather',
      '--name',
      'scripted',
      '--workspace',
      workspace,
    );
    expect(run.stderr).toContain('experiment: 50/50 runs');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^Experiment "scripted" \(.+\), finished: 50 trajectories × 1 candidate, tools by replay\.$/,
    );
    expect(lines[1]).toMatch(
      /^candidate\s+runs\s+same\s+diverged\s+improved\s+regressed\s+errored\s+misses\s+succeeded\s+findings\s+tokens\s+time$/,
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^#1 weather @ ${server.baseUrl.replace(/[.]/g, '\\.')}\\s+50\\s+38\\s+4\\s+5\\s+3\\s+0\\s+5\\s+45 → 47\\s+\\d+ → \\d+\\s+\\d+\\s+[\\d.]+ s$`,
      ),
    );
    expect(run.stdout).toContain(
      '  improved  #1 What is the weather in Lyon? (task 1): turn 2: arguments (toolCalls[0].args.city Lyonx → Lyon)',
    );
    expect(run.stdout).toContain(
      '  regressed #1 What is the weather in Pune? (task 6): turn 2: tool (toolCalls[0].name get_weather → get_forecast); 1 replay miss',
    );
    expect(lines.filter((l) => /^ {2}(improved|regressed|diverged|errored) /.test(l))).toHaveLength(12);

    const id = /\((.+?)\)/.exec(lines[0]!)![1]!;
    const show = await trellis('experiment', 'show', id, '--workspace', workspace);
    expect(show.status).toBe(0);
    expect(show.stdout).toBe(run.stdout);
    const json = await trellis('experiment', 'show', id, '--workspace', workspace, '--json');
    const parsed = JSON.parse(json.stdout) as { ok: boolean; table: { same: number }[]; runs: unknown[] };
    expect(parsed).toMatchObject({ ok: true, table: [{ same: 38 }] });
    expect(parsed.runs).toHaveLength(50);
  });

  it('re-runs a dataset’s items with the candidate’s tool descriptions', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const workspace = path.join(tempDir(), 'exp.trellis');
    await trellis('import', WEATHER_50, '--workspace', workspace);
    expect((await trellis('dataset', 'create', 'oslo', '--query', 'Oslo', '--workspace', workspace)).status).toBe(0);
    const run = await trellis(
      'experiment',
      'run',
      '--dataset',
      'oslo',
      '--server',
      server.baseUrl,
      '--tool-description',
      'get_weather=Weather now, by city',
      '--time-limit',
      '60',
      '--workspace',
      workspace,
      '--json',
    );
    expect(run.status).toBe(0);
    const parsed = JSON.parse(run.stdout) as { sources: number; definition: { timeLimitSeconds: number } };
    expect(parsed.sources).toBe(5);
    expect(parsed.definition.timeLimitSeconds).toBe(60);
    const tools = server.received[0]!.body.tools as { function: { name: string; description: string } }[];
    expect(tools.map((t) => [t.function.name, t.function.description])).toEqual([
      ['get_weather', 'Weather now, by city'],
      ['get_forecast', 'Forecast of a city for the next days'],
    ]);
  });

  it('runs one candidate per --server-model and prints them side by side where they differ', async () => {
    // "steady" is the scripted candidate without its planted regressions: it never calls get_forecast.
    const server = await startOpenAIServer({
      script: async (body) => {
        const reply = await weatherScript(body);
        if (body.model !== 'steady' || reply.toolCalls?.[0]?.name !== 'get_forecast') return reply;
        return { toolCalls: [{ name: 'get_weather', arguments: reply.toolCalls[0].arguments }] };
      },
    });
    const workspace = path.join(tempDir(), 'exp.trellis');
    await trellis('import', WEATHER_50, '--workspace', workspace);
    const run = await trellis(
      'experiment',
      'run',
      '--source',
      'weather-50.jsonl',
      '--server',
      server.baseUrl,
      '--server-model',
      'weather',
      '--server-model',
      'steady',
      '--workspace',
      workspace,
    );
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[2]).toMatch(/^weather\s+50\s+38\s+4\s+5\s+3\s+0\s+5\s/);
    expect(lines[3]).toMatch(/^steady\s+50\s+41\s+4\s+5\s+0\s+0\s+2\s/);
    const at = lines.indexOf('Side by side, #1 | #2 (where they differ):');
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '  What is the weather in Pune? (task 6): regressed | same  better: #2',
      '  What is the weather in Nice? (task 7): regressed | same  better: #2',
      '  What is the weather in Bonn? (task 8): regressed | same  better: #2',
    ]);
    expect(lines[at + 4] ?? '').toBe('');
  });

  it('exits 1 when a run errored, and 2 on a usage error', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const workspace = path.join(tempDir(), 'exp.trellis');
    await trellis('import', WEATHER_50, '--workspace', workspace);
    const run = await trellis(
      'experiment',
      'run',
      '--query',
      'task 3',
      '--from-turn',
      '5',
      '--server',
      server.baseUrl,
      '--workspace',
      workspace,
      '--json',
    );
    expect(run.status).toBe(1);
    const parsed = JSON.parse(run.stdout) as { ok: boolean; runs: { verdict: string; error: string }[] };
    expect(parsed.ok).toBe(false);
    expect(parsed.runs.find((r) => r.error.includes('turn 5 is a tool turn'))).toBeDefined();
    // No model request; only the question whether the server is there, asked before any run.
    expect(server.received).toEqual([]);
    expect(server.listed.count).toBe(1);

    const both = await trellis(
      'experiment',
      'run',
      '--server',
      server.baseUrl,
      '--model',
      'x.gguf',
      '--workspace',
      workspace,
    );
    expect(both.status).toBe(2);
    expect(both.stderr).toContain(
      'Give the candidate: --server URL (an OpenAI-compatible server) or --model FILE.gguf, one of them.',
    );
  });

  it('sends the key from the variable --api-key-env names, and says so when it is not set', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const workspace = path.join(tempDir(), 'keyed.trellis');
    expect((await trellis('import', WEATHER_50, '--workspace', workspace)).status).toBe(0);
    const args = ['experiment', 'run', '--query', 'Oslo', '--server', server.baseUrl, '--server-model', 'weather'];
    const unset = await trellisWith(
      { ...process.env, TRELLIS_TEST_KEY: '' },
      ...args,
      '--api-key-env',
      'TRELLIS_TEST_KEY',
      '--workspace',
      workspace,
    );
    expect(unset.status).not.toBe(0);
    expect(unset.stderr).toContain('--api-key-env names TRELLIS_TEST_KEY, which is not set');
    expect(server.received.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(0);

    const run = await trellisWith(
      { ...process.env, TRELLIS_TEST_KEY: 'sk-from-env' },
      ...args,
      '--api-key-env',
      'TRELLIS_TEST_KEY',
      '--workspace',
      workspace,
    );
    expect(run.status).toBe(0);
    const chats = server.received.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats.length).toBeGreaterThan(0);
    expect(new Set(chats.map((r) => r.authorization))).toEqual(new Set(['Bearer sk-from-env']));
  });
});
