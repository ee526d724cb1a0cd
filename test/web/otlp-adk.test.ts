import { describe, expect, it } from 'vitest';
import { startGeminiServer } from '../helpers/gemini-agent-server';
import { expectSameDinnerRun, RUN } from '../helpers/producer-fixtures';
import { startTrellisServe } from '../helpers/trellis-serve';

/**
 * Google's ADK for TypeScript (`@google/adk`), a real LlmAgent, when it is installed (or where
 * TRELLIS_ADK_MODULE names its entry point); skipped otherwise. Its model is a loopback server in
 * Gemini's shape; its spans go to a real `trellis serve`.
 */
const adkModule = process.env.TRELLIS_ADK_MODULE ?? '@google/adk';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the package is optional: no types here
const adk: any = await import(/* @vite-ignore */ adkModule).catch(() => null);

describe.skipIf(!adk)('a Google ADK agent sending its spans to trellis serve', () => {
  it('arrives turn by turn: the system instruction ADK sent, parallel calls together, results, the failed booking, the answer', async () => {
    const served = await startTrellisServe();
    const gemini = await startGeminiServer([
      {
        parts: [
          { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
          { functionCall: { name: 'get_weather', args: { city: 'Rome' } } },
        ],
        usage: [120, 30],
      },
      { parts: [{ functionCall: { name: 'book_table', args: { restaurant: 'Chez Marie' } } }], usage: [180, 20] },
      { parts: [{ text: RUN.answer }], usage: [230, 25] },
    ]);
    process.env.GOOGLE_GEMINI_BASE_URL = gemini.url;
    // ADK's own way to export: its providers, set up from the OTLP variables a user sets.
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `${served.endpoint}/v1/traces`;
    process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS = `Authorization=Bearer%20${served.traceToken}`;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
    adk.maybeSetOtelProviders();
    const tool = (name: string, description: string, key: string, execute: (args: Record<string, string>) => unknown) =>
      new adk.FunctionTool({
        name,
        description,
        parameters: { type: 'OBJECT', properties: { [key]: { type: 'STRING' } }, required: [key] },
        execute,
      });
    const agent = new adk.LlmAgent({
      name: 'weather_agent',
      model: new adk.Gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key' }),
      instruction: RUN.system,
      tools: [
        tool('get_weather', 'The weather in a city.', 'city', ({ city }) => (city === 'Paris' ? RUN.paris : RUN.rome)),
        // ADK's way for a tool to fail: a response that says so, which the model reads.
        tool('book_table', 'Books a table at a restaurant.', 'restaurant', () => ({
          status: 'error',
          error_message: 'No tables left at Chez Marie',
        })),
      ],
    });
    const runner = new adk.InMemoryRunner({ agent, appName: 'dinner' });
    const session = await runner.sessionService.createSession({ appName: 'dinner', userId: 'u1' });
    const message = { role: 'user', parts: [{ text: RUN.user }] };
    for await (const _ of runner.runAsync({ userId: 'u1', sessionId: session.id, newMessage: message }));
    expect(gemini.requests).toHaveLength(3);

    // Its batch processor sends the spans as they end; the root span last.
    await expect.poll(async () => (await served.list()).length, { timeout: 60_000 }).toBe(1);
    await expect
      .poll(async () => (await served.get((await served.list())[0]!.id)).metadata?.trace_state, { timeout: 60_000 })
      .toBe('complete');
    const trajectory = await served.get((await served.list())[0]!.id);
    const tools = (await served.request('trajectories.declaredTools', { id: trajectory.id })) as never;
    // ADK puts its own words before the agent's instruction: what the model was sent.
    const config = gemini.requests[0]!.systemInstruction as { parts: { text: string }[] };
    expectSameDinnerRun(
      { turns: trajectory.turns, tools, metadata: trajectory.metadata ?? {} },
      {
        system: config.parts.map((p) => p.text).join('\n'),
        ids: ['call_1_0', 'call_1_1', 'call_3_0'],
        results: ['{"result":"Sunny, 24°C"}', '{"result":"Rain, 18°C"}'],
        bookingError: '{"status":"error","error_message":"No tables left at Chez Marie"}',
        model: 'gemini-2.5-flash',
      },
    );
    expect(trajectory.metadata?.conversation_id).toBe(session.id);
  }, 120_000);
});
