import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../backend/store/database';
import { MIGRATIONS } from '../../../backend/store/migrations';
import { ftsQuery } from '../../../backend/store/repositories/trajectory-queries';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import type { Turn } from '../../../shared/domain';
import { tempDir } from '../../helpers/temp';

const call = (name: string, args: unknown, id = 'c1'): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args }] });

function add(s: WorkspaceStore, source: string, turns: Turn[]): string {
  return s.trajectories.insert({
    kind: 'imported',
    title: source,
    source,
    graphId: null,
    planId: null,
    forkOf: null,
    turns,
  }).id;
}

/** Three trajectories from two files: flights (2 calls), hotels (1 call), and a plain chat. */
function workspace() {
  const s = openWorkspaceStore(path.join(tempDir(), 'q.trellis'));
  const flights = add(s, 'logs.jsonl:1', [
    { role: 'user', content: 'Find flights from Lisbon to Kyoto' },
    call('search_flights', { from: 'LIS', to: 'KIX' }),
    { role: 'tool', toolCallId: 'c1', content: '{"flight_id":"F1"}' },
    call('book_flight', { flight_id: 'F1' }, 'c2'),
    { role: 'tool', toolCallId: 'c2', content: '{"ok":true}' },
    { role: 'assistant', content: 'Booked.' },
  ]);
  const hotels = add(s, 'logs.jsonl:2', [
    { role: 'user', content: 'A hotel in Kyoto near the station' },
    call('search_hotels', { city: 'Kyoto' }),
  ]);
  // A record of a JSON array file: its source names the record with #.
  const chat = add(s, 'other.json#1', [
    { role: 'user', content: 'Hello' },
    { role: 'assistant', content: 'Hi there' },
  ]);
  return { s, flights, hotels, chat };
}

const ids = (s: WorkspaceStore, filter: Parameters<WorkspaceStore['trajectoryQueries']['list']>[0]) =>
  s.trajectoryQueries.list(filter, 100, 0).items.map((t) => t.id);

