import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { startOpenAIServer } from '../../helpers/openai-server';
import { tempDir } from '../../helpers/temp';

describe('Run as agent against a remote server', () => {
  it('sends the conversation with the graph’s tools and reads the call from tool_calls', async () => {
    const server = await startOpenAIServer({
      script: (body) =>
        (body.messages as { role: string }[]).at(-1)!.role === 'user'
          ? { toolCalls: [{ name: 'get_weather_forecast', arguments: '{"city": "Kyoto"}' }] }
          : { content: 'Sunny in Kyoto.' },
    });
    const b = createBackend({ workspace: path.join(tempDir(), 'chat.trellis'), host: 'cli', seed: true });
    try {
      await b.registry.invoke('models.useRemote', { baseUrl: server.baseUrl, model: 'chat' });
      const [graph] = await b.registry.invoke('graphs.list', {});
      let run = await b.registry.invoke('runs.start', {
        graphId: graph!.id,
        intent: 'Weather in Kyoto?',
        mode: 'agent',
      });
      run = await b.registry.invoke('runs.step', { runId: run.id });
      expect(run.turns.at(-1)).toMatchObject({
        role: 'assistant',
        toolCalls: [{ id: 'srv_0', name: 'get_weather_forecast', args: { city: 'Kyoto' } }],
      });
      const asked = server.received.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
      expect(asked.messages).toEqual([{ role: 'user', content: 'Weather in Kyoto?' }]);
      expect((asked.tools as { function: { name: string } }[]).map((t) => t.function.name)).toContain(
        'get_weather_forecast',
      );
      expect(asked.response_format).toBeUndefined();

      // A fork of the run goes on the same way: the answer is the server's text.
      const fork = await b.registry.invoke('runs.fork', { runId: run.id, turnIndex: 1 });
      await b.registry.invoke('runs.step', { runId: fork.id });
      const answered = await b.registry.invoke('runs.step', { runId: fork.id });
      expect(answered.turns.at(-1)).toMatchObject({ role: 'assistant', content: 'Sunny in Kyoto.' });
      const last = server.received.at(-1)!.body.messages as { role: string; tool_call_id?: string }[];
      expect(last.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
      expect(last[2]!.tool_call_id).toBe('srv_0');
    } finally {
      b.close();
    }
  });
});

describe('Run as agent when the server answers a call Trellis cannot use', () => {
  it('ends the run with the reason, keeps the call as the model wrote it, and goes on once the call is corrected', async () => {
    const server = await startOpenAIServer({
      script: (body) =>
        (body.messages as { role: string }[]).at(-1)!.role === 'user'
          ? { toolCalls: [{ name: 'get_weather_forecast', arguments: '{"city": Kyoto}' }] }
          : { content: 'Sunny in Kyoto.' },
    });
    const b = createBackend({ workspace: path.join(tempDir(), 'malformed.trellis'), host: 'cli', seed: true });
    try {
      await b.registry.invoke('models.useRemote', { baseUrl: server.baseUrl, model: 'chat' });
      const [graph] = await b.registry.invoke('graphs.list', {});
      let run = await b.registry.invoke('runs.start', {
        graphId: graph!.id,
        intent: 'Weather in Kyoto?',
        mode: 'agent',
      });
      run = await b.registry.invoke('runs.continue', { runId: run.id });
      const reason = 'The model called get_weather_forecast with arguments that are not JSON: {"city": Kyoto}';
      expect([run.status, run.note]).toEqual(['stopped', reason]);
      expect(run.turns.map((t) => t.role)).toEqual(['user', 'assistant']);
      expect(run.turns[1]).toMatchObject({ toolCalls: [{ name: 'get_weather_forecast', args: '{"city": Kyoto}' }] });
      expect(run.turns[1]!.content).toBeUndefined();
      const stored = await b.registry.invoke('trajectories.get', { id: run.trajectoryId! });
      expect(stored.outcome).toEqual({ status: 'unknown', by: 'Trellis run', value: reason });

      // Corrected in the debugger, the call runs and the model answers.
      await b.registry.invoke('runs.edit', { runId: run.id, turnIndex: 1, args: { city: 'Kyoto' } });
      run = await b.registry.invoke('runs.continue', { runId: run.id });
      expect(run.status).toBe('finished');
      expect(run.turns.at(-1)).toMatchObject({ role: 'assistant', content: 'Sunny in Kyoto.' });
    } finally {
      b.close();
    }
  });
});

describe('Run as agent with a loaded GGUF', () => {
  it('asks it through its own chat template (tools told in Hermes’s form) and keeps what it read and wrote', async () => {
    const { TEST_SETTINGS, tinyModel } = await import('../../helpers/models');
    const b = createBackend({
      workspace: path.join(tempDir(), 'local-chat.trellis'),
      host: 'cli',
      seed: true,
      modelEnv: { ...process.env, TRELLIS_GPU: 'off' },
    });
    try {
      await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
      const [graph] = await b.registry.invoke('graphs.list', {});
      let run = await b.registry.invoke('runs.start', {
        graphId: graph!.id,
        intent: 'Weather in Kyoto?',
        mode: 'agent',
      });
      run = await b.registry.invoke('runs.step', { runId: run.id });
      const turn = run.turns[1]!;
      expect(turn.role).toBe('assistant');
      // The tools in the system message make a prompt far longer than the intent alone.
      expect(turn.tokens!.prompt).toBeGreaterThan(100);
      expect(turn.tokens!.completion).toBeGreaterThan(0);
    } finally {
      b.close();
    }
  }, 120_000);
});
