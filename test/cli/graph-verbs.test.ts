import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const LOGS = path.join(__dirname, '..', 'fixtures', 'trajectories', 'smart-home-logs.jsonl');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A workspace with the smart-home logs imported into a new graph "Smart home" of the tools they declare. */
function smartHomeWorkspace(): string {
  const workspace = path.join(tempDir(), 'cli-graph.trellis');
  const imported = trellis('import', LOGS, '--workspace', workspace, '--new-graph', 'Smart home', '--json');
  expect(imported.code, imported.err).toBe(0);
  return workspace;
}

describe('trellis graph runtime', () => {
  it('sets a mock from a file, fixed responses, HTTP, MCP and none, and runs a plan with the mock', () => {
    const workspace = smartHomeWorkspace();
    const dir = tempDir();
    const mock = path.join(dir, 'rooms.js');
    fs.writeFileSync(mock, "return { rooms: [{ room_id: 'r1', name: 'bedroom' }] };");
    const set = trellis('graph', 'runtime', '--workspace', workspace, '--tool', 'list_rooms', '--mock', mock, '--json');
    expect(set.code, set.err).toBe(0);
    expect(JSON.parse(set.out)).toMatchObject({ ok: true, tools: ['list_rooms'], runtime: 'mock' });

    const fixed = path.join(dir, 'fixed.json');
    fs.writeFileSync(
      fixed,
      JSON.stringify({
        responses: [{ match: { room_id: 'r1' }, result: { room_id: 'r1', celsius: 20 } }],
        default: {},
      }),
    );
    expect(
      trellis('graph', 'runtime', '--workspace', workspace, '--tool', 'get_temperature', '--fixed', fixed).out,
    ).toBe('Set the runtime of get_temperature to fixed.\n');
    const http = trellis(
      'graph',
      'runtime',
      '--workspace',
      workspace,
      '--tool',
      'set_thermostat',
      '--http',
      'http://127.0.0.1:8123/rooms/{room_id}',
      '--method',
      'put',
      '--header',
      'Authorization: Bearer x',
    );
    expect(http.code, http.err).toBe(0);

    const planned = trellis(
      'plan',
      '--workspace',
      workspace,
      '--intent',
      'list_rooms',
      '--goals',
      'list_rooms',
      '--json',
    );
    expect(planned.code, planned.err).toBe(0);
    const run = trellis('run', '--workspace', workspace, '--plan', JSON.parse(planned.out).planId, '--json');
    expect(run.code, run.err).toBe(0);
    const observation = JSON.parse(run.out).turns.find((t: { role: string }) => t.role === 'tool');
    expect(JSON.parse(observation.content)).toEqual({ rooms: [{ room_id: 'r1', name: 'bedroom' }] });

    const mcp = trellis(
      'graph',
      'runtime',
      '--workspace',
      workspace,
      '--tool',
      'get_temperature,set_thermostat',
      '--mcp',
      'npx -y "@acme/home server" --port 1',
      '--json',
    );
    expect(mcp.code, mcp.err).toBe(0);
    const none = trellis('graph', 'runtime', '--workspace', workspace, '--tool', 'list_rooms', '--none', '--json');
    expect(JSON.parse(none.out)).toMatchObject({ ok: true, runtime: 'none' });
  });

  it('plans and runs on tools without a runtime as before: named as a warning, not counted as a problem', () => {
    const workspace = smartHomeWorkspace();
    const args = ['--workspace', workspace, '--intent', 'list_rooms', '--goals', 'list_rooms'];
    const planned = trellis('plan', ...args, '--json');
    expect(planned.code, planned.err).toBe(0);
    const plan = JSON.parse(planned.out) as { ok: boolean; planId: string; problems: unknown[]; warnings: unknown[] };
    expect(plan).toMatchObject({ ok: true, problems: [] });
    expect(plan.warnings).toEqual([
      {
        code: 'no-runtime',
        severity: 'warning',
        where: { at: 'step', step: 's1', path: 'tool' },
        message:
          "list_rooms has no runtime, so this step will fail; choose one in the Graph workspace's tool inspector.",
      },
    ]);
    const text = trellis('plan', ...args);
    expect(text.code).toBe(0);
    expect(text.out).toContain('(1 step, 0 problems)');
    expect(text.err).toBe(
      "s1 tool: warning no-runtime: list_rooms has no runtime, so this step will fail; choose one in the Graph workspace's tool inspector.\n",
    );
    // trellis run does not refuse it; the step fails as the note said.
    const run = trellis('run', '--workspace', workspace, '--plan', plan.planId, '--json');
    expect(run.err).not.toContain('problem');
    const view = JSON.parse(run.out) as { turns: { role: string; content?: string }[] };
    expect(view.turns.find((t) => t.role === 'tool')?.content).toContain('list_rooms has no runtime');
  });

  it('exits 2 on usage errors: no runtime, two runtimes, no tool, an unreadable or malformed file', () => {
    const workspace = smartHomeWorkspace();
    const bad = path.join(tempDir(), 'bad.json');
    fs.writeFileSync(bad, '[{"result": 1}]');
    const cases: [string[], RegExp][] = [
      [['--tool', 'list_rooms'], /No runtime given/],
      [['--tool', 'list_rooms', '--none', '--simulated'], /Give one runtime, not --simulated and --none/],
      [['--none'], /--tool is required/],
      [['--tool', 'list_rooms', '--mock', '/no/such/file.js'], /--mock names a file that cannot be read/],
      [['--tool', 'list_rooms', '--fixed', bad], /--fixed file does not hold fixed responses: responses.0.match/],
      [['--tool', 'list_rooms', '--http', 'ftp://x'], /--http takes an http\(s\) URL/],
      [['--tool', 'list_rooms', '--frobnicate'], /Unknown option '--frobnicate'/],
    ];
    for (const [args, message] of cases) {
      const result = trellis('graph', 'runtime', '--workspace', workspace, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
    }
    // A tool the graph does not have is not a usage error: it is not found (1).
    const missing = trellis('graph', 'runtime', '--workspace', workspace, '--tool', 'open_door', '--none');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/has no tool "open_door"/);
  });
});