describe('trajectory browser queries', () => {
  it('searches turn content, thoughts and tool calls with FTS5, the last word as a prefix', () => {
    const { s, flights, hotels } = workspace();
    expect(ids(s, { text: 'kyoto' }).sort()).toEqual([flights, hotels].sort());
    expect(ids(s, { text: 'kyoto station' })).toEqual([hotels]);
    expect(ids(s, { text: 'Kyo' }).length).toBe(2);
    expect(ids(s, { text: 'book_flight' })).toEqual([flights]);
    expect(ids(s, { text: 'F1' })).toEqual([flights]);
    expect(ids(s, { text: 'tokyo' })).toEqual([]);
    // FTS5 syntax in what a user types is taken as words, never as an error.
    expect(ids(s, { text: 'kyoto" OR (NEAR' })).toEqual([]);
    expect(ftsQuery('  "a" b-c ')).toBe('"a" "b" "c"*');
    expect(ftsQuery('***')).toBeNull();
  });

  it('filters by source file, tool, finding kind, label and length, and combines filters', () => {
    const { s, flights, hotels, chat } = workspace();
    s.findings.replace(hotels, [
      { code: 'no-final-answer', severity: 'error', message: 'no answer', where: { at: 'turn', turn: 1, path: '$' } },
    ]);
    s.labels.set({ trajectoryId: flights, status: 'accepted', rating: 5, tags: [], note: '' });
    expect(ids(s, { source: 'logs.jsonl' }).sort()).toEqual([flights, hotels].sort());
    expect(ids(s, { source: 'other.json' })).toEqual([chat]);
    expect(ids(s, { tool: 'book_flight' })).toEqual([flights]);
    expect(ids(s, { finding: 'no-final-answer' })).toEqual([hotels]);
    expect(ids(s, { finding: 'any' })).toEqual([hotels]);
    expect(ids(s, { finding: 'none' }).sort()).toEqual([flights, chat].sort());
    expect(ids(s, { label: 'accepted' })).toEqual([flights]);
    expect(ids(s, { label: 'unlabelled' }).sort()).toEqual([hotels, chat].sort());
    expect(ids(s, { minTurns: 3 })).toEqual([flights]);
    expect(ids(s, { maxTurns: 2 }).sort()).toEqual([hotels, chat].sort());
    expect(ids(s, { source: 'logs.jsonl', finding: 'none', text: 'kyoto' })).toEqual([flights]);
    const page = s.trajectoryQueries.list({}, 2, 0);
    expect(page.total).toBe(3);
    expect(page.items.map((t) => t.id)).toEqual([chat, hotels]);
    expect(page.items[1]).toMatchObject({ turnCount: 2, findingCount: 1, label: null });
    expect(s.trajectoryQueries.list({}, 2, 2).items.map((t) => t.id)).toEqual([flights]);
  });

  it('lists facets with counts and summarizes a selection', () => {
    const { s, hotels } = workspace();
    s.findings.replace(hotels, [
      { code: 'no-final-answer', severity: 'error', message: 'no answer', where: { at: 'turn', turn: 1, path: '$' } },
      { code: 'ungrounded-value', severity: 'warning', message: 'x', where: { at: 'turn', turn: 1, path: '$.city' } },
    ]);
    const facets = s.trajectoryQueries.facets();
    expect(facets.sources).toEqual([
      { value: 'logs.jsonl', count: 2 },
      { value: 'other.json', count: 1 },
    ]);
    expect(facets.tools.map((f) => f.value).sort()).toEqual(['book_flight', 'search_flights', 'search_hotels']);
    expect(facets.findings).toEqual([
      { value: 'no-final-answer', count: 1 },
      { value: 'ungrounded-value', count: 1 },
    ]);
    expect(facets.labels).toEqual([{ value: 'unlabelled', count: 3 }]);
    expect(s.trajectoryQueries.summarize({ source: 'logs.jsonl' })).toEqual({
      trajectories: 2,
      turns: 8,
      toolCalls: 3,
      withFindings: 1,
      outcomes: { none: 2 },
      findingsByKind: { 'no-final-answer': 1, 'ungrounded-value': 1 },
      callsByTool: { book_flight: 1, search_flights: 1, search_hotels: 1 },
    });
    expect(facets.outcomes).toEqual([{ value: 'none', count: 3 }]);
    expect(s.trajectoryQueries.summarize({ text: 'nothing-like-this' })).toMatchObject({ trajectories: 0, turns: 0 });
  });

  it('removes a discarded import from the full-text index and the tool table', async () => {
    const { s } = workspace();
    s.imports.begin('imp', 'late.jsonl', 'openai');
    s.trajectories.insert({
      kind: 'imported',
      title: 'late',
      source: 'late.jsonl:1',
      graphId: null,
      planId: null,
      forkOf: null,
      turns: [{ role: 'user', content: 'zanzibar' }, call('ferry', {})],
      importId: 'imp',
    });
    expect(ids(s, { text: 'zanzibar' })).toEqual([]); // not visible while the import runs
    s.imports.discard('imp');
    await s.imports.drainDiscarded();
    expect(
      s.db.prepare("SELECT count(*) FROM trajectory_text WHERE trajectory_text MATCH 'zanzibar'").pluck().get(),
    ).toBe(0);
    expect(s.db.prepare("SELECT count(*) FROM trajectory_tools WHERE tool = 'ferry'").pluck().get()).toBe(0);
  });

  it('fills the new browser tables from trajectories written before migration 5', () => {
    const file = path.join(tempDir(), 'old.trellis');
    const old = openDatabase(file, { migrations: MIGRATIONS.slice(0, 4) });
    old
      .prepare(
        "INSERT INTO trajectories (id, kind, title, source, content_hash, created_at) VALUES ('t1', 'imported', 'old', 'old.jsonl:1', 'h', '2026-01-01')",
      )
      .run();
    const insertTurn = old.prepare(
      'INSERT INTO turns (trajectory_id, idx, role, content, tool_calls) VALUES (?, ?, ?, ?, ?)',
    );
    insertTurn.run('t1', 0, 'user', 'Weather in Reykjavik', null);
    insertTurn.run('t1', 1, 'assistant', null, JSON.stringify([{ id: 'a', name: 'weather', args: {} }]));
    old.close();
    const s = openWorkspaceStore(file);
    expect(ids(s, { text: 'reykjavik', tool: 'weather', minTurns: 2, maxTurns: 2 })).toEqual(['t1']);
  });
});
