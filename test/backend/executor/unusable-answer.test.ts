import { afterAll, describe, expect, it } from 'vitest';
import { turnFromChat } from '../../../backend/executor/agent-chat';
import { RunEngine } from '../../../backend/executor/engine';
import { memoryTurns } from '../../../backend/executor/run-turns';
import { McpServers, type RuntimeDeps } from '../../../backend/executor/runtimes';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import type { Tool, Turn } from '../../../shared/domain';

const mocks = new MockRunner();
const mcp = new McpServers();
afterAll(async () => {
  await mocks.close();
  await mcp.close();
});

const weather: Tool = {
  name: 'get_weather',
  description: 'the weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
  returns: {},
  runtime: { kind: 'fixed', responses: [], default: { temp_c: 18 } },
  position: { x: 0, y: 0 },
};

/** An agent whose model answers `texts` in turn (JSON mode). */
function jsonAgent(texts: string[], maxAssistantTurns?: number) {
  const answers = [...texts];
  const deps: RuntimeDeps = {
    mocks,
    mcp,
    seed: 1,
    allowed: () => true,
    generate: () => Promise.resolve({ text: answers.shift() ?? '' }),
  };
  return new RunEngine({
    graph: { tools: [weather], edges: [] },
    mode: 'agent',
    turns: memoryTurns([{ role: 'user', content: 'Weather in Oslo?' }]),
    runtime: deps,
    ...(maxAssistantTurns ? { maxAssistantTurns } : {}),
  });
}

/** How the run ended, as the debugger shows it (its outcome is `runOutcome`'s of the same reason). */
const ended = (engine: RunEngine) => ({ status: engine.status, note: engine.endedBecause });

const said = (turns: Turn[]) => turns.map((t) => `${t.content ?? ''}${t.thought ?? ''}`).join(' ');

describe('an agent answer Trellis cannot use stops the run, in Trellis’s words, never in the model’s', () => {
  it('JSON mode: a call of a tool the run does not have is kept as the model made it, and the run stops', async () => {
    const engine = jsonAgent(['{"action":"call","thought":"wipe it","tool":"delete_city","args":{"city":"Oslo"}}']);
    await engine.continue();
    expect(ended(engine)).toEqual({
      status: 'stopped',
      note: 'The model called "delete_city", which is not one of the run\'s tools (get_weather).',
    });
    expect(engine.turns.at(-1)).toEqual(
      expect.objectContaining({
        role: 'assistant',
        thought: 'wipe it',
        toolCalls: [{ id: 'call_1', name: 'delete_city', args: { city: 'Oslo' } }],
      }),
    );
    expect(engine.turns).toHaveLength(2);
  });

  it('JSON mode: an answer cut off, or with no text, adds no turn', async () => {
    const cut = jsonAgent(['{"action":"answer","answer":"It is 18']);
    await cut.step();
    expect(ended(cut)).toEqual({
      status: 'stopped',
      note: 'The model\'s answer was cut off or is not the JSON asked for: {"action":"answer","answer":"It is 18',
    });
    const empty = jsonAgent(['{"action":"answer","answer":""}']);
    await empty.step();
    expect(ended(empty).note).toMatch(/holds no text to answer with/);
    expect(cut.turns).toHaveLength(1);
    expect(empty.turns).toHaveLength(1);
  });

  it('the turn limit stops the run without an answer written in the model’s name', async () => {
    const call = '{"action":"call","thought":"","tool":"get_weather","args":{"city":"Oslo"}}';
    const engine = jsonAgent([call, call, call], 2);
    await engine.continue();
    expect(ended(engine)).toEqual({ status: 'stopped', note: 'Stopped after 2 assistant turns without an answer.' });
    expect(engine.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(said(engine.turns)).not.toMatch(/Stopped after/);
  });

  it('chat: an empty answer is not stored as "(no answer)"', () => {
    expect(() => turnFromChat({ content: '  ', toolCalls: [], ms: 1, cancelled: false }, 1)).toThrow(
      'The model answered nothing: no text and no tool call.',
    );
  });
});
