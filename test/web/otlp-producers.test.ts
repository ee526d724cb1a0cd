import { describe, expect, it } from 'vitest';
import { spansOfExport } from '../../shared/formats/otlp/spans';
import { expectSameDinnerRun, fixtureRequest, PRODUCER_RUNS } from '../helpers/producer-fixtures';
import { startTrellisServe } from '../helpers/trellis-serve';

describe('producers whose clients do not run here, their exports posted to trellis serve', () => {
  it('each arrives as one trajectory, turn by turn as its agent ran, with its tools, usage and outcome', async () => {
    const served = await startTrellisServe();
    const names = Object.keys(PRODUCER_RUNS);
    for (const name of names) {
      const response = await fetch(`${served.endpoint}/v1/traces`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${served.traceToken}` },
        body: JSON.stringify(fixtureRequest(name)),
      });
      expect(response.status).toBe(200);
    }
    await expect.poll(async () => (await served.list()).length, { timeout: 30_000 }).toBe(names.length);
    // One request at a time: the host's socket answers them in turn.
    const trajectories = [];
    for (const summary of await served.list()) trajectories.push(await served.get(summary.id));
    for (const name of names) {
      const traceId = spansOfExport(fixtureRequest(name)).spans[0]!.traceId;
      const trajectory = trajectories.find((t) => (t.metadata?.trace_ids as string[]).includes(traceId));
      expect(trajectory, name).toBeDefined();
      // A run whose spans declare no tools has none (null).
      const tools = ((await served.request('trajectories.declaredTools', { id: trajectory!.id })) ?? []) as {
        name: string;
        parameters: Record<string, unknown>;
      }[];
      expectSameDinnerRun(
        { turns: trajectory!.turns, tools: tools as never, metadata: trajectory!.metadata ?? {} },
        PRODUCER_RUNS[name]!,
      );
    }
    const outcomes = Object.fromEntries((await served.list()).map((s) => [s.outcome?.by, s.outcome?.status]));
    expect(outcomes).toMatchObject({
      'root span "agent run" status': 'failure',
      'root span "invoke_agent WeatherAgent" status': 'success',
    });
  }, 120_000);
});
