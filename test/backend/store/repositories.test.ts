import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { seedExampleWorkspace } from '../../../backend/store/seed';
import type { Tool, Turn } from '../../../shared/domain';
import { tempDir } from '../../helpers/temp';

function store(): WorkspaceStore {
  return openWorkspaceStore(path.join(tempDir(), 'repo.trellis'));
}

const tool = (name: string, x = 0): Tool => ({
  name,
  description: `${name} tool`,
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  returns: { type: 'object', properties: { id: { type: 'string' } } },
  runtime: { kind: 'mock', code: 'return { id: "1" };' },
  position: { x, y: 10 },
});

const turns: Turn[] = [
  { role: 'user', content: 'Weather in Lisbon?' },
  {
    role: 'assistant',
    toolCalls: [{ id: 'c1', name: 'weather', args: { city: 'Lisbon' } }],
    tokens: { prompt: 10, completion: 5 },
  },
  { role: 'tool', toolCallId: 'c1', content: '{"temp":18}', timing: { durationMs: 3 } },
  { role: 'assistant', thought: 'Answer.', content: '18°C.' },
];

function insertRun(s: WorkspaceStore, title = 't') {
  return s.trajectories.insert({ kind: 'run', title, source: 'x', graphId: null, planId: null, forkOf: null, turns });
}

