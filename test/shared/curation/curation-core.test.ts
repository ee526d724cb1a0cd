import { describe, expect, it } from 'vitest';
import { findDuplicates, normalizedText } from '../../../shared/curation/dedup';
import { assignSplits } from '../../../shared/curation/splits';
import type { Turn } from '../../../shared/domain';

const words =
  'plan a trip to kyoto with a flight from lisbon on the second of april and a quiet hotel near the station for three nights'.split(
    ' ',
  );
const trajectory = (text: string, call = 'search_flights'): Turn[] => [
  { role: 'user', content: text },
  { role: 'assistant', toolCalls: [{ id: 'x', name: call, args: { to: 'KIX' } }] },
  { role: 'assistant', content: 'Done.' },
];

describe('deduplication', () => {
  it('clusters exact copies (case, spacing and call ids aside) and near copies, keeping the best-ranked one', () => {
    const base = words.join(' ');
    const items = [
      { id: 'a', turns: trajectory(base) },
      { id: 'b', turns: trajectory(base.toUpperCase().replace(/ /g, '  ')) },
      { id: 'c', turns: trajectory(`${base} please`) },
      { id: 'd', turns: trajectory('what is the weather in oslo tomorrow morning', 'get_weather') },
    ];
    expect(normalizedText(items[0]!.turns)).toBe(normalizedText(items[1]!.turns));
    const clusters = findDuplicates(items, 0.7, (id) => (id === 'c' ? 0 : 1));
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.representative).toBe('c');
    expect(clusters[0]!.duplicates.map((d) => d.id).sort()).toEqual(['a', 'b']);
    expect(clusters[0]!.duplicates.every((d) => d.similarity >= 0.7)).toBe(true);
    expect(
      findDuplicates(items, 1)
        .flatMap((c) => [c.representative, ...c.duplicates.map((d) => d.id)])
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('counts as exact copies runs whose results and arguments are the same values, written otherwise and answered in another order', () => {
    const run = (results: [string, string], reorder = false, args: unknown = { service: 'auth' }): Turn[] => {
      const calls = [
        { id: 'h', name: 'get_health', args },
        { id: 'd', name: 'list_deploys', args },
      ];
      const answers: Turn[] = [
        { role: 'tool', toolCallId: 'h', content: results[0] },
        { role: 'tool', toolCallId: 'd', content: results[1] },
      ];
      return [
        { role: 'user', content: 'why is auth failing' },
        { role: 'assistant', toolCalls: reorder ? [...calls].reverse() : calls },
        ...(reorder ? answers.reverse() : answers),
        { role: 'assistant', content: 'A bad deploy.' },
      ];
    };
    const pretty = run(['{\n  "error_rate": 0.30,\n  "ok": false\n}', '{ "deploys": [ "v5.8.0" ] }']);
    const compact = run(['{"ok":false,"error_rate":0.3}', '{"deploys":["v5.8.0"]}'], true, '{"service":"auth"}');
    expect(normalizedText(pretty)).toBe(normalizedText(compact));
    const other = run(['{"ok":true,"error_rate":0.3}', '{"deploys":["v5.8.0"]}']);
    expect(normalizedText(pretty)).not.toBe(normalizedText(other));
  });
});

describe('splits', () => {
  const items = Array.from({ length: 100 }, (_, i) => ({
    id: `t${String(i).padStart(3, '0')}`,
    tools: i % 4 === 0 ? 'book' : 'search',
  }));

  it('are reproducible by seed and follow the ratio', () => {
    const a = assignSplits(items, { train: 0.8, validation: 0.1, test: 0.1 }, 7, (i) => i.tools);
    const b = assignSplits([...items].reverse(), { train: 0.8, validation: 0.1, test: 0.1 }, 7, (i) => i.tools);
    expect([...a].sort()).toEqual([...b].sort());
    const c = assignSplits(items, { train: 0.8, validation: 0.1, test: 0.1 }, 8, (i) => i.tools);
    expect([...a].sort()).not.toEqual([...c].sort());
    const counts = (m: Map<string, string>) =>
      [...m.values()].reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    expect(counts(a)).toEqual({ train: 80, validation: 10, test: 10 });
  });

  it('are stratified: each tool set is split in proportion', () => {
    const a = assignSplits(items, { train: 0.6, validation: 0.2, test: 0.2 }, 1, (i) => i.tools);
    const booked = items.filter((i) => i.tools === 'book').map((i) => a.get(i.id));
    expect(booked.filter((s) => s === 'train')).toHaveLength(15);
    expect(booked.filter((s) => s === 'test')).toHaveLength(5);
  });
});
