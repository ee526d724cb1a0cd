import { describe, expect, it } from 'vitest';
import { outcomeOfSource } from '../../../backend/experiments/run-one';
import type { Trajectory } from '../../../shared/domain';

const base: Trajectory = {
  id: 't1',
  kind: 'imported',
  title: 'a run',
  source: 'runs.jsonl',
  graphId: null,
  planId: null,
  forkOf: null,
  createdAt: '2026-12-04T00:00:00.000Z',
  turns: [
    { role: 'user', content: 'Weather in Lyon?' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_weather', args: { city: 'Lyonx' } }] },
    { role: 'tool', toolCallId: 'c1', content: '{"error":"unknown city"}' },
    { role: 'assistant', content: 'I could not find it.' },
  ],
};

describe("an experiment's outcome before", () => {
  it("keeps the record's own verdict, even where its calls say otherwise", () => {
    const source = { ...base, outcome: { status: 'success' as const, by: 'tau-bench reward', value: 1 } };
    expect(outcomeOfSource(source)).toEqual({ outcomeBefore: 'success', outcomeBeforeFrom: 'record' });
  });

  it('reads one from the calls when the record carries none, and says so', () => {
    expect(outcomeOfSource(base)).toEqual({ outcomeBefore: 'failure', outcomeBeforeFrom: 'calls' });
    const noCalls = { ...base, turns: [] };
    expect(outcomeOfSource(noCalls)).toEqual({ outcomeBefore: 'success', outcomeBeforeFrom: 'calls' });
  });

  it('is unknown for a record cut off on a call, not a failure for the result it never logged', () => {
    const cut = {
      ...base,
      turns: [
        ...base.turns.slice(0, 1),
        { role: 'assistant' as const, toolCalls: [{ id: 'c1', name: 'get_weather', args: { city: 'Lyon' } }] },
      ],
    };
    expect(outcomeOfSource(cut)).toEqual({ outcomeBefore: 'unknown', outcomeBeforeFrom: 'calls' });
  });
});
