import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { TraceReceiver } from '../../../backend/otlp/receiver';
import { testBackend } from '../../helpers/backend';
import { tool } from '../../helpers/graphs';
import { exportRequest, span } from '../../helpers/otlp-json';
import { tempDir } from '../../helpers/temp';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** An agent run's spans: root, a model call asking for a tool, the tool, a model call answering. */
function agentRun(traceId = hex(16)) {
  const root = hex(8);
  const messages = (content: string) => JSON.stringify([{ role: 'user', parts: [{ type: 'text', content }] }]);
  return {
    traceId,
    root: span({ name: 'agent', traceId, spanId: root, at: 0, durationMs: 100, status: { code: 1 } }),
    ask: span({
      name: 'chat',
      traceId,
      parent: root,
      at: 1,
      attributes: {
        'gen_ai.input.messages': messages('Weather in Oslo?'),
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'tool_call', id: 't1', name: 'weather', arguments: { city: 'Oslo' } }] },
        ]),
      },
    }),
    tool: span({
      name: 'execute_tool weather',
      traceId,
      parent: root,
      at: 20,
      durationMs: 30,
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'weather',
        'gen_ai.tool.call.id': 't1',
        'gen_ai.tool.call.result': 'rain',
      },
    }),
    answer: span({
      name: 'chat',
      traceId,
      parent: root,
      at: 60,
      attributes: {
        'gen_ai.input.messages': JSON.stringify([
          { role: 'user', parts: [{ type: 'text', content: 'Weather in Oslo?' }] },
          { role: 'assistant', parts: [{ type: 'tool_call', id: 't1', name: 'weather', arguments: { city: 'Oslo' } }] },
          { role: 'tool', parts: [{ type: 'tool_call_response', id: 't1', response: 'rain' }] },
        ]),
        'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Rain.' }] }]),
      },
    }),
  };
}

