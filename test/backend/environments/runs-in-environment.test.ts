import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { testBackend } from '../../helpers/backend';
import { addShoppingCart, cartEnvironment, planOf, runPlan } from '../../helpers/shopping-cart';
import { startOpenAIServer } from '../../helpers/openai-server';
import { tempDir } from '../../helpers/temp';

const INITIAL = { stock: { milk: 1.2, bread: 2.5, eggs: 3.1 }, cart: [], orders: [] };

describe('a run in a graph’s environment', () => {
  it('keeps one world across its calls, records the state after each call, and starts every run from the initial state', async () => {
    const b = testBackend({ seed: false });
    const graphId = await addShoppingCart(b);
    const first = await runPlan(
      b,
      graphId,
      planOf(['add_item', { item: 'milk', quantity: 2 }], ['add_item', { item: 'bread' }], ['checkout', {}]),
    );
    expect(first.status).toBe('finished');
    const tools = first.turns.filter((t) => t.role === 'tool');
    expect(tools.map((t) => JSON.parse(t.content!))).toEqual([
      { lines: 1 },
      { lines: 2 },
      { order: 'order-1', lines: 2 },
    ]);
    expect(tools[1]!.state).toEqual({
      ...INITIAL,
      cart: [
        { item: 'milk', quantity: 2 },
        { item: 'bread', quantity: 1 },
      ],
    });
    expect(tools[2]!.state).toMatchObject({ cart: [], orders: [{ id: 'order-1' }] });
    const saved = await b.registry.invoke('trajectories.get', { id: first.trajectoryId! });
    expect(saved.metadata).toEqual({ environment: { initialState: INITIAL, source: 'Trellis test fixture' } });

    // A second run of the same graph finds the shop as it was at the start, not as the first left it.
    const second = await runPlan(b, graphId, planOf(['view_cart', {}], ['checkout', {}]));
    const [view, checkout] = second.turns.filter((t) => t.role === 'tool');
    expect(JSON.parse(view!.content!)).toEqual({ cart: [] });
    expect(view!.state).toEqual(INITIAL);
    expect(JSON.parse(checkout!.content!)).toEqual({
      error: 'checkout in the environment threw Error: the cart is empty; the state was left as it was.',
    });
    expect(checkout!.state).toEqual(INITIAL);
  });

  it('keeps its states when the workspace is opened again, and goes on from the state its turns left', async () => {
    const workspace = path.join(tempDir(), 'reopen.trellis');
    const before = createBackend({ workspace, host: 'cli', seed: false });
    let trajectoryId: string;
    try {
      const graphId = await addShoppingCart(before);
      const run = await before.registry.invoke('runs.start', {
        graphId,
        intent: 'Milk, then pay',
        mode: 'plan',
        steps: planOf(['add_item', { item: 'milk' }], ['checkout', {}]),
      });
      // Up to the first call's answer: the call, then its observation.
      await before.registry.invoke('runs.step', { runId: run.id });
      const stepped = await before.registry.invoke('runs.step', { runId: run.id });
      expect(stepped.turns.at(-1)!.state).toMatchObject({ cart: [{ item: 'milk', quantity: 1 }] });
      trajectoryId = run.trajectoryId!;
    } finally {
      before.close();
    }
    const after = createBackend({ workspace, host: 'cli', seed: false });
    try {
      const opened = await after.registry.invoke('runs.open', { trajectoryId });
      expect(opened.turns[2]!.state).toMatchObject({ cart: [{ item: 'milk', quantity: 1 }], orders: [] });
      const ended = await after.registry.invoke('runs.continue', { runId: opened.id });
      expect(ended.status).toBe('finished');
      expect(JSON.parse(ended.turns[4]!.content!)).toEqual({ order: 'order-1', lines: 1 });
      expect((await after.registry.invoke('trajectories.get', { id: trajectoryId })).outcome).toEqual({
        status: 'success',
        by: 'environment goal',
        value: 'order-1 holds 1 milk',
      });
    } finally {
      after.close();
    }
  });

  it('forks from the state at the forked turn, not the state the run reached later; an edit changes no recorded state', async () => {
    const b = testBackend({ seed: false });
    const graphId = await addShoppingCart(b);
    const run = await runPlan(
      b,
      graphId,
      planOf(['add_item', { item: 'milk' }], ['add_item', { item: 'eggs' }], ['checkout', {}]),
    );
    expect(run.turns.at(-2)!.state).toMatchObject({ cart: [], orders: [{ id: 'order-1' }] });
    const fork = await b.registry.invoke('runs.fork', { runId: run.id, turnIndex: 2 });
    expect(fork.turns).toHaveLength(3);
    const forked = await b.registry.invoke('runs.continue', { runId: fork.id });
    const eggs = forked.turns[4]!;
    expect(JSON.parse(eggs.content!)).toEqual({ lines: 2 });
    expect(eggs.state).toEqual({
      ...INITIAL,
      cart: [
        { item: 'milk', quantity: 1 },
        { item: 'eggs', quantity: 1 },
      ],
    });
    // The fork's order is its own: order-1 again, in a world where the original's never happened.
    expect(JSON.parse(forked.turns[6]!.content!)).toEqual({ order: 'order-1', lines: 2 });

    const states = run.turns.map((t) => t.state);
    const edited = await b.registry.invoke('runs.edit', {
      runId: run.id,
      turnIndex: 1,
      args: { item: 'bread', quantity: 5 },
    });
    expect(edited.turns[1]!.toolCalls![0]!.args).toEqual({ item: 'bread', quantity: 5 });
    expect(edited.turns.map((t) => t.state)).toEqual(states);
    // Nor does an edit in curation that sends the observation without its state.
    const { state: _kept, ...observation } = run.turns[2]!;
    await b.registry.invoke('trajectories.editTurn', {
      id: run.trajectoryId!,
      turnIndex: 2,
      turn: { ...observation, content: '{"lines": 7}' },
    });
    const curated = await b.registry.invoke('trajectories.get', { id: run.trajectoryId! });
    expect(curated.turns[2]!.content).toBe('{"lines": 7}');
    expect(curated.turns.map((t) => t.state)).toEqual(states);
  });

  it('says where to look when the environment’s code does not parse', async () => {
    const b = testBackend({ seed: false });
    const broken = { ...cartEnvironment(''), code: `${cartEnvironment('').code}\nfunction oops( {` };
    const answer = await b.registry.invoke('environments.try', { environment: broken, tool: 'add_item', args: {} });
    expect(answer).toMatchObject({ ok: false, before: INITIAL, after: INITIAL });
    expect(answer.error).toMatch(/^add_item in the environment threw SyntaxError/);
    expect(answer.error).toContain('fix it in Graph → Edit Environment…');
  });

  it('checks the code as typed: the tools and goal it declares, or why it does not run', async () => {
    const b = testBackend({ seed: false });
    const code = cartEnvironment('').code;
    const declared = await b.registry.invoke('environments.check', { code });
    expect(declared).toMatchObject({ ok: true, goal: true });
    expect(declared.ok && declared.tools).toContain('add_item');
    const broken = await b.registry.invoke('environments.check', { code: `${code}\nconst = 1;` });
    expect(broken.ok).toBe(false);
    // Counted in the code's own lines: the broken function is on the line after the code.
    const line = code.split('\n').length + 1;
    expect(!broken.ok && broken.error).toMatch(
      new RegExp(`^The environment’s code threw SyntaxError: .* \\(line ${line} of the code\\)$`),
    );
    expect(await b.registry.invoke('environments.check', { code: 'const x = 1;' })).toEqual({
      ok: false,
      error: 'The environment declares no tools: its code must define const tools = { name(state, args) { … } }.',
    });
    const thrown = await b.registry.invoke('environments.check', { code: 'throw new Error("not yet");' });
    expect(!thrown.ok && thrown.error).toMatch(/^The environment’s code threw Error: not yet/);
    // Trying a tool of code that declares none says so (not a ReferenceError of the sandbox's own names).
    const none = { ...cartEnvironment(''), code: 'const x = 1;' };
    const tried = await b.registry.invoke('environments.try', { environment: none, tool: 'add_item', args: {} });
    expect(tried.error).toMatch(/^The environment declares no tools: its code must define const tools/);
  });

  it('stops a call that runs out of time or memory with a clear error, the state left as it was', async () => {
    const b = testBackend({ seed: false });
    const extra = `
tools.leak = (state) => { state.total = 10n; return 1; };
tools.spin = (state) => { state.cart.push({ item: 'half', quantity: 1 }); while (true) {} };
tools.hoard = (state) => { state.cart.push({ item: 'half', quantity: 1 }); const all = []; while (true) all.push('x'.repeat(1e6) + all.length); };`;
    const environment = cartEnvironment(extra);
    const spun = await b.registry.invoke('environments.try', { environment, tool: 'spin', args: {} });
    expect(spun).toMatchObject({ ok: false, before: INITIAL, after: INITIAL });
    expect(spun.error).toBe(
      'spin in the environment ran longer than its 1000 ms limit and was stopped; the state was left as it was.',
    );
    const leaky = await b.registry.invoke('environments.try', { environment, tool: 'leak', args: {} });
    expect(leaky).toMatchObject({
      ok: false,
      error:
        'leak left a state that is not JSON (a function, a cycle or a BigInt in it); the state was left as it was.',
      after: INITIAL,
    });
    const thrown = await b.registry.invoke('environments.try', {
      environment,
      tool: 'add_item',
      args: { item: 'tea' },
    });
    expect(thrown).toMatchObject({
      ok: false,
      error: 'add_item in the environment threw Error: the shop sells no "tea"; the state was left as it was.',
      after: INITIAL,
    });
    const hoarded = await b.registry.invoke('environments.try', { environment, tool: 'hoard', args: {} });
    expect(hoarded).toMatchObject({ ok: false, before: INITIAL, after: INITIAL });
    expect(hoarded.error).toMatch(
      /^hoard in the environment used more than its 32 MiB memory limit; the state was left as it was\.$/,
    );

    // In a run: the turn answering the call that ran out of time keeps the state the call before left.
    const graphId = await addShoppingCart(b, environment);
    const graph = await b.registry.invoke('graphs.get', { id: graphId });
    await b.registry.invoke('graphs.save', {
      id: graphId,
      tools: [...graph.tools, { ...graph.tools[2]!, name: 'spin', position: { x: 0, y: 300 } }],
      edges: [],
      dismissedSuggestions: [],
    });
    const run = await runPlan(b, graphId, planOf(['add_item', { item: 'milk' }], ['spin', {}], ['view_cart', {}]));
    const [added, spin, view] = run.turns.filter((t) => t.role === 'tool');
    expect(JSON.parse(spin!.content!).error).toMatch(/^spin in the environment ran longer than its 1000 ms limit/);
    expect(spin!.state).toEqual(added!.state);
    expect(JSON.parse(view!.content!)).toEqual({ cart: [{ item: 'milk', quantity: 1 }] });
  });

  it('says which tools the environment has when it has none of that name, and what to do when the graph has no environment', async () => {
    const b = testBackend({ seed: false });
    const missing = await b.registry.invoke('environments.try', {
      environment: cartEnvironment(),
      tool: 'pay',
      args: {},
    });
    expect(missing).toMatchObject({
      ok: false,
      error: 'The environment has no tool "pay"; its tools are: add_item, remove_item, view_cart, checkout.',
    });
    const graphId = await addShoppingCart(b, null);
    const run = await runPlan(b, graphId, planOf(['view_cart', {}]));
    expect(JSON.parse(run.turns[2]!.content!).error).toBe(
      "view_cart answers from its graph's environment, but this graph has none. Write one in the Graph workspace's environment editor, or give the tool another runtime in its inspector.",
    );
    expect(run.turns[2]!.state).toBeUndefined();
  });
});

