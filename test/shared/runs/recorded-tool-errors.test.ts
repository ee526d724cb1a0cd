import { describe, expect, it } from 'vitest';
import { checkTrajectory } from '../../../shared/checks/trajectory';
import type { Turn } from '../../../shared/domain';
import { callOutcome } from '../../../shared/runs/outcome';
import { recordedToolErrors } from '../../../shared/runs/results';

// A failed tool span's result as an instrumented agent hands it back: plain text, not {"error": …}.
const turns: Turn[] = [
  { role: 'user', content: 'Book a table at Chez Marie' },
  { role: 'assistant', toolCalls: [{ id: 'c1', name: 'book_table', args: { restaurant: 'Chez Marie' } }] },
  { role: 'tool', toolCallId: 'c1', content: 'Error: no table free at Chez Marie at 8pm' },
  { role: 'assistant', toolCalls: [{ id: 'c2', name: 'book_table', args: { restaurant: 'Le Dôme' } }] },
  { role: 'tool', toolCallId: 'c2', content: '{"booked": true}' },
  { role: 'assistant', content: 'Booked at Le Dôme.' },
];

describe('calls the record says failed', () => {
  it('reads the ids of both shapes of metadata.tool_errors (OTLP spans, Inspect logs) and ignores the rest', () => {
    expect([
      ...recordedToolErrors({
        tool_errors: [
          { tool: 'book_table', toolCallId: 'c1', error: 'no table' },
          { tool_call_id: 'c9', type: 'parsing', message: 'bad' },
          'not an entry',
          { toolCallId: 7 },
        ],
      }),
    ]).toEqual(['c1', 'c9']);
    expect(recordedToolErrors({}).size).toBe(0);
    expect(recordedToolErrors(undefined).size).toBe(0);
    expect(recordedToolErrors({ tool_errors: 'x' }).size).toBe(0);
  });

  it('counts the result of such a call as failed, though its text reads as none', () => {
    expect(callOutcome(turns).failedTurns).toEqual([]);
    expect(callOutcome(turns, recordedToolErrors({ tool_errors: [{ toolCallId: 'c1' }] })).failedTurns).toEqual([2]);
  });

  it('gives the tool-error finding at that result', () => {
    const errorsAt = (findings: ReturnType<typeof checkTrajectory>) =>
      findings.filter((f) => f.code === 'tool-error').map((f) => f.where.turn);
    expect(errorsAt(checkTrajectory(turns))).toEqual([]);
    expect(errorsAt(checkTrajectory(turns, { failedCalls: new Set(['c1']) }))).toEqual([2]);
  });
});