describe('TraceReceiver: spans to trajectories of the workspace', () => {
  it('assembles spans arriving out of order over several requests, in progress until the root arrives', () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const run = agentRun();
    const told: string[][] = [];
    backend.store.changes.subscribe((c) => c.namespace === 'trajectories' && told.push(c.ids ?? []));
    const [id] = receiver.receive(exportRequest([run.answer])).trajectoryIds;
    expect(backend.store.trajectories.get(id!).outcome).toEqual({
      status: 'unknown',
      by: 'trace in progress',
      value: null,
    });
    receiver.receive(exportRequest([run.tool]));
    receiver.receive(exportRequest([run.ask]));
    const open = backend.store.trajectories.get(id!);
    expect(open.metadata?.trace_state).toBe('in progress');
    expect(open.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    receiver.receive(exportRequest([run.root]));
    const done = backend.store.trajectories.get(id!);
    expect(done.outcome).toEqual({ status: 'success', by: 'root span "agent" status', value: 'OK' });
    expect(done.metadata?.trace_state).toBe('complete');
    expect(done.turns[2]).toMatchObject({
      role: 'tool',
      content: 'rain',
      toolCallId: 't1',
      timing: { durationMs: 30 },
    });
    // One trajectory, updated in place, each update told to the UI with its id.
    expect(backend.store.trajectoryQueries.list({}, 10, 0).total).toBe(1);
    expect(told).toEqual([[id], [id], [id], [id]]);
    receiver.close();
  });

  it('completes a trace whose root never comes once it has been quiet', async () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store, { quietMs: 200 });
    const run = agentRun();
    const [id] = receiver.receive(exportRequest([run.ask, run.tool])).trajectoryIds;
    expect(backend.store.trajectories.get(id!).metadata?.trace_state).toBe('in progress');
    await expect.poll(() => backend.store.trajectories.get(id!).metadata?.trace_state).toBe('complete');
    expect(backend.store.trajectories.get(id!).outcome).toMatchObject({ by: 'trace went quiet without its root span' });
    receiver.close();
  });

  it('picks a trace up from its stored spans after a restart, and keeps labels through updates', () => {
    const workspace = path.join(tempDir(), 'restart.trellis');
    const run = agentRun();
    const first = createBackend({ workspace, host: 'cli' });
    const receiver = new TraceReceiver(first.store);
    const [id] = receiver.receive(exportRequest([run.ask, run.tool])).trajectoryIds;
    first.store.labels.set({ trajectoryId: id!, status: 'accepted', tags: [], rating: null, note: '' });
    receiver.close();
    first.close();
    const second = createBackend({ workspace, host: 'cli' });
    try {
      const again = new TraceReceiver(second.store);
      expect(again.receive(exportRequest([run.answer, run.root])).trajectoryIds).toEqual([id]);
      const t = second.store.trajectories.get(id!);
      expect(t.turns.map((x) => x.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
      expect(t.outcome?.status).toBe('success');
      expect(second.store.labels.get(id!)?.status).toBe('accepted');
      again.close();
    } finally {
      second.close();
    }
  });

  it('keeps a turn the user edited as edited when later spans of its trace arrive', () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const run = agentRun();
    const [id] = receiver.receive(exportRequest([run.ask, run.tool])).trajectoryIds;
    const asked = backend.store.trajectories.get(id!).turns[0]!;
    backend.store.turnEdits.edit(id!, 0, { ...asked, content: 'Weather in Oslo tomorrow?' });
    receiver.receive(exportRequest([run.answer, run.root]));
    const t = backend.store.trajectories.get(id!);
    expect(t.turns.map((x) => x.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(t.turns[0]!.content).toBe('Weather in Oslo tomorrow?');
    expect(backend.store.turnEdits.list(id!).map((e) => [e.turnIndex, e.original.content])).toEqual([
      [0, 'Weather in Oslo?'],
    ]);
    backend.store.turnEdits.revert(id!, 0);
    expect(backend.store.trajectories.get(id!).turns[0]!.content).toBe('Weather in Oslo?');
    receiver.close();
  });

  it("gives a graph's tools replay runtimes from the results received traces recorded", async () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const run = agentRun();
    receiver.receive(exportRequest([run.root, run.ask, run.tool, run.answer]));
    const { id: graphId } = await backend.registry.invoke('graphs.create', { name: 'Weather agent' });
    await backend.registry.invoke('graphs.save', {
      id: graphId,
      tools: [tool('weather', { city: 'string' })],
      edges: [],
      dismissedSuggestions: [],
    });
    const made = await backend.registry.invoke('graphs.makeReplayRuntimes', {
      id: graphId,
      filter: { source: 'otlp' },
    });
    expect(made.trajectories).toBe(1);
    const replay = made.tools.find((t) => t.tool === 'weather')!.runtime;
    // The recorded text too: written out again, the value would be the JSON string "rain", not rain.
    expect(replay.kind === 'replay' && replay.recordings).toEqual([
      { args: { city: 'Oslo' }, result: 'rain', text: 'rain' },
    ]);
    receiver.close();
  });

  it('makes an OpenInference TOOL span with no model call into the call and its result', () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const traceId = hex(16);
    const root = hex(8);
    const [id] = receiver.receive(
      exportRequest([
        span({ name: 'agent', traceId, spanId: root, status: { code: 2, message: 'tool broke' } }),
        span({
          name: 'lookup',
          traceId,
          parent: root,
          at: 5,
          attributes: { 'openinference.span.kind': 'TOOL', 'tool.name': 'lookup', 'input.value': '{"q":"x"}' },
          status: { code: 2, message: 'index offline' },
        }),
      ]),
    ).trajectoryIds;
    const t = backend.store.trajectories.get(id!);
    expect(t.turns).toMatchObject([
      { role: 'assistant', toolCalls: [{ name: 'lookup', args: { q: 'x' } }] },
      { role: 'tool', content: 'Error: index offline' },
    ]);
    expect(t.outcome).toEqual({ status: 'failure', by: 'root span "agent" status', value: 'tool broke' });
    expect(t.metadata?.error).toBe('tool broke');
    // Received traces are one source in the Source filter, and failed runs one Outcome filter away.
    const run = agentRun();
    receiver.receive(exportRequest([run.ask, run.root]));
    expect(backend.store.trajectoryQueries.facets().sources).toEqual([{ value: 'otlp', count: 2 }]);
    const failed = backend.store.trajectoryQueries.list({ outcome: 'failure' }, 10, 0);
    expect(failed.items.map((f) => f.id)).toEqual([id]);
    expect(backend.store.trajectoryQueries.list({ source: 'otlp' }, 10, 0).total).toBe(2);
    receiver.close();
  });
});