describe('the goal check', () => {
  const outcomeOf = async (b: ReturnType<typeof testBackend>, id: string) =>
    (await b.registry.invoke('trajectories.get', { id })).outcome;

  it('sets a finished run’s outcome from the world it left: success, failure, or unknown when the goal throws', async () => {
    const b = testBackend({ seed: false });
    const graphId = await addShoppingCart(b);
    const bought = await runPlan(b, graphId, planOf(['add_item', { item: 'milk', quantity: 3 }], ['checkout', {}]));
    expect(await outcomeOf(b, bought.trajectoryId!)).toEqual({
      status: 'success',
      by: 'environment goal',
      value: 'order-1 holds 3 milk',
    });
    // Every call answered without error: by its calls the run succeeded, but the goal says otherwise.
    const bread = await runPlan(b, graphId, planOf(['add_item', { item: 'bread' }], ['checkout', {}]));
    expect(await outcomeOf(b, bread.trajectoryId!)).toEqual({
      status: 'failure',
      by: 'environment goal',
      value: 'order-1 holds no milk (2 calls)',
    });

    const throwing = await addShoppingCart(
      b,
      cartEnvironment('function goal(state) { return state.orders[0].lines.length > 0; }'),
      'Throwing goal',
    );
    const none = await runPlan(b, throwing, planOf(['view_cart', {}]));
    expect(await outcomeOf(b, none.trajectoryId!)).toEqual({
      status: 'unknown',
      by: 'environment goal',
      value: expect.stringMatching(/^the goal check threw TypeError: .*undefined/) as string,
    });
  });

  it('answers environments.goal with the verdict, null without a goal, and a clear error for a goal that returns no verdict', async () => {
    const b = testBackend({ seed: false });
    const environment = cartEnvironment();
    const state = {
      ...(environment.initialState as object),
      orders: [{ id: 'order-1', lines: [{ item: 'milk', quantity: 1 }] }],
    };
    expect(await b.registry.invoke('environments.goal', { environment, state, calls: [] })).toEqual({
      success: true,
      reason: 'order-1 holds 1 milk',
    });
    expect(
      await b.registry.invoke('environments.goal', {
        environment: { ...environment, code: 'const tools = {};' },
        state,
        calls: [],
      }),
    ).toBeNull();
    await expect(
      b.registry.invoke('environments.goal', {
        environment: { ...environment, code: 'const tools = {}; function goal() { return "yes"; }' },
        state,
        calls: [],
      }),
    ).rejects.toMatchObject({ code: 'E4006', message: expect.stringContaining('The goal check answered "yes"') });
  });
});