describe('GraphRepository', () => {
  it('stores a graph with tools and both kinds of edges and reads it back', () => {
    const s = store();
    const summary = s.graphs.create({
      name: 'Weather',
      tools: [tool('geocode'), tool('weather', 300)],
      edges: [
        { kind: 'dependency', fromTool: 'geocode', fromPath: 'id', toTool: 'weather', toParam: 'city' },
        { kind: 'shared', toolA: 'geocode', paramA: 'city', toolB: 'weather', paramB: 'city' },
      ],
    });
    expect(summary).toMatchObject({ name: 'Weather', toolCount: 2, dependencyEdgeCount: 1, sharedEdgeCount: 1 });
    const graph = s.graphs.get(summary.id);
    expect(graph.tools).toEqual([tool('geocode'), tool('weather', 300)]);
    expect(graph.edges[1]).toEqual({
      kind: 'shared',
      toolA: 'geocode',
      paramA: 'city',
      toolB: 'weather',
      paramB: 'city',
    });
    s.close();
  });

  it('keeps graph names unique on create, rename and duplicate', () => {
    const s = store();
    const a = s.graphs.create({ name: 'A', tools: [], edges: [] });
    s.graphs.create({ name: 'B', tools: [], edges: [] });
    expect(() => s.graphs.create({ name: 'A', tools: [], edges: [] })).toThrow(
      expect.objectContaining({ code: 'E3002' }),
    );
    expect(() => s.graphs.rename(a.id, 'B')).toThrow(expect.objectContaining({ code: 'E3002' }));
    expect(s.graphs.rename(a.id, 'A').name).toBe('A');
    expect(() => s.graphs.duplicate(a.id, 'B')).toThrow(expect.objectContaining({ code: 'E3002' }));
    s.close();
  });

  it('duplicates a graph with its contents, independently of the original', () => {
    const s = store();
    const original = s.graphs.create({ name: 'Orig', tools: [tool('a')], edges: [] });
    const copy = s.graphs.duplicate(original.id, 'Copy');
    s.graphs.saveContent(copy.id, {
      tools: [{ ...tool('a'), description: 'changed' }],
      edges: [],
      dismissedSuggestions: [],
    });
    expect(s.graphs.get(original.id).tools[0]!.description).toBe('a tool');
    expect(s.graphs.get(copy.id).tools[0]!.description).toBe('changed');
    s.close();
  });

  it('saves new content whole: tools, edges and dismissed suggestions replace the old ones', () => {
    const s = store();
    const g = s.graphs.create({ name: 'G', tools: [tool('a'), tool('b')], edges: [] });
    const edge = { kind: 'dependency' as const, fromTool: 'b', fromPath: 'id', toTool: 'c', toParam: 'city' };
    s.graphs.saveContent(g.id, { tools: [tool('b', 5), tool('c')], edges: [edge], dismissedSuggestions: ['dep:x'] });
    const saved = s.graphs.get(g.id);
    expect(saved.tools.map((t) => [t.name, t.position.x])).toEqual([
      ['b', 5],
      ['c', 0],
    ]);
    expect(saved.edges).toEqual([edge]);
    expect(saved.dismissedSuggestions).toEqual(['dep:x']);
    s.close();
  });

  it('leaves a graph saved since the base it was read at as it is, and says so', () => {
    const s = store();
    const g = s.graphs.create({ name: 'G', tools: [tool('a')], edges: [] });
    const base = s.graphs.get(g.id).updatedAt;
    const elsewhere = s.graphs.saveContent(g.id, { tools: [tool('a', 7)], edges: [], dismissedSuggestions: [] });
    expect(elsewhere! > base).toBe(true); // later, even within the same millisecond
    const stale = s.graphs.saveContent(g.id, { tools: [tool('z')], edges: [], dismissedSuggestions: [] }, base);
    expect(stale).toBeNull();
    expect(s.graphs.get(g.id).tools.map((t) => [t.name, t.position.x])).toEqual([['a', 7]]);
    const current = s.graphs.saveContent(g.id, { tools: [tool('z')], edges: [], dismissedSuggestions: [] }, elsewhere!);
    expect(current).not.toBeNull();
    expect(s.graphs.get(g.id).tools.map((t) => t.name)).toEqual(['z']);
    s.close();
  });

  it('moves tools by name, keeping everything else, and honours the base like a whole save', () => {
    const s = store();
    const edge = { kind: 'dependency' as const, fromTool: 'a', fromPath: 'id', toTool: 'b', toParam: 'city' };
    const g = s.graphs.create({ name: 'G', tools: [tool('a'), tool('b')], edges: [edge] });
    const before = s.graphs.get(g.id);
    const moved = s.graphs.savePositions(g.id, [{ tool: 'b', x: 40, y: -3 }], ['dep:x'], before.updatedAt);
    const after = s.graphs.get(g.id);
    expect(after.updatedAt).toBe(moved);
    expect(after.tools).toEqual([before.tools[0], { ...before.tools[1], position: { x: 40, y: -3 } }]);
    expect(after.edges).toEqual([edge]);
    expect(after.dismissedSuggestions).toEqual(['dep:x']);
    // Saved elsewhere since the base: nothing moves.
    expect(s.graphs.savePositions(g.id, [{ tool: 'a', x: 9, y: 9 }], [], before.updatedAt)).toBeNull();
    expect(s.graphs.get(g.id)).toEqual(after);
    s.close();
  });

  it('moves nothing when a named tool is not in the graph', () => {
    const s = store();
    const g = s.graphs.create({ name: 'G', tools: [tool('a')], edges: [] });
    const before = s.graphs.get(g.id);
    expect(() =>
      s.graphs.savePositions(
        g.id,
        [
          { tool: 'a', x: 5, y: 5 },
          { tool: 'gone', x: 1, y: 1 },
        ],
        ['k'],
      ),
    ).toThrow(expect.objectContaining({ code: 'E3003', message: expect.stringContaining('"gone"') }));
    expect(s.graphs.get(g.id)).toEqual(before);
    s.close();
  });

  it('refuses to save two tools with one name and keeps what was saved', () => {
    const s = store();
    const g = s.graphs.create({ name: 'G', tools: [tool('a')], edges: [] });
    expect(() =>
      s.graphs.saveContent(g.id, { tools: [tool('x'), tool('x')], edges: [], dismissedSuggestions: [] }),
    ).toThrow(expect.objectContaining({ code: 'E3003' }));
    expect(s.graphs.get(g.id).tools.map((t) => t.name)).toEqual(['a']);
    s.close();
  });

  it('deletes a graph with its tools and edges but keeps its trajectories', () => {
    const s = store();
    const g = s.graphs.create({ name: 'G', tools: [tool('a')], edges: [] });
    const { id } = s.trajectories.insert({
      kind: 'run',
      title: 't',
      source: 'test',
      graphId: g.id,
      planId: null,
      forkOf: null,
      turns,
    });
    s.graphs.delete(g.id);
    expect(s.db.prepare('SELECT count(*) AS n FROM tools').get()).toEqual({ n: 0 });
    expect(s.trajectories.get(id).graphId).toBeNull();
    expect(() => s.graphs.get(g.id)).toThrow(expect.objectContaining({ code: 'E3001' }));
    s.close();
  });
});

