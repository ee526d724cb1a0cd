import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING_SERVER, exampleGraph } from '../../helpers/graphs';
import { RunEngine, type EngineOptions } from '../../../backend/executor/engine';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import { memoryTurns } from '../../../backend/executor/run-turns';
import { McpServers } from '../../../backend/executor/runtimes';
import type { PlanStep, Tool, Turn } from '../../../shared/domain';
import { planForGoals } from '../../../shared/plans';
import { joinCommandLine } from '../../../shared/runtimes';

const graph = exampleGraph();
const mocks = new MockRunner();
const mcp = new McpServers();
afterAll(async () => {
  await mocks.close();
  await mcp.close();
});

const INTENT = 'Convert the price of the booked flight from Paris to Lisbon on 2027-03-14 for 2 passengers';
const allowed = new Set<string>();

function engine(overrides: Partial<EngineOptions> = {}) {
  const saved: Turn[][] = [];
  const plan = planForGoals(graph, ['convert_currency'], INTENT);
  plan[1]!.args.traveler_name = 'Ana Silva';
  plan[2]!.args.to_currency = 'USD';
  const turns = memoryTurns([{ role: 'user', content: INTENT }]);
  const e = new RunEngine({
    graph,
    mode: 'plan',
    plan,
    turns,
    runtime: { mocks, mcp, seed: 1, allowed: (kind, key) => allowed.has(`${kind}:${key}`) },
    onChange: () => saved.push(turns.read()),
    ...overrides,
  });
  return { e, saved, plan };
}

const parse = (turn: Turn | undefined) => JSON.parse(turn?.content ?? 'null') as Record<string, unknown>;