describe('an agent run in an environment', () => {
  it('calls environment tools and a mock side by side, the mock’s turn with no state, and is judged by the goal', async () => {
    const server = await startOpenAIServer({
      script: (body) => {
        const answered = (body.messages as { role: string }[]).filter((m) => m.role === 'tool').length;
        const calls = [
          { id: 'c1', name: 'add_item', arguments: { item: 'milk' } },
          { id: 'c2', name: 'delivery_day', arguments: {} },
          { id: 'c3', name: 'checkout', arguments: {} },
        ];
        return answered < calls.length ? { toolCalls: [calls[answered]!] } : { content: 'Milk comes on Friday.' };
      },
    });
    const b = testBackend({ seed: false });
    await b.registry.invoke('models.useRemote', { baseUrl: server.baseUrl, model: 'shopper' });
    const graphId = await addShoppingCart(b);
    const graph = await b.registry.invoke('graphs.get', { id: graphId });
    const deliveryDay = {
      ...graph.tools[2]!,
      name: 'delivery_day',
      runtime: { kind: 'mock' as const, code: "return { day: 'Friday' };" },
    };
    await b.registry.invoke('graphs.save', {
      id: graphId,
      tools: [...graph.tools, deliveryDay],
      edges: [],
      dismissedSuggestions: [],
    });
    const run = await b.registry.invoke('runs.start', { graphId, intent: 'Milk, please', mode: 'agent' });
    const ended = await b.registry.invoke('runs.continue', { runId: run.id });
    expect(ended.status).toBe('finished');
    const tools = ended.turns.filter((t) => t.role === 'tool');
    expect(tools.map((t) => JSON.parse(t.content!))).toEqual([
      { lines: 1 },
      { day: 'Friday' },
      { order: 'order-1', lines: 1 },
    ]);
    expect(tools.map((t) => t.state !== undefined)).toEqual([true, false, true]);
    expect((await b.registry.invoke('trajectories.get', { id: run.trajectoryId! })).outcome).toEqual({
      status: 'success',
      by: 'environment goal',
      value: 'order-1 holds 1 milk',
    });
  });
});
