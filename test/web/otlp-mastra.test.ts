import { describe, expect, it } from 'vitest';
import type { Trajectory, Turn } from '../../shared/domain';
import { MASTRA_INSTRUCTIONS, runMastraAgent } from '../helpers/mastra-agent';
import type { ScriptedReply } from '../helpers/openai-agent-server';
import { startTrellisServe } from '../helpers/trellis-serve';

const QUESTION = 'What is the weather in Paris, and book me a table at Chez Marie?';

/** Both tools at once (book_table throws), then an answer. */
const SCRIPT: ScriptedReply[] = [
  {
    toolCalls: [
      { id: 'call_weather_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_book_2', name: 'book_table', arguments: '{"restaurant":"Chez Marie"}' },
    ],
    usage: { prompt_tokens: 31, completion_tokens: 18 },
  },
  {
    content: 'It is sunny in Paris, 21 °C; no table was free at Chez Marie.',
    usage: { prompt_tokens: 70, completion_tokens: 14 },
  },
];

type Said = Pick<Turn, 'role' | 'content' | 'toolCalls' | 'toolCallId'>;

/** A turn's conversation fields. */
const said = (t: Turn): Said => ({
  role: t.role,
  ...(t.content ? { content: t.content } : {}),
  ...(t.toolCalls ? { toolCalls: t.toolCalls } : {}),
  ...(t.toolCallId ? { toolCallId: t.toolCallId } : {}),
});

