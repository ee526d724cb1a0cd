import { expect } from 'vitest';
import type { Trajectory } from '../../shared/domain';
import type { AgentRecord } from './instrumented-agent';

/** The received trajectory against what the agent did, turn by turn. */
export function expectSameRun(trajectory: Trajectory, agent: AgentRecord) {
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
