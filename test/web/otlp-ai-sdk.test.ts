import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../shared/domain';
import {
  AI_SDK_PROMPT,
  AI_SDK_SCRIPT,
  AI_SDK_SYSTEM,
  runAiSdkAgent,
  type AiSdkCall,
  type AiSdkRecord,
  type AiSdkTelemetry,
} from '../helpers/ai-sdk-agent';
import { WEATHER_TOOLS } from '../helpers/instrumented-agent';
import { startTrellisServe } from '../helpers/trellis-serve';

const AI_SDK = 'Vercel AI SDK (ai.*)';
const GENAI = 'GenAI semconv (gen_ai.input.messages)';

/** The received trajectory against the SDK's own steps and what the model was sent, turn by turn. */
function expectSameAiSdkRun(trajectory: Trajectory, agent: AiSdkRecord, convention: string) {
  const { steps } = agent;
  const turns = trajectory.turns;
  // One assistant turn per model call (parallel calls together), each call's results after it.
  expect(turns.map((t) => t.role)).toEqual([
    'system',
    'user',
    ...steps.flatMap((s) => ['assistant', ...s.toolCalls.map(() => 'tool')]),
  ]);
  expect(turns[0]!.content).toBe(AI_SDK_SYSTEM);
  expect(turns[1]!.content).toBe(AI_SDK_PROMPT);
  const assistants = turns.filter((t) => t.role === 'assistant');
  expect(assistants.map((t) => t.toolCalls ?? [])).toEqual(
    steps.map((s) => s.toolCalls.map((c) => ({ id: c.toolCallId, name: c.toolName, args: c.input }))),
  );
  expect(assistants.map((t) => t.content ?? '')).toEqual(steps.map((s) => s.text));
  // Each call's own tokens, once.
  expect(assistants.map((t) => t.tokens)).toEqual(steps.map((s) => s.usage));
  // Each result as the SDK gave it to the model (the failed call's error too), timed by its tool span.
  const sent = agent.messages.flatMap((m) => (m.role === 'tool' && Array.isArray(m.content) ? m.content : []));
  expect(sent.map((p) => p.toolCallId)).toEqual(steps.flatMap((s) => s.toolCalls.map((c) => c.toolCallId)));
  const results = turns.filter((t) => t.role === 'tool');
  expect(results.map((t) => [t.toolCallId, t.content])).toEqual(
    sent.map((p) => [p.toolCallId, p.output!.type === 'json' ? JSON.stringify(p.output!.value) : p.output!.value]),
  );
  for (const result of results) expect(result.timing?.startedAt).toBeDefined();
  const names = new Map(steps.flatMap((s) => s.toolCalls.map((c) => [c.toolCallId, c.toolName])));
  expect(trajectory.metadata?.tool_errors).toEqual(
    steps.flatMap((s) =>
      s.toolErrors.map((e) => ({ tool: names.get(e.toolCallId), toolCallId: e.toolCallId, error: e.error })),
    ),
  );
  expect(trajectory.metadata).toMatchObject({
    harness: 'OpenTelemetry',
    model: 'scripted-agent',
    trace_state: 'complete',
    conventions: [convention],
    usage: {
      input_tokens: steps.reduce((n, s) => n + s.usage.prompt, 0),
      output_tokens: steps.reduce((n, s) => n + s.usage.completion, 0),
    },
  });
}

// v6 writes its own `ai.*` spans; v7's @ai-sdk/otel writes the GenAI conventions' (an
// invoke_agent span over one chat span per call), or v6's spans again with LegacyOpenTelemetry.
const runs: [AiSdkTelemetry, AiSdkCall, string, string][] = [
  ['v6', 'generateText', AI_SDK, 'ai.generateText'],
  ['v6', 'streamText', AI_SDK, 'ai.streamText'],
  ['v7', 'generateText', GENAI, 'invoke_agent scripted-agent'],
  ['v7', 'streamText', GENAI, 'invoke_agent scripted-agent'],
  ['v7-legacy', 'generateText', AI_SDK, 'ai.generateText'],
  ['v7-legacy', 'streamText', AI_SDK, 'ai.streamText'],
];

describe('a Vercel AI SDK agent with telemetry on, sending to trellis serve', () => {
  it.each(runs)(
    'arrives turn by turn as the SDK ran it (%s telemetry, %s)',
    async (telemetry, call, convention, root) => {
      const served = await startTrellisServe();
      const agent = await runAiSdkAgent({ telemetry, call, endpoint: served.endpoint, token: served.token });
      expect(agent.error).toBeNull();
      expect(agent.steps.map((s) => s.toolCalls.length)).toEqual([2, 1, 0]);
      await expect.poll(async () => (await served.list()).length).toBe(1);
      const [summary] = await served.list();
      expect(summary!.title).toBe(AI_SDK_PROMPT);
      // The SDK leaves a run that ended well unset, as instrumentations do.
      expect(summary!.outcome).toEqual({ status: 'unknown', by: `root span "${root}" status`, value: 'UNSET' });
      const trajectory = await served.get(summary!.id);
      expectSameAiSdkRun(trajectory, agent, convention);
      expect(trajectory.turns.at(-1)!.content).toBe(AI_SDK_SCRIPT.at(-1)!.content);
      // The record's own tools: the definitions the agent sent the model, schemas and all.
      const tools = (await served.request('trajectories.declaredTools', { id: summary!.id })) as unknown[];
      expect(tools).toEqual(
        WEATHER_TOOLS.map((t) => (t.type === 'function' ? t.function : null)).map((f) => ({
          name: f!.name,
          description: f!.description,
          parameters: f!.parameters,
        })),
      );
    },
  );

  // generateText marks its root span failed; streamText leaves it unset, its last model call failed.
  const failures: [AiSdkTelemetry, AiSdkCall, string][] = [
    ['v6', 'generateText', 'root span "ai.generateText" status'],
    ['v7', 'generateText', 'root span "invoke_agent scripted-agent" status'],
    ['v6', 'streamText', 'last model call span "ai.streamText.doStream" status'],
    ['v7', 'streamText', 'last model call span "chat scripted-agent" status'],
  ];
  it.each(failures)(
    'arrives as a failed run when the model call fails (%s telemetry, %s)',
    async (telemetry, call, by) => {
      const served = await startTrellisServe();
      const agent = await runAiSdkAgent({
        telemetry,
        call,
        endpoint: served.endpoint,
        token: served.token,
        failAfter: 2,
      });
      expect(agent.error).toBe('the script has no more replies');
      expect(agent.steps).toHaveLength(2);
      await expect.poll(async () => (await served.list()).length).toBe(1);
      const [summary] = await served.list();
      expect(summary!.outcome).toEqual({ status: 'failure', by, value: agent.error });
      const trajectory = await served.get(summary!.id);
      // The two calls that answered, their results, and no answer.
      expectSameAiSdkRun(trajectory, agent, telemetry === 'v6' ? AI_SDK : GENAI);
      if (call === 'generateText') expect(trajectory.metadata?.error).toBe(agent.error);
    },
  );
});
