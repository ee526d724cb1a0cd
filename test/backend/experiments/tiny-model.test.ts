import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { canonicalJson } from '../../../shared/json';
import { recordedCalls } from '../../../shared/recordings';
import { TEST_SETTINGS, tinyModel } from '../../helpers/models';
import { tempDir } from '../../helpers/temp';
import { WEATHER_50 } from '../../helpers/weather-candidate';

describe('an experiment with the loaded tiny GGUF', () => {
  it('runs each selected trajectory to its end, finds where it diverged and counts the calls no recording answered', async () => {
    const b = createBackend({
      workspace: path.join(tempDir(), 'tiny.trellis'),
      host: 'cli',
      seed: false,
      modelEnv: { ...process.env, TRELLIS_GPU: 'off' },
    });
    try {
      await b.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
      await b.registry.invoke('models.load', { path: tinyModel(), settings: { ...TEST_SETTINGS, sequences: 2 } });
      // Chat with tools through the GGUF's own template (ChatML without a place for tools: told in Hermes's form).
      const chat = await b.registry.invoke('experiments.run', {
        definition: {
          name: 'tools',
          filter: { text: 'Oslo' },
          maxTurns: 2,
          candidates: [{ model: { kind: 'local' }, format: 'tools', maxTokens: 48, seed: 7 }],
        },
      });
      expect(chat.status).toBe('finished');
      expect(chat.runs.map((r) => r.error)).toEqual([null, null, null, null, null]);
      for (const row of chat.runs) {
        const run = await b.registry.invoke('trajectories.get', { id: row.runId! });
        expect(run.turns[2]!.role).toBe('assistant');
        expect(run.turns[2]!.tokens?.completion).toBeGreaterThan(0);
      }

      const result = await b.registry.invoke('experiments.run', {
        definition: {
          name: 'tiny',
          filter: { text: 'Oslo' },
          maxTurns: 2,
          candidates: [{ model: { kind: 'local', path: 'tiny.gguf' }, format: 'json', maxTokens: 96, seed: 7 }],
        },
      });
      expect(result.status).toBe('finished');
      expect(result.runs).toHaveLength(5);
      expect(result.seedNote).toMatch(/same seed and settings give the same runs/);
      for (const row of result.runs) {
        expect(row.error).toBeNull();
        const run = await b.registry.invoke('trajectories.get', { id: row.runId! });
        const source = await b.registry.invoke('trajectories.get', { id: row.sourceId });
        expect(run.forkOf).toEqual({ trajectoryId: source.id, turnIndex: 1 });
        const candidateTurns = run.turns.slice(2);
        expect(candidateTurns.filter((t) => t.role === 'assistant').length).toBeGreaterThan(0);
        expect(candidateTurns.filter((t) => t.role === 'assistant').length).toBeLessThanOrEqual(3);
        // Misses: the candidate's calls whose tool and arguments no recorded call of its source has.
        const recorded = new Set(recordedCalls(source.turns).map((c) => canonicalJson([c.tool, c.args])));
        const calls = candidateTurns.flatMap((t) => t.toolCalls ?? []);
        const unmatched = calls.filter((c) => !recorded.has(canonicalJson([c.name, c.args])));
        expect(row.misses.map((m) => m.tool)).toEqual(unmatched.map((c) => c.name));
        // The first candidate turn differs from the recording's unless it made the very same call.
        const same =
          canonicalJson(candidateTurns[0]!.toolCalls?.map((c) => [c.name, c.args]) ?? null) ===
          canonicalJson(source.turns[2]!.toolCalls?.map((c) => [c.name, c.args]) ?? null);
        if (!same) expect(row.divergence).toMatchObject({ runTurn: 2, sourceTurn: 2 });
      }
      // Random weights call with made-up arguments (seed 7): misses and divergences are found, not assumed.
      expect(result.table[0]!.misses).toBeGreaterThan(0);
      expect(result.runs.some((r) => r.divergence !== null)).toBe(true);
      expect(result.table[0]!.misses).toBe(result.runs.reduce((n, r) => n + r.misses.length, 0));
    } finally {
      b.close();
    }
  }, 240_000);
});
