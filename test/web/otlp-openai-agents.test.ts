import type { AgentInputItem } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../shared/domain';
import {
  AGENT_INSTRUCTIONS,
  AGENT_MODEL,
  AGENT_QUESTION,
  CONCIERGE_INSTRUCTIONS,
  EVENING_SCRIPT,
  HANDOFF_REPLY,
  runEveningAgent,
  type AgentsRun,
} from '../helpers/openai-agents-run';
import { startTrellisServe } from '../helpers/trellis-serve';

const SCOPE = '@arizeai/openinference-instrumentation-openai-agents';

const INSTRUCTIONS: Record<string, string> = { 'Evening planner': AGENT_INSTRUCTIONS };

/**
 * The run as the agents saw it, from the SDK's own items: the first agent's instructions, the
 * user's input, one assistant turn per model response (its function calls together), each call's
 * result as the model was given it (a handoff's too, then the next agent's instructions), and the
 * final output.
 */
function turnsOfHistory(history: AgentInputItem[], usage: AgentsRun['usage'], first: string): Partial<Turn>[] {
  const turns: Partial<Turn>[] = [{ role: 'system', content: first }];
  let response = 0;
  for (const item of history) {
    const last = turns.at(-1)!;
    if (item.type === 'function_call') {
      const call = { id: item.callId, name: item.name, args: JSON.parse(item.arguments) as unknown };
      if (last.role === 'assistant' && last.toolCalls) last.toolCalls.push(call);
      else turns.push({ role: 'assistant', toolCalls: [call], tokens: tokensOf(usage[response++]) });
    } else if (item.type === 'function_call_result') {
      const output = item.output as { type: string; text: string };
      turns.push({ role: 'tool', toolCallId: item.callId, content: output.text });
      const handedTo = item.name.startsWith('transfer_to_') && (JSON.parse(output.text) as { assistant: string });
      if (handedTo) turns.push({ role: 'system', content: INSTRUCTIONS[handedTo.assistant] });
    } else if (item.type === 'message' && item.role === 'user') {
      turns.push({ role: 'user', content: item.content as string });
    } else if (item.type === 'message' && item.role === 'assistant') {
      const text = item.content.map((c) => ('text' in c ? c.text : '')).join('');
      turns.push({ role: 'assistant', content: text, tokens: tokensOf(usage[response++]) });
    }
  }
  return turns;
}

const tokensOf = (u: AgentsRun['usage'][number] | undefined) => u && { prompt: u.input, completion: u.output };

const pick = (t: Turn): Partial<Turn> => ({
  role: t.role,
  ...(t.content !== undefined ? { content: t.content } : {}),
  ...(t.toolCalls ? { toolCalls: t.toolCalls } : {}),
  ...(t.toolCallId ? { toolCallId: t.toolCallId } : {}),
  ...(t.tokens ? { tokens: t.tokens } : {}),
});

