import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/backend';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('trellis synth on the example graph', () => {
  it('makes 100 trajectories of which at least 95 pass Trellis’s own checks, and says so', async () => {
    const workspace = path.join(tempDir(), 'synth-100.trellis');
    const made = trellis(
      'synth',
      '--with-examples',
      '--workspace',
      workspace,
      '--graph',
      'Trip planning',
      '--count',
      '100',
    );
    expect(made.code, made.err).toBe(0);
    const line =
      /^Checks: (\d+) of 100 with no error finding, (\d+) with any finding.*; (\d+) re-sampled.*; (none still failing|(\d+) still failing after 3 attempts .*)\.$/m.exec(
        made.out,
      );
    expect(line, made.out).not.toBeNull();
    expect(Number(line![1])).toBeGreaterThanOrEqual(95);

    // The report agrees with the findings stored for the trajectories it made.
    const b = createBackend({ workspace, host: 'cli', seed: false });
    try {
      const { items } = await b.registry.invoke('trajectories.list', { filter: {}, limit: 1000 });
      const synthesized = items.filter((t) => t.source.startsWith('synth-'));
      expect(synthesized).toHaveLength(100);
      let errorFree = 0;
      let withFindings = 0;
      for (const t of synthesized) {
        const findings = await b.registry.invoke('trajectories.findings', { id: t.id });
        if (!findings.some((f) => f.severity === 'error')) errorFree++;
        if (findings.length) withFindings++;
      }
      expect(errorFree).toBe(Number(line![1]));
      expect(withFindings).toBe(Number(line![2]));
    } finally {
      b.close();
    }
  }, 180_000);

  it('reports the checks in --json, and refuses a bad --max-attempts', () => {
    const workspace = path.join(tempDir(), 'synth-json.trellis');
    const made = trellis(
      'synth',
      '--with-examples',
      '--workspace',
      workspace,
      '--count',
      '6',
      '--seed',
      '4',
      '--drop-failing',
      '--json',
    );
    expect(made.code, made.err).toBe(0);
    const result = JSON.parse(made.out) as { checks: Record<string, unknown> };
    expect(result.checks).toMatchObject({ maxAttempts: 3, dropped: result.checks.stillFailing });
    expect(result.checks.attempts).toBeGreaterThanOrEqual(6);
    const bad = trellis('synth', '--workspace', workspace, '--count', '2', '--max-attempts', '0');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--max-attempts must be a whole number from 1 to 10.');
  }, 180_000);
});