interface ChatMessage {
  role: Turn['role'];
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** What the agent sent the model (a Chat Completions request's messages), one turn each. */
const sentTurns = (request: Record<string, unknown>): Said[] =>
  (request.messages as ChatMessage[]).map((m) => ({
    role: m.role,
    ...(m.content ? { content: m.content } : {}),
    ...(m.tool_calls
      ? {
          toolCalls: m.tool_calls.map((c) => ({
            id: c.id,
            name: c.function.name,
            args: JSON.parse(c.function.arguments) as unknown,
          })),
        }
      : {}),
    ...(m.tool_call_id ? { toolCallId: m.tool_call_id } : {}),
  }));

/**
 * A turn as the AI SDK's OpenAI chat provider sends it: a tool's error (an `error-text` result,
 * the error's message) as `{"error": message}`.
 */
const asOpenAISent = (t: Said): Said =>
  t.role === 'tool' && t.toolCallId === 'call_book_2' ? { ...t, content: JSON.stringify({ error: t.content }) } : t;

type Part =
  | { type: 'text'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; toolCallId: string; output: { type: string; value: unknown } };

/** The agent's response messages (AI SDK model messages) as turns: one per assistant message, one per result. */
const responseTurns = (messages: unknown[]): Said[] =>
  (messages as { role: 'assistant' | 'tool'; content: Part[] }[]).flatMap((m): Said[] => {
    if (m.role === 'tool')
      return m.content.flatMap((p) =>
        p.type === 'tool-result'
          ? [
              {
                role: 'tool' as const,
                content: typeof p.output.value === 'string' ? p.output.value : JSON.stringify(p.output.value),
                toolCallId: p.toolCallId,
              },
            ]
          : [],
      );
    const text = m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    const calls = m.content.flatMap((p) =>
      p.type === 'tool-call' ? [{ id: p.toolCallId, name: p.toolName, args: p.input }] : [],
    );
    return [{ role: 'assistant', ...(text ? { content: text } : {}), ...(calls.length ? { toolCalls: calls } : {}) }];
  });

/** Model, tokens once per model call (none counted twice across the agent, generation, step and inference spans), tools. */
function expectModelAndTokens(trajectory: Trajectory, steps: { prompt: number; completion: number }[]) {
  const answers = trajectory.turns.filter((t) => t.role === 'assistant');
  expect(answers.map((t) => t.tokens)).toEqual(steps);
  expect(trajectory.metadata).toMatchObject({
    harness: 'OpenTelemetry',
    model: 'scripted-agent',
    service: 'mastra-agent',
    conventions: ['Mastra (mastra.model_step)'],
    usage: {
      input_tokens: steps.reduce((n, s) => n + s.prompt, 0),
      output_tokens: steps.reduce((n, s) => n + s.completion, 0),
    },
    tool_errors: [{ tool: 'book_table', toolCallId: 'call_book_2', error: 'no table free at Chez Marie at 8pm' }],
  });
  expect(trajectory.metadata?.instrumentations).toEqual(['@mastra/otel-exporter 1.4.0']);
}

describe('a Mastra agent traced by @mastra/otel-exporter, sending to trellis serve', () => {
  it('arrives turn by turn as the agent ran: prompt, both calls in one turn, results, answer', async () => {
    const served = await startTrellisServe();
    const run = await runMastraAgent({
      endpoint: served.endpoint,
      token: served.token,
      script: SCRIPT,
      question: QUESTION,
    });
    expect(run.error).toBeNull();
    expect(run.messages.map((m) => (m as { role: string }).role)).toEqual(['assistant', 'tool', 'assistant']);
    const expected = [...sentTurns(run.requests[0]!), ...responseTurns(run.messages)];
    expect(expected.slice(0, 2)).toEqual([
      { role: 'system', content: MASTRA_INSTRUCTIONS },
      { role: 'user', content: QUESTION },
    ]);
    await expect
      .poll(async () => (await served.list()).map((s) => s.outcome?.status), { timeout: 30_000 })
      .toEqual(['success']);
    const [summary] = await served.list();
    expect(summary!.title).toBe(QUESTION);
    expect(summary!.outcome).toEqual({
      status: 'success',
      by: 'root span "invoke_agent weather-agent" status',
      value: 'OK',
    });
    const trajectory = await served.get(summary!.id);
    expect(trajectory.turns.map(said)).toEqual(expected);
    // The model was sent the same turns; the OpenAI provider writes the booking's error as `{"error": …}`.
    expect(trajectory.turns.map(said).map(asOpenAISent)).toEqual([...sentTurns(run.requests[1]!), expected.at(-1)]);
    for (const result of trajectory.turns.filter((t) => t.role === 'tool'))
      expect(result.timing?.durationMs).toBeGreaterThanOrEqual(0);
    expectModelAndTokens(
      trajectory,
      run.steps.map((s) => ({ prompt: s.inputTokens!, completion: s.outputTokens! })),
    );
    // The exporter names the agent's tools and nothing more; their descriptions come from the tool spans.
    const tools = (await served.request('trajectories.declaredTools', { id: summary!.id })) as {
      name: string;
      description: string;
    }[];
    expect(tools.map((t) => [t.name, t.description])).toEqual([
      ['get_weather', 'Current weather in a city'],
      ['book_table', 'Book a restaurant table'],
    ]);
    expect(served.alive()).toBe(true);
  });

  it('ends in failure with the error where the model call failed, with the turns before it', async () => {
    const served = await startTrellisServe();
    // One reply only: the second model call gets the server's error, and the agent throws it.
    const run = await runMastraAgent({
      endpoint: served.endpoint,
      token: served.token,
      script: SCRIPT.slice(0, 1),
      question: QUESTION,
    });
    expect(run.error).toContain('the script has no more replies');
    expect(run.requests).toHaveLength(2);
    await expect
      .poll(async () => (await served.list()).map((s) => s.outcome?.status), { timeout: 30_000 })
      .toEqual(['failure']);
    const [summary] = await served.list();
    expect(summary!.outcome).toEqual({
      status: 'failure',
      by: 'root span "invoke_agent weather-agent" status',
      value: run.error,
    });
    const trajectory = await served.get(summary!.id);
    // All the agent did is in the request the failed call was sent: prompt, both calls, both results.
    const sent = sentTurns(run.requests.at(-1)!);
    expect(sent.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool']);
    expect(trajectory.turns.map(said).map(asOpenAISent)).toEqual(sent);
    expect(trajectory.turns[4]).toMatchObject({
      toolCallId: 'call_book_2',
      content: 'no table free at Chez Marie at 8pm',
    });
    expectModelAndTokens(trajectory, [{ prompt: 31, completion: 18 }]);
  });
});