describe('TrajectoryRepository', () => {
  it('round-trips turns exactly, optional fields included', () => {
    const s = store();
    const { id, duplicate } = s.trajectories.insert({
      kind: 'imported',
      title: 'Lisbon',
      source: 'log.jsonl',
      graphId: null,
      planId: null,
      forkOf: null,
      turns,
    });
    expect(duplicate).toBe(false);
    expect(s.trajectories.get(id)).toMatchObject({ title: 'Lisbon', kind: 'imported', turns, forkOf: null });
    s.close();
  });

  it('does not store the same turns twice', () => {
    const s = store();
    const first = s.trajectories.insert({
      kind: 'imported',
      title: 'a',
      source: 'x',
      graphId: null,
      planId: null,
      forkOf: null,
      turns,
    });
    const again = s.trajectories.insert({
      kind: 'imported',
      title: 'b',
      source: 'y',
      graphId: null,
      planId: null,
      forkOf: null,
      turns,
    });
    // With the graph the stored one is linked to, so an import can link it to its own.
    expect(again).toEqual({ id: first.id, duplicate: true, graphId: null });
    expect(s.trajectoryQueries.list({}, 10, 0).total).toBe(1);
    s.close();
  });

  it('records forks and lists with turn and finding counts', () => {
    const s = store();
    const parent = s.trajectories.insert({
      kind: 'run',
      title: 'p',
      source: 'run',
      graphId: null,
      planId: null,
      forkOf: null,
      turns,
    });
    const fork = s.trajectories.insert({
      kind: 'run',
      title: 'f',
      source: 'run',
      graphId: null,
      planId: null,
      forkOf: { trajectoryId: parent.id, turnIndex: 2 },
      turns: turns.slice(0, 3),
    });
    s.findings.replace(parent.id, [
      { code: 'no-final-answer', severity: 'error', message: 'x', where: { at: 'turn', turn: 3, path: '$' } },
    ]);
    expect(s.trajectories.get(fork.id).forkOf).toEqual({ trajectoryId: parent.id, turnIndex: 2 });
    const listed = s.trajectoryQueries.list({}, 10, 0).items;
    expect(listed.find((t) => t.id === parent.id)).toMatchObject({ turnCount: 4, findingCount: 1 });
    expect(listed.find((t) => t.id === fork.id)).toMatchObject({ turnCount: 3, findingCount: 0 });
    expect(s.findings.list(parent.id)).toEqual([
      { code: 'no-final-answer', severity: 'error', message: 'x', where: { at: 'turn', turn: 3, path: '$' } },
    ]);
    s.close();
  });
});

