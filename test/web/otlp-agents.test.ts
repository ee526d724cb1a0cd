import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectSameRun } from '../helpers/agent-expectations';
import { runWeatherAgent, type Exporter, type Instrumentation } from '../helpers/instrumented-agent';
import { startTrellisServe } from '../helpers/trellis-serve';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

const runs: [Instrumentation, Exporter, string, string][] = [
  ['openinference', 'proto', 'OpenInference', '@arizeai/openinference-instrumentation-openai 4.2.7'],
  ['traceloop', 'http-json', 'GenAI semconv (gen_ai.input.messages)', '@traceloop/instrumentation-openai 0.27.0'],
  ['openinference', 'http-json', 'OpenInference', '@arizeai/openinference-instrumentation-openai 4.2.7'],
  ['traceloop', 'proto', 'GenAI semconv (gen_ai.input.messages)', '@traceloop/instrumentation-openai 0.27.0'],
];

describe('an OpenAI agent instrumented with OpenTelemetry, sending to trellis serve', () => {
  it.each(runs)(
    'arrives as one trajectory with its turns, tools and outcome (%s, OTLP %s)',
    async (instrumentation, exporter, convention, scope) => {
      const served = await startTrellisServe();
      const fail = instrumentation === 'traceloop' ? 'could not book a table' : undefined;
      const agent = await runWeatherAgent({
        instrumentation,
        exporter,
        endpoint: served.endpoint,
        token: served.token,
        ...(fail ? { fail } : {}),
        // Half the runs name the traces endpoint itself, as OTEL_EXPORTER_OTLP_TRACES_ENDPOINT.
        tracesVariable: exporter === 'proto',
        // And the OpenInference ones compress their requests with gzip.
        gzip: instrumentation === 'openinference',
      });
      await expect.poll(async () => (await served.list()).length).toBe(1);
      const [summary] = await served.list();
      expect(summary!.title).toBe(agent.messages[1]!.content);
      expect(summary!.outcome).toEqual(
        fail
          ? { status: 'failure', by: 'root span "weather agent" status', value: fail }
          : { status: 'success', by: 'root span "weather agent" status', value: 'OK' },
      );
      const trajectory = await served.get(summary!.id);
      expectSameRun(trajectory, agent);
      expect(trajectory.metadata?.conventions).toEqual([convention]);
      expect(trajectory.metadata?.instrumentations).toContain(scope);
      // The record's own tools: the definitions the agent sent the model.
      const tools = (await served.request('trajectories.declaredTools', { id: summary!.id })) as { name: string }[];
      expect(tools.map((t) => t.name)).toEqual(['get_weather', 'book_table']);
      expect(served.alive()).toBe(true);
    },
  );

  // The OpenTelemetry project's own instrumentation puts the messages in log records (the
  // conventions' event form), joined to their spans whether they come before them or after.
  it.each([
    ['http-json', 'batch', undefined],
    ['proto', 'simple', 'could not book a table'],
  ] as const)(
    'arrives turn-exact from the official instrumentation, its messages sent as OTLP logs (OTLP %s, logs %s)',
    async (exporter, logs, fail) => {
      const served = await startTrellisServe();
      const agent = await runWeatherAgent({
        instrumentation: 'official',
        exporter,
        endpoint: served.endpoint,
        token: served.traceToken,
        logs,
        ...(fail ? { fail } : {}),
      });
      await expect.poll(async () => (await served.list()).length).toBe(1);
      const [summary] = await served.list();
      await expect.poll(async () => (await served.get(summary!.id)).turns.length).toBe(7);
      const trajectory = await served.get(summary!.id);
      expect(summary!.title).toBe(agent.messages[1]!.content);
      expect(trajectory.outcome).toEqual(
        fail
          ? { status: 'failure', by: 'root span "weather agent" status', value: fail }
          : { status: 'success', by: 'root span "weather agent" status', value: 'OK' },
      );
      expectSameRun(trajectory, agent);
      expect(trajectory.metadata?.conventions).toEqual(['GenAI semconv (per-message events)']);
      expect(trajectory.metadata?.instrumentations).toContain('@opentelemetry/instrumentation-openai 0.22.0');
      // This instrumentation records no tool definitions (neither attribute nor event): none are made up.
      expect(await served.request('trajectories.declaredTools', { id: summary!.id })).toBeNull();
      expect(served.stderr()).not.toContain('refused');
    },
  );

  it('refuses a --traces value it does not know, saying which it takes', () => {
    const result = spawnSync(process.execPath, [BIN, 'serve', '--traces', 'maybe'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--traces must be on or off, not "maybe"');
  });
});
