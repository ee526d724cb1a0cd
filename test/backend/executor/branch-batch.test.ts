import { afterAll, describe, expect, it } from 'vitest';
import { ModelServerNotApproved } from '../../../backend/config/consent-request';
import { RunEngine } from '../../../backend/executor/engine';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import { memoryTurns } from '../../../backend/executor/run-turns';
import { McpServers, type RuntimeDeps } from '../../../backend/executor/runtimes';
import type { PlanStep, Tool, Turn } from '../../../shared/domain';
import { branchGraph, branchPlan } from '../../support/branch-plan';

const mocks = new MockRunner();
const mcp = new McpServers();
afterAll(async () => {
  await mocks.close();
  await mcp.close();
});

/**
 * A model stand-in: answers each prompt with JSON derived from it, after a wait, and counts how
 * many requests it holds at once. Requests finish in the reverse order they came.
 */
function fakeModel() {
  let inFlight = 0;
  const seen = { most: 0, prompts: [] as string[] };
  const generate: NonNullable<RuntimeDeps['generate']> = async (request) => {
    inFlight++;
    seen.most = Math.max(seen.most, inFlight);
    seen.prompts.push(request.prompt);
    await new Promise((resolve) => setTimeout(resolve, 40 - 10 * Math.min(3, inFlight)));
    inFlight--;
    const args = /Arguments: (.*)\n/.exec(request.prompt)![1]!;
    return {
      text: JSON.stringify({ value: `seen ${args}`, seed: request.seed }),
      tokens: { prompt: 9, completion: 4 },
    };
  };
  return { generate, seen };
}

function run(
  plan: PlanStep[],
  generate: RuntimeDeps['generate'],
  batchBranches: boolean,
  tools: Tool[] = branchGraph().tools,
) {
  const turns = memoryTurns([{ role: 'user', content: 'Plan a trip with three branches' }]);
  const engine = new RunEngine({
    graph: { tools, edges: [] },
    mode: 'plan',
    plan,
    turns,
    batchBranches,
    runtime: { mocks, mcp, seed: 5, allowed: () => true, ...(generate ? { generate } : {}) },
  });
  return engine;
}

/** The turns without their timing, which is the one thing that may differ. */
const withoutTiming = (turns: Turn[]) => turns.map(({ timing: _timing, ...turn }) => turn);

describe('a plan’s independent branches issue their model turns together', () => {
  it('three branches: the model holds three requests at once, and the trajectory is the one-by-one run’s', async () => {
    const oneByOne = fakeModel();
    const sequential = run(branchPlan(), oneByOne.generate, false);
    await sequential.continue();
    const together = fakeModel();
    const batched = run(branchPlan(), together.generate, true);
    await batched.continue();
    expect(sequential.status).toBe('finished');
    expect(batched.status).toBe('finished');
    expect(oneByOne.seen.most).toBe(1);
    expect(together.seen.most).toBe(3);
    expect(withoutTiming(batched.turns)).toEqual(withoutTiming(sequential.turns));
    // Every call was answered once: nothing was generated twice.
    expect(together.seen.prompts.toSorted()).toEqual(oneByOne.seen.prompts.toSorted());
  });

  it('a call edited at a breakpoint before it is generated for its new arguments, not the ones started ahead', async () => {
    const model = fakeModel();
    const engine = run(branchPlan(), model.generate, true);
    engine.breakpoints = [{ kind: 'tool', tool: 'hotel_search' }];
    await engine.continue();
    const waiting = engine.pendingCall()!;
    expect(waiting.name).toBe('hotel_search');
    engine.edit(engine.turns.length - 1, { callId: waiting.id, args: { city: 'Porto' } });
    await engine.continue();
    expect(engine.status).toBe('finished');
    const observation = engine.turns.find((t) => t.role === 'tool' && t.toolCallId === waiting.id)!;
    expect(JSON.parse(observation.content!)).toEqual({ value: 'seen {"city":"Porto"}', seed: 5 });
  });

  it('Stop cancels the generations started ahead that no call waits for yet; the call in progress completes', async () => {
    const cancelled: string[] = [];
    const generate: NonNullable<RuntimeDeps['generate']> = (request, signal) =>
      new Promise((resolve) => {
        const args = /Arguments: (.*)\n/.exec(request.prompt)![1]!;
        const answer = () => resolve({ text: JSON.stringify({ value: `seen ${args}` }) });
        const timer = setTimeout(answer, 200);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          cancelled.push(request.prompt.split(':')[0]!);
          resolve({ text: '' });
        });
      });
    const engine = run(branchPlan(), generate, true);
    const running = engine.continue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    engine.stop();
    await running;
    expect(engine.status).toBe('stopped');
    // The flights call was being executed: its observation is the model's answer, not an error.
    const observations = engine.turns.filter((t) => t.role === 'tool');
    expect(observations.map((t) => JSON.parse(t.content!))).toEqual([{ value: 'seen {"city":"Lisbon"}' }]);
    expect(cancelled.toSorted()).toEqual(['You are the tool hotel_search', 'You are the tool weather_lookup']);
  });

  it('branches that asked for consent for the model server ask again at their turn, once approved each is generated', async () => {
    let approved = false;
    const model = fakeModel();
    const generate: NonNullable<RuntimeDeps['generate']> = (request, signal) => {
      if (!approved)
        return Promise.reject(new ModelServerNotApproved({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }));
      return model.generate(request, signal);
    };
    const engine = run(branchPlan(), generate, true);
    await engine.continue();
    expect(engine.status).toBe('needs-consent');
    approved = true;
    engine.consentGiven();
    await engine.continue();
    expect(engine.status).toBe('finished');
    const observations = engine.turns.filter((t) => t.role === 'tool').map((t) => JSON.parse(t.content!));
    expect(observations).toHaveLength(4);
    for (const o of observations) expect(o).not.toHaveProperty('error');
  });

  it('tools the model does not simulate run in turn as before (nothing started ahead)', async () => {
    const model = fakeModel();
    const fixedTools = branchGraph().tools.map((t) => ({
      ...t,
      runtime: { kind: 'fixed' as const, responses: [{ match: {}, result: { value: t.name } }] },
    }));
    const engine = run(branchPlan(), model.generate, true, fixedTools);
    await engine.continue();
    expect(engine.status).toBe('finished');
    expect(model.seen.prompts).toEqual([]);
  });
});