describe('an OpenAI Agents SDK run traced by OpenInference, sending to trellis serve', () => {
  it.each([
    ['responses', 'OpenInference (OpenAI Agents SDK)'],
    ['chat', 'OpenInference'],
  ] as const)(
    'arrives turn by turn as the agent ran it: instructions, parallel calls together, the failed tool as the model saw it (%s API)',
    async (api, convention) => {
      const served = await startTrellisServe();
      const agent = await runEveningAgent({
        script: EVENING_SCRIPT,
        endpoint: served.endpoint,
        token: served.token,
        api,
      });
      expect(agent.error).toBeNull();
      await expect.poll(async () => (await served.list())[0]?.outcome?.status).toBe('success');
      const [summary] = await served.list();
      expect(summary!.outcome).toEqual({ status: 'success', by: 'root span "Agent workflow" status', value: 'OK' });
      expect(summary!.title).toBe(AGENT_QUESTION);
      const trajectory = await served.get(summary!.id);

      expect(trajectory.turns.map(pick)).toEqual(turnsOfHistory(agent.history, agent.usage, AGENT_INSTRUCTIONS));
      expect(trajectory.turns.at(-1)!.content).toBe(agent.finalOutput);
      // The tool that threw: its turn is the text the SDK gave the model; the span's error is kept apart.
      const booking = trajectory.turns.find((t) => t.role === 'tool' && t.toolCallId === 'call_book')!;
      expect(booking.content).toBe('An error occurred while running the tool. Please try again.');
      expect(trajectory.metadata?.tool_errors).toEqual([
        { tool: 'book_table', toolCallId: 'call_book', error: expect.stringContaining('Error running tool') },
      ]);
      for (const turn of trajectory.turns.filter((t) => t.role === 'tool'))
        expect(turn.timing?.durationMs).toBeGreaterThanOrEqual(0);

      // The tools as the request declared them (Responses' flat functions, or Chat's `{function}`).
      type Declared = { name: string; description: string; parameters: unknown };
      const sent = (agent.requests[0]!.tools as (Declared & { function?: Declared })[]).map((t) => t.function ?? t);
      const tools = await served.request('trajectories.declaredTools', { id: summary!.id });
      // The bridge writes no tools on a Chat Completions generation span: there is nothing to read.
      if (api === 'chat') expect(tools ?? []).toEqual([]);
      else
        expect(tools).toEqual(
          sent.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
        );
      expect(trajectory.metadata).toMatchObject({
        model: AGENT_MODEL,
        trace_state: 'complete',
        root_span: 'Agent workflow',
        usage: {
          input_tokens: agent.usage.reduce((n, u) => n + u.input, 0),
          output_tokens: agent.usage.reduce((n, u) => n + u.output, 0),
        },
      });
      expect(trajectory.metadata?.conventions).toEqual([convention]);
      expect(trajectory.metadata?.instrumentations).toEqual([expect.stringMatching(new RegExp(`^${SCOPE} `))]);
      expect(served.alive()).toBe(true);
    },
  );

  it('arrives with a handoff as the run went: the transfer call and its result, then the next agent under its own instructions', async () => {
    const served = await startTrellisServe();
    const agent = await runEveningAgent({
      script: [HANDOFF_REPLY, ...EVENING_SCRIPT],
      endpoint: served.endpoint,
      token: served.token,
      handoff: true,
    });
    expect(agent.error).toBeNull();
    await expect.poll(async () => (await served.list())[0]?.outcome?.status).toBe('success');
    const trajectory = await served.get((await served.list())[0]!.id);
    const expected = turnsOfHistory(agent.history, agent.usage, CONCIERGE_INSTRUCTIONS);
    expect(expected.filter((t) => t.role === 'system')).toHaveLength(2);
    expect(trajectory.turns.map(pick)).toEqual(expected);
    // The handoff span says who handed the run to whom; no tool ran, so it is kept as it came.
    const kept = Object.entries(trajectory.metadata?.span_attributes as Record<string, Record<string, unknown>>);
    expect(kept.find(([name]) => name.startsWith('handoff to Evening planner '))?.[1]).toMatchObject({
      'input.value': '{"from_agent":"Concierge"}',
      'output.value': '{"to_agent":"Evening planner"}',
    });
    expect(trajectory.metadata?.usage).toEqual({
      input_tokens: agent.usage.reduce((n, u) => n + u.input, 0),
      output_tokens: agent.usage.reduce((n, u) => n + u.output, 0),
    });
  });

  it('arrives as a failure with the error when a model call fails, though the root span never comes', async () => {
    const served = await startTrellisServe(['--trace-quiet-seconds', '2']);
    // One reply, then the server answers 500 to the second model call (the client does not retry).
    const agent = await runEveningAgent({
      script: EVENING_SCRIPT.slice(0, 1),
      endpoint: served.endpoint,
      token: served.token,
    });
    expect(agent.error?.message).toBe('500 the script has no more replies');
    await expect.poll(async () => (await served.list())[0]?.outcome?.status).toBe('failure');
    const [summary] = await served.list();
    expect(summary!.outcome?.value).toContain(agent.error!.message);
    const trajectory = await served.get(summary!.id);
    expect(trajectory.turns.map(pick)).toEqual([
      { role: 'system', content: AGENT_INSTRUCTIONS },
      { role: 'user', content: AGENT_QUESTION },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'call_weather_paris', name: 'get_weather', args: { city: 'Paris' } },
          { id: 'call_weather_lyon', name: 'get_weather', args: { city: 'Lyon' } },
        ],
        tokens: { prompt: 112, completion: 38 },
      },
      { role: 'tool', toolCallId: 'call_weather_paris', content: '{"city":"Paris","celsius":21}' },
      { role: 'tool', toolCallId: 'call_weather_lyon', content: '{"city":"Lyon","celsius":24}' },
    ]);
    expect(trajectory.metadata).toMatchObject({
      trace_state: 'complete',
      error: expect.stringContaining(agent.error!.message),
    });
  });
});