describe('stored findings', () => {
  it('reads rows written in the columns older workspaces have (kind, turn_idx, path) as problems', () => {
    const s = store();
    seedExampleWorkspace(s);
    const id = s.trajectories.allIds()[0]!.id;
    s.db
      .prepare(
        'INSERT INTO findings (trajectory_id, turn_idx, kind, severity, path, message) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(id, 2, 'retired-check', 'info', '$.content', 'A code from an older Trellis.');
    expect(s.findings.list(id)).toEqual([
      {
        code: 'retired-check',
        severity: 'info',
        message: 'A code from an older Trellis.',
        where: { at: 'turn', turn: 2, path: '$.content' },
      },
    ]);
    s.close();
  });
});

describe('plans, labels and datasets', () => {
  it('saves a plan with its steps and model settings', () => {
    const s = store();
    const g = s.graphs.create({ name: 'G', tools: [tool('a')], edges: [] });
    const plan = s.plans.save({
      graphId: g.id,
      intent: 'weather',
      modelSettings: { temperature: 0 },
      steps: [{ id: 's1', tool: 'a', args: { city: 'Lisbon' }, dependsOn: [] }],
    });
    expect(s.plans.get(plan.id)).toEqual(plan);
    expect(s.plans.listForGraph(g.id)).toEqual([plan]);
    s.close();
  });

  it('upserts one label per trajectory and refuses a rating outside 1–5', () => {
    const s = store();
    const { id } = insertRun(s);
    s.labels.set({ trajectoryId: id, status: 'needs-fix', rating: 2, tags: ['hallucinated-id'], note: 'fix turn 3' });
    s.labels.set({ trajectoryId: id, status: 'accepted', rating: 5, tags: [], note: '' });
    expect(s.labels.get(id)).toEqual({ trajectoryId: id, status: 'accepted', rating: 5, tags: [], note: '' });
    expect(() => s.labels.set({ trajectoryId: id, status: null, rating: 9, tags: [], note: '' })).toThrow(/CHECK/);
    s.close();
  });

  it('reads the statuses, ratings and error turns of many trajectories at once, more than SQLite binds', () => {
    const s = store();
    const a = insertRun(s, 'a').id;
    const b = insertRun(s, 'b').id;
    s.labels.set({ trajectoryId: a, status: 'rejected', rating: 2, tags: [], note: '' });
    s.labels.set({ trajectoryId: b, status: null, rating: null, tags: ['x'], note: '' });
    s.findings.replace(a, [
      { code: 'tool-error', severity: 'error', message: 'm', where: { at: 'turn', turn: 2, path: '$' } },
      { code: 'w', severity: 'warning', message: 'm', where: { at: 'turn', turn: 1, path: '$' } },
    ]);
    const ids = [...Array.from({ length: 40_000 }, (_, i) => `absent-${i}`), b, a];
    expect(s.labels.statuses(ids)).toEqual(
      new Map([
        [a, 'rejected'],
        [b, null],
      ]),
    );
    expect(s.labels.ratings(ids)).toEqual(new Map([[a, 2]]));
    expect(s.findings.errorTurns(ids)).toEqual(new Map([[a, new Set([2])]]));
    expect(s.labels.statuses([])).toEqual(new Map());
    s.close();
  });

  it('creates a dataset with its split items, names unique', () => {
    const s = store();
    const { id } = insertRun(s);
    const ds = s.datasets.create({
      name: 'v1',
      filter: { label: 'accepted' },
      items: [{ trajectoryId: id, split: 'train' }],
    });
    expect(s.datasets.get(ds.id)).toEqual(ds);
    expect(() => s.datasets.create({ name: 'v1', filter: {}, items: [] })).toThrow(
      expect.objectContaining({ code: 'E3002' }),
    );
    s.close();
  });
});

describe('example workspace', () => {
  it('seeds the trip-planning graph and one good and one failing trajectory', () => {
    const s = store();
    seedExampleWorkspace(s);
    const [graph] = s.graphs.list();
    expect(graph).toMatchObject({ name: 'Trip planning', toolCount: 13 });
    expect(graph!.dependencyEdgeCount).toBeGreaterThan(10);
    expect(graph!.sharedEdgeCount).toBeGreaterThan(3);
    const full = s.graphs.get(graph!.id);
    const names = new Set(full.tools.map((t) => t.name));
    for (const edge of full.edges) {
      const ends = edge.kind === 'dependency' ? [edge.fromTool, edge.toTool] : [edge.toolA, edge.toolB];
      for (const end of ends) expect(names).toContain(end);
    }
    const trajectories = s.trajectoryQueries.list({}, 10, 0).items;
    expect(trajectories.map((t) => t.title).sort()).toEqual([
      'Cheapest Paris → Lisbon flight, booked and priced in USD',
      'Kyoto hotel booking that invents a hotel id and loops',
    ]);
    expect(trajectories.every((t) => t.graphId === graph!.id)).toBe(true);
    s.close();
  });
});
