import { beforeAll, describe, expect, it } from 'vitest';
import type { Trajectory, Turn } from '../../shared/domain';
import { startAgentServer, type ScriptedReply } from '../helpers/openai-agent-server';
import { langGraphPython, runLangGraphAgent, type LangGraphRecord } from '../helpers/python-langgraph';
import { startTrellisServe } from '../helpers/trellis-serve';

// Run one asks for two cities at once (two parallel calls), then books a table (the tool raises,
// ToolNode hands the model the error); run two goes on the same thread; run three finds the
// model server without replies and fails.
const SCRIPT: ScriptedReply[] = [
  {
    toolCalls: [
      { id: 'call_paris', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_lyon', name: 'get_weather', arguments: '{"city":"Lyon"}' },
    ],
    usage: { prompt_tokens: 40, completion_tokens: 12 },
  },
  {
    toolCalls: [{ id: 'call_book', name: 'book_table', arguments: '{"restaurant":"Chez Marie"}' }],
    usage: { prompt_tokens: 70, completion_tokens: 9 },
  },
  {
    content: 'Paris and Lyon are sunny; Chez Marie is fully booked.',
    usage: { prompt_tokens: 95, completion_tokens: 14 },
  },
  {
    toolCalls: [{ id: 'call_nice', name: 'get_weather', arguments: '{"city":"Nice"}' }],
    usage: { prompt_tokens: 110, completion_tokens: 8 },
  },
  { content: 'Nice is sunny too.', usage: { prompt_tokens: 125, completion_tokens: 7 } },
];

const ROLE = { system: 'system', human: 'user', ai: 'assistant', tool: 'tool' } as const;

/** The turns a run's messages make: the system prompt, then one turn per LangChain message. */
function expectedTurns(agent: LangGraphRecord, messages: NonNullable<LangGraphRecord['runs'][number]['messages']>) {
  return [
    { role: 'system', content: agent.system },
    ...messages.map((m) => ({
      role: ROLE[m.type],
      content: m.content,
      ...(m.tool_calls?.length ? { toolCalls: m.tool_calls } : {}),
      ...(m.tool_call_id ? { toolCallId: m.tool_call_id } : {}),
      ...(m.usage ? { tokens: m.usage } : {}),
    })),
  ];
}

const asCompared = (turns: Turn[]) =>
  turns.map((t) => ({
    role: t.role,
    content: t.content ?? '',
    ...(t.toolCalls ? { toolCalls: t.toolCalls } : {}),
    ...(t.toolCallId ? { toolCallId: t.toolCallId } : {}),
    ...(t.tokens ? { tokens: t.tokens } : {}),
  }));

let python: ReturnType<typeof langGraphPython>;
beforeAll(() => {
  python = langGraphPython();
}, 900_000);

describe('a LangGraph agent traced by LangSmith OpenTelemetry export (Python), sending to trellis serve', () => {
  it('arrives turn by turn, one trajectory per thread, with its calls, results, tokens and outcome', async ({
    skip,
  }) => {
    if ('skip' in python) return skip(python.skip);
    const served = await startTrellisServe();
    const model = await startAgentServer(SCRIPT);
    const agent = await runLangGraphAgent({
      python: python.python,
      modelBaseUrl: model.baseUrl,
      // The traces path spelled out: LangSmith hands OTEL_EXPORTER_OTLP_ENDPOINT to the exporter as its URL.
      tracesEndpoint: `${served.endpoint}/v1/traces`,
      token: served.token,
      threadId: 'thread-travel-1',
      failingThreadId: 'thread-travel-2',
    });
    const [first, second, failed] = agent.runs;
    expect(failed!.error).toContain('the script has no more replies');

    // Both runs of the first thread in one trajectory, the failed run's thread in another.
    await expect
      .poll(async () => (await served.list()).map((s) => s.outcome?.status).sort(), { timeout: 60_000 })
      .toEqual(['failure', 'success']);
    const trajectories: Trajectory[] = [];
    for (const summary of await served.list()) trajectories.push(await served.get(summary.id));
    const thread = trajectories.find((t) => t.metadata?.conversation_id === 'thread-travel-1')!;
    const failure = trajectories.find((t) => t.metadata?.conversation_id === 'thread-travel-2')!;
    expect(thread.metadata?.trace_ids).toHaveLength(2);

    // Turn by turn as the agent's state holds them after the second run: system and user
    // messages, one assistant turn per model answer (the two parallel calls together) with its
    // arguments and tokens, each result after its call (the failed booking as the text the model
    // was given), and both final answers.
    expect(asCompared(thread.turns)).toEqual(expectedTurns(agent, second!.messages!));
    expect(first!.messages!.at(-1)!.content).toBe(SCRIPT[2]!.content);
    expect(thread.turns.at(-1)!.content).toBe(SCRIPT[4]!.content);
    const answers = second!.messages!.filter((m) => m.type === 'ai');
    expect(thread.metadata).toMatchObject({
      model: answers[0]!.model,
      root_span: 'travel_agent',
      conventions: ['LangSmith (langsmith.span.kind)'],
      usage: {
        input_tokens: answers.reduce((n, m) => n + m.usage!.prompt, 0),
        output_tokens: answers.reduce((n, m) => n + m.usage!.completion, 0),
      },
      // The error, not the Python traceback LangSmith appends to it (that stays on the span's event).
      tool_errors: [
        { tool: 'book_table', toolCallId: 'call_book', error: "ValueError('Chez Marie is fully booked tonight')" },
      ],
    });
    expect(thread.turns.find((t) => t.toolCallId === 'call_book')!.content).toBe(
      second!.messages!.find((m) => m.tool_call_id === 'call_book')!.content,
    );
    expect(thread.outcome).toEqual({ status: 'success', by: 'root span "travel_agent" status', value: 'OK' });
    // So the checks find the failed booking alone: no call repeated (the parallel calls are one
    // turn), no answer missing.
    const findings = (await served.request('trajectories.check', { id: thread.id })) as { code: string }[];
    expect(findings.map((f) => f.code)).toEqual(['tool-error']);

    // The failed run: what was asked, and the error that ended it, without its traceback.
    expect(asCompared(failure.turns)).toEqual([
      { role: 'system', content: agent.system },
      { role: 'user', content: 'What is the weather in Rome?' },
    ]);
    expect(failure.outcome).toMatchObject({ status: 'failure', by: 'root span "travel_agent" status' });
    expect(String(failure.outcome!.value)).toContain('the script has no more replies');
    expect(String(failure.outcome!.value)).not.toContain('Traceback');
    expect(served.alive()).toBe(true);
  }, 600_000);
});
