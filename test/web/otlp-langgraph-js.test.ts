import type { BaseMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import type { Trajectory, Turn } from '../../shared/domain';
import { LANGGRAPH_PROMPT, runLangGraphAgent } from '../helpers/langgraph-agent';
import type { ScriptedReply } from '../helpers/openai-agent-server';
import { startTrellisServe } from '../helpers/trellis-serve';

const QUESTION = 'What is the weather in Paris, and book me a table at Chez Marie?';
const FOLLOW_UP = 'Thanks. Is it warm enough to sit outside?';

/** Both tools at once (book_table throws), then an answer; then the follow-up's answer. */
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
  { content: 'Yes: 21 °C and sunny is warm enough.', usage: { prompt_tokens: 95, completion_tokens: 10 } },
];

/** A turn's conversation fields, as a LangChain message would give them. */
const said = (t: Turn) => ({
  role: t.role,
  ...(t.content ? { content: t.content } : {}),
  ...(t.toolCalls ? { toolCalls: t.toolCalls } : {}),
  ...(t.toolCallId ? { toolCallId: t.toolCallId } : {}),
});

function turnOf(m: BaseMessage) {
  const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  if (m.getType() === 'human') return { role: 'user', content };
  if (m.getType() === 'tool')
    return { role: 'tool', content, toolCallId: (m as unknown as { tool_call_id: string }).tool_call_id };
  const calls = (m as unknown as { tool_calls?: { id: string; name: string; args: unknown }[] }).tool_calls ?? [];
  return {
    role: 'assistant',
    ...(content ? { content } : {}),
    ...(calls.length ? { toolCalls: calls.map((c) => ({ id: c.id, name: c.name, args: c.args })) } : {}),
  };
}

const tokensOf = (m: BaseMessage) => {
  const usage = (m as unknown as { usage_metadata: { input_tokens: number; output_tokens: number } }).usage_metadata;
  return { prompt: usage.input_tokens, completion: usage.output_tokens };
};

/** The trajectory against the thread the agent kept, turn by turn: the system prompt, then one turn per message. */
function expectSameThread(trajectory: Trajectory, thread: BaseMessage[]) {
  const turns = trajectory.turns;
  expect(said(turns[0]!)).toEqual({ role: 'system', content: LANGGRAPH_PROMPT });
  expect(turns.slice(1).map(said)).toEqual(thread.map(turnOf));
  const answers = thread.filter((m) => m.getType() === 'ai');
  expect(turns.filter((t) => t.role === 'assistant').map((t) => t.tokens)).toEqual(answers.map(tokensOf));
  for (const result of turns.filter((t) => t.role === 'tool')) expect(result.timing?.durationMs).toBeGreaterThan(0);
  expect(trajectory.metadata).toMatchObject({
    harness: 'OpenTelemetry',
    model: 'scripted-agent',
    conventions: ['OpenInference'],
    usage: {
      input_tokens: answers.reduce((n, m) => n + tokensOf(m).prompt, 0),
      output_tokens: answers.reduce((n, m) => n + tokensOf(m).completion, 0),
    },
  });
  expect(trajectory.metadata?.instrumentations).toEqual(['@arizeai/openinference-instrumentation-langchain 4.1.1']);
}

describe('a LangGraph.js agent traced by OpenInference, sending to trellis serve', () => {
  it('arrives as one conversation per thread, each turn once, results as the model got them', async () => {
    const served = await startTrellisServe();
    const run = await runLangGraphAgent({
      endpoint: served.endpoint,
      token: served.token,
      script: SCRIPT,
      questions: [QUESTION, FOLLOW_UP],
      threadId: 'thread-paris',
    });
    expect(run.error).toBeNull();
    const thread = run.threads.at(-1)!;
    // user, both calls in one turn, two results, answer; user, answer.
    expect(thread.map((m) => m.getType())).toEqual(['human', 'ai', 'tool', 'tool', 'ai', 'human', 'ai']);
    await expect.poll(async () => (await served.list()).map((s) => s.turnCount)).toEqual([thread.length + 1]);
    const [summary] = await served.list();
    expect(summary!.title).toBe(QUESTION);
    expect(summary!.outcome).toEqual({ status: 'success', by: 'root span "LangGraph" status', value: 'OK' });
    const trajectory = await served.get(summary!.id);
    expectSameThread(trajectory, thread);
    // The failed booking is the text ToolNode sent the model, the span's error kept beside it.
    expect(trajectory.turns[4]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_book_2',
      content: 'Error: no table free at Chez Marie at 8pm\n Please fix your mistakes.',
    });
    expect(trajectory.metadata?.tool_errors).toEqual([
      { tool: 'book_table', toolCallId: 'call_book_2', error: 'no table free at Chez Marie at 8pm' },
    ]);
    // Both invocations' traces are one conversation: OpenInference writes the thread id as session.id.
    expect(trajectory.metadata).toMatchObject({ conversation_id: 'thread-paris', trace_state: 'complete' });
    expect(trajectory.metadata?.trace_ids).toHaveLength(2);
    const tools = (await served.request('trajectories.declaredTools', { id: summary!.id })) as { name: string }[];
    expect(tools.map((t) => t.name)).toEqual(['get_weather', 'book_table']);
    expect(served.alive()).toBe(true);
  });

  it('ends in failure where the graph threw, with the turns before it', async () => {
    const served = await startTrellisServe();
    // One reply only: the model's second call gets the server's error, and the graph throws it.
    const run = await runLangGraphAgent({
      endpoint: served.endpoint,
      token: served.token,
      script: SCRIPT.slice(0, 1),
      questions: [QUESTION],
      threadId: 'thread-failing',
    });
    expect(run.error).toContain('the script has no more replies');
    const thread = run.threads.at(-1)!;
    expect(thread.map((m) => m.getType())).toEqual(['human', 'ai', 'tool', 'tool']);
    await expect.poll(async () => (await served.list()).map((s) => s.outcome?.status)).toEqual(['failure']);
    const [summary] = await served.list();
    // The error as the graph threw it; LangChain's stack after it stays with the span.
    expect(summary!.outcome).toEqual({ status: 'failure', by: 'root span "LangGraph" status', value: run.error });
    const trajectory = await served.get(summary!.id);
    expectSameThread(trajectory, thread);
  });
});