describe('trellis graph replay and infer-returns', () => {
  it('makes replay runtimes from the imported logs and runs a plan on them', () => {
    const workspace = smartHomeWorkspace();
    const replay = trellis('graph', 'replay', '--workspace', workspace, '--graph', 'Smart home');
    expect(replay.code, replay.err).toBe(0);
    expect(replay.out).toMatch(/get_temperature\s+3 recordings of 5 calls in 5 trajectories/);
    expect(replay.out).toMatch(/Made 3 replay runtimes from 6 trajectories\./);

    const planned = trellis(
      'plan',
      '--workspace',
      workspace,
      '--intent',
      'set_thermostat room_id r2 celsius 19 mode cool',
      '--goals',
      'set_thermostat',
      '--json',
    );
    const plan = JSON.parse(planned.out) as { planId: string };
    // Whatever the planner leaves unfilled, the replay answers: run it as it is.
    const run = trellis('run', '--workspace', workspace, '--plan', plan.planId, '--anyway', '--json');
    const view = JSON.parse(run.out) as {
      status: string;
      turns: { role: string; thought?: string; content?: string }[];
    };
    expect(run.code, run.err).toBe(0);
    expect(view.status).toBe('finished');
    const observations = view.turns.filter((t) => t.role === 'tool');
    expect(observations.length).toBeGreaterThan(0);
    // However many arguments the planner fills from the words, the one recording in cool mode answers.
    const last = observations.at(-1)!;
    expect(last.thought).toMatch(
      /^replayed: (exact|nearest to \{"celsius":19,"mode":"cool","room_id":"r2"\}( \(.* from this call\))?)$/,
    );
    expect(JSON.parse(last.content!)).toMatchObject({ mode: 'cool', status: 'ok' });
  });

  it('narrows the trajectories with --source and the other filter flags, and says when none calls the tools', () => {
    const workspace = smartHomeWorkspace();
    const dry = trellis('graph', 'replay', '--workspace', workspace, '--source', LOGS, '--dry-run', '--json');
    expect(dry.code, dry.err).toBe(0);
    expect(JSON.parse(dry.out)).toMatchObject({ ok: true, trajectories: 6, updatedAt: null });
    const none = trellis('graph', 'replay', '--workspace', workspace, '--source', 'other.jsonl');
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/No trajectory calls a tool of this graph/);
    expect(trellis('graph', 'replay', '--workspace', workspace, '--min-turns', 'many').code).toBe(2);
  });

  it('proposes result schemas, and saves them with --apply', () => {
    const workspace = smartHomeWorkspace();
    const proposed = trellis('graph', 'infer-returns', '--workspace', workspace, '--json');
    expect(proposed.code, proposed.err).toBe(0);
    const report = JSON.parse(proposed.out) as { proposals: { tool: string; changed: boolean }[]; updatedAt: null };
    expect(report.proposals.map((p) => [p.tool, p.changed])).toEqual([
      ['list_rooms', true],
      ['get_temperature', true],
      ['set_thermostat', true],
    ]);
    expect(report.updatedAt).toBeNull();
    const applied = trellis('graph', 'infer-returns', '--workspace', workspace, '--apply');
    expect(applied.code, applied.err).toBe(0);
    expect(applied.out).toMatch(/3 of 3 tools updated; 6 trajectories read\./);
    const again = trellis('graph', 'infer-returns', '--workspace', workspace);
    expect(again.out).toMatch(/0 of 3 tools would change/);
  });
});

describe('trellis graph suggestions', () => {
  it('prints the suggested edges as JSON, best first, with the values that flowed in the imported runs as evidence', () => {
    const workspace = smartHomeWorkspace();
    const listed = trellis('graph', 'suggestions', '--workspace', workspace, '--graph', 'Smart home', '--json');
    expect(listed.code, listed.err).toBe(0);
    const { suggestions } = JSON.parse(listed.out) as {
      suggestions: { kind: string; from?: object; to?: object; members?: object[]; score: number; why: string }[];
    };
    const scores = suggestions.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const pick = suggestions.find(
      (s) => s.kind === 'dependency' && JSON.stringify(s.to) === '{"tool":"get_temperature","param":"room_id"}',
    );
    expect(pick).toMatchObject({
      from: { tool: 'list_rooms', path: 'rooms[].room_id' },
      why: expect.stringMatching(/the value flowed so in \d+ recorded runs?/),
    });
    const group = suggestions.find((s) => s.kind === 'shared');
    expect(group).toMatchObject({ members: expect.arrayContaining([{ tool: 'get_temperature', param: 'room_id' }]) });

    const text = trellis('graph', 'suggestions', '--workspace', workspace);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/^\d\.\d\d {2}→ list_rooms returns a list of rooms/m);
  });
});
