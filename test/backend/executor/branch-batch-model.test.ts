import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import { McpServers } from '../../../backend/executor/runtimes';
import type { ModelSupervisor } from '../../../backend/llm/supervisor';
import type { Turn } from '../../../shared/domain';
import { branchPlanEngine } from '../../support/branch-plan';
import { TEST_SETTINGS, testSupervisor, tinyModel } from '../../helpers/models';

const mocks = new MockRunner();
const mcp = new McpServers();
let s: ModelSupervisor;
beforeAll(async () => {
  s = testSupervisor();
  await s.load(tinyModel(), { ...TEST_SETTINGS, sequences: 3 });
}, 60_000);
afterAll(async () => {
  await s.stop();
  await mocks.close();
  await mcp.close();
});

/** A three-branch plan whose every tool the tiny model simulates, with the run's seed. */
async function runPlan(batchBranches: boolean, seed: number) {
  let inFlight = 0;
  let most = 0;
  const engine = branchPlanEngine(batchBranches, {
    mocks,
    mcp,
    seed,
    allowed: () => true,
    generate: async (request, signal) => {
      most = Math.max(most, ++inFlight);
      try {
        return await s.generate(request, undefined, signal);
      } finally {
        inFlight--;
      }
    },
  });
  await engine.continue();
  expect(engine.status).toBe('finished');
  return { turns: engine.turns, most };
}

const withoutTiming = (turns: Turn[]) => turns.map(({ timing: _timing, ...turn }) => turn);

describe('batched branches on the tiny model (real helper, three sequences)', () => {
  it.each([1, 2])(
    'seed %i: the same trajectory as the branches one by one, with three requests at once',
    async (seed) => {
      const oneByOne = await runPlan(false, seed);
      const batched = await runPlan(true, seed);
      expect(oneByOne.most).toBe(1);
      expect(batched.most).toBe(3);
      expect(withoutTiming(batched.turns)).toEqual(withoutTiming(oneByOne.turns));
      // The model answered every step: four observations with JSON, none an error.
      const observations = batched.turns.filter((t) => t.role === 'tool');
      expect(observations).toHaveLength(4);
      for (const o of observations) expect(JSON.parse(o.content!)).not.toHaveProperty('error');
    },
    120_000,
  );
});