/** A loopback HTTP server that echoes the path it was asked for, and a tool that calls it. */
async function lookupServer() {
  const server = http.createServer((req, res) => res.end(JSON.stringify({ path: req.url })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const web: Tool = {
    ...graph.tools[0]!,
    name: 'lookup',
    runtime: { kind: 'http', method: 'GET', url: `http://127.0.0.1:${port}/cities/{city}` },
  };
  return { server, port, web };
}

describe('run engine, plan mode', () => {
  it('steps one turn at a time: call, observation, … answer; references resolve to earlier results', async () => {
    const { e, saved } = engine();
    expect(e.nextAction()).toEqual({ kind: 'call', stepId: 's1', tool: 'search_flights' });
    await e.step();
    expect(e.turns.at(-1)!.toolCalls![0]).toMatchObject({ id: 's1', name: 'search_flights' });
    expect(e.nextAction().kind).toBe('execute');
    await e.step();
    const cheapest = parse(e.turns.at(-1)).cheapest_flight_id;
    expect(typeof cheapest).toBe('string');
    await e.step();
    expect(e.turns.at(-1)!.toolCalls![0]!.args).toMatchObject({ flight_id: cheapest, passengers: 2 });
    await e.continue();
    expect(e.status).toBe('finished');
    expect(e.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(e.turns.at(-1)!.content).toMatch(/^Plan complete: 3 of 3 steps succeeded\. convert_currency returned/);
    expect(saved.at(-1)).toEqual(e.turns);
  });

  it('pauses at a tool breakpoint before the call runs, and runs the edited arguments', async () => {
    const { e } = engine();
    e.breakpoints = [{ kind: 'tool', tool: 'book_flight' }];
    await e.continue();
    expect(e.status).toBe('paused');
    expect(e.note).toMatch(/before book_flight/);
    const callTurn = e.turns.length - 1;
    expect(e.pendingCall()?.name).toBe('book_flight');
    e.edit(callTurn, { args: { flight_id: 'TP-EDITED', passengers: 3, traveler_name: 'Edited Name' } });
    await e.continue();
    expect(e.status).toBe('finished');
    const booking = parse(e.turns[callTurn + 1]);
    expect(JSON.stringify(booking)).toMatch(/TP-EDITED|Edited Name|error/);
  });

  it('uses an edited observation in the steps after it', async () => {
    const { e } = engine();
    await e.continue(3); // user, call s1, observation s1
    const observation = parse(e.turns[2]);
    e.edit(2, { content: JSON.stringify({ ...observation, cheapest_flight_id: 'TP-FROM-EDIT' }) });
    await e.step();
    expect(e.turns[3]!.toolCalls![0]!.args).toMatchObject({ flight_id: 'TP-FROM-EDIT' });
  });

  it('pauses after an observation with an error when asked to, and runs to a given turn', async () => {
    const failing: Tool = {
      ...graph.tools[0]!,
      name: 'always_fails',
      runtime: { kind: 'mock', code: 'throw new Error("down")' },
    };
    const plan: PlanStep[] = [
      { id: 's1', tool: 'always_fails', args: {}, dependsOn: [] },
      { id: 's2', tool: 'always_fails', args: {}, dependsOn: ['s1'] },
    ];
    const { e } = engine({ graph: { tools: [failing], edges: [] }, plan });
    e.breakpoints = [{ kind: 'error' }];
    await e.continue();
    expect(e.status).toBe('paused');
    expect(e.note).toMatch(/s1 returned an error/);
    expect(parse(e.turns.at(-1))).toEqual({ error: 'the mock threw Error: down' });
    e.breakpoints = [];
    await e.continue();
    expect(e.turns.at(-1)!.content).toMatch(/1? ?0 of 2 steps succeeded \(failed: s1, s2\)/);
  });
});

describe('results against the returns schema', () => {
  it('warns on the observation turn when a result does not match the tool’s returns schema', async () => {
    const { resultValidator } = await import('../../../backend/checks/argument-validator');
    const liar: Tool = {
      ...graph.tools[0]!,
      name: 'liar',
      returns: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] },
      runtime: { kind: 'mock', code: 'return { lat: "north" };' },
    };
    const g = { tools: [liar], edges: [] };
    const { e } = engine({
      graph: g,
      plan: [{ id: 's1', tool: 'liar', args: {}, dependsOn: [] }],
      validateResult: resultValidator(g),
    });
    await e.continue();
    expect(e.warnings).toEqual([
      {
        kind: 'result-schema',
        turnIndex: 2,
        path: '$.lat',
        message: 'liar returned a result its returns schema does not allow: lat is "north": it must be number',
      },
    ]);
  });
});

describe('tool runtimes', () => {
  const fixed: Tool = {
    ...graph.tools[0]!,
    name: 'rate',
    runtime: { kind: 'fixed', responses: [{ match: { from: 'EUR' }, result: { rate: 1.1 } }] },
  };
  const one = (tool: Tool, args: Record<string, unknown>): PlanStep[] => [
    { id: 's1', tool: tool.name, args, dependsOn: [] },
  ];

  it('answers from fixed responses and says when none matches', async () => {
    const { e } = engine({ graph: { tools: [fixed], edges: [] }, plan: one(fixed, { from: 'EUR' }) });
    await e.continue();
    expect(parse(e.turns[2])).toEqual({ rate: 1.1 });
    const miss = engine({ graph: { tools: [fixed], edges: [] }, plan: one(fixed, { from: 'GBP' }) }).e;
    await miss.continue();
    expect(parse(miss.turns[2]).error).toMatch(/no fixed response of rate matches/);
  });

  it('records the tokens and time of an observation the model simulated', async () => {
    const simulated: Tool = { ...fixed, runtime: { kind: 'llm-simulated' } };
    const generate = () => Promise.resolve({ text: '{"rate": 1.2}', tokens: { prompt: 84, completion: 7 } });
    const { e } = engine({
      graph: { tools: [simulated], edges: [] },
      plan: one(simulated, { from: 'EUR' }),
      runtime: { mocks, mcp, seed: 1, allowed: () => true, generate },
    });
    await e.continue();
    expect(e.turns[2]).toMatchObject({ role: 'tool', tokens: { prompt: 84, completion: 7 } });
    expect(e.turns[2]!.timing!.durationMs).toBeGreaterThanOrEqual(0);
    // Turns no model made carry no token counts.
    expect(e.turns[1]!.tokens).toBeUndefined();
  });

  it('asks before calling an HTTP host, then calls it', async () => {
    const { server, port, web } = await lookupServer();
    const { e } = engine({ graph: { tools: [web], edges: [] }, plan: one(web, { city: 'Lisbon', lang: 'pt' }) });
    await e.continue();
    expect(e.status).toBe('needs-consent');
    // The endpoint as written (method and URL template): the host alone no longer approves it.
    expect(e.consent).toMatchObject({ kind: 'http', key: `GET http://127.0.0.1:${port}/cities/{city}` });
    allowed.add(`http:GET http://127.0.0.1:${port}/cities/{city}`);
    await e.continue();
    expect(parse(e.turns[2])).toEqual({ path: '/cities/Lisbon?lang=pt' });
    server.close();
  });

  it('calls a tool on a real MCP server once allowed', async () => {
    const server = EVERYTHING_SERVER;
    const echo: Tool = { ...graph.tools[0]!, name: 'echo', runtime: { kind: 'mcp', server, tool: 'echo' } };
    allowed.add(`mcp:${joinCommandLine([server.command, ...server.args])}`);
    const { e } = engine({ graph: { tools: [echo], edges: [] }, plan: one(echo, { message: 'hello trellis' }) });
    await e.continue();
    expect(e.turns[2]!.content).toContain('hello trellis');
  }, 60_000);
});

describe('run engine, turns kept elsewhere', () => {
  it('builds each step on the turns as stored now and writes only the turn it adds', async () => {
    const turns = memoryTurns([{ role: 'user', content: INTENT }]);
    const { e } = engine({ turns });
    await e.continue(3); // user, call s1, observation s1
    const curated = { ...turns.read()[2]!, content: JSON.stringify({ cheapest_flight_id: 'TP-CURATED' }) };
    turns.update(2, curated); // an edit made outside the engine (curation)
    await e.step();
    expect(turns.read()[2]).toEqual(curated);
    expect(turns.read()[3]!.toolCalls![0]!.args).toMatchObject({ flight_id: 'TP-CURATED' });
  });

  it('tells the debugger about each turn added while the run continues, not about a step or an edit', async () => {
    const { e, saved } = engine();
    await e.step();
    e.edit(1, { thought: 'Search first.' });
    expect(saved).toEqual([]);
    await e.continue(4);
    expect(saved.map((turns) => turns.length)).toEqual([3, 4]);
    expect(saved[0]![1]!.thought).toBe('Search first.');
  });

  it('steps past a call the user was asked about once they allow it', async () => {
    const { server, port, web } = await lookupServer();
    const plan: PlanStep[] = [{ id: 's1', tool: 'lookup', args: { city: 'Porto' }, dependsOn: [] }];
    const { e } = engine({ graph: { tools: [web], edges: [] }, plan });
    await e.step();
    await e.step();
    expect(e.status).toBe('needs-consent');
    allowed.add(`http:GET http://127.0.0.1:${port}/cities/{city}`);
    e.consentGiven();
    await e.step();
    expect(e.status).toBe('paused');
    expect(e.consent).toBeNull();
    expect(parse(e.turns[2])).toEqual({ path: '/cities/Porto' });
    server.close();
  });
});

describe('run engine, replay mode', () => {
  it('steps through recorded turns and can be edited', async () => {
    const script: Turn[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ];
    const { e } = engine({ mode: 'replay', script, turns: memoryTurns() });
    expect(e.nextAction()).toEqual({ kind: 'replay', role: 'user' });
    await e.step();
    await e.step();
    expect(e.turns).toEqual(script);
    expect(e.status).toBe('finished');
  });
});
