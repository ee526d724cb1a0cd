import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../shared/domain';
import { runWeatherAgent, type AgentRecord, type Exporter, type Instrumentation } from '../helpers/instrumented-agent';
import { startTrellisServe } from '../helpers/trellis-serve';

/** The received trajectory against what the agent did, turn by turn. */
function expectSameRun(trajectory: Trajectory, agent: AgentRecord) {
  const turns = trajectory.turns;
  expect(turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
  expect(turns[0]!.content).toBe(agent.messages[0]!.content);
  expect(turns[1]!.content).toBe(agent.messages[1]!.content);
  const assistants = turns.filter((t) => t.role === 'assistant');
  // Each model call's tool calls, with their arguments, and its token counts.
  expect(assistants[0]!.toolCalls).toEqual([{ id: agent.calls[0]!.id, name: 'get_weather', args: { city: 'Paris' } }]);
  expect(assistants[1]!.toolCalls).toEqual([
    { id: agent.calls[1]!.id, name: 'book_table', args: { restaurant: 'Chez Marie' } },
  ]);
  expect(assistants[2]!.content).toBe(agent.answer);
  expect(assistants.map((t) => t.tokens)).toEqual(agent.usage);
  // Tool results (and the failed call's error), each after the call it answers, timed by its span.
  const results = turns.filter((t) => t.role === 'tool');
  expect(results.map((t) => t.toolCallId)).toEqual(agent.calls.map((c) => c.id));
  expect(results.map((t) => t.content)).toEqual(agent.calls.map((c) => c.result));
  for (const result of results) expect(result.timing?.durationMs).toBeGreaterThan(0);
  expect(trajectory.metadata?.tool_errors).toEqual([
    { tool: 'book_table', toolCallId: agent.calls[1]!.id, error: agent.calls[1]!.error },
  ]);
  expect(trajectory.metadata).toMatchObject({
    harness: 'OpenTelemetry',
    model: 'scripted-agent',
    trace_state: 'complete',
    root_span: 'weather agent',
    usage: {
      input_tokens: agent.usage.reduce((n, u) => n + u.prompt, 0),
      output_tokens: agent.usage.reduce((n, u) => n + u.completion, 0),
    },
  });
}

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
});
