import { describe, expect, it } from 'vitest';
import type { Finding, PlanStep, Turn } from '../../../shared/domain';
import {
  checkReportLine,
  emptyCheckReport,
  notApplicableLine,
  refusedValues,
  rejectingCodes,
} from '../../../shared/synth/outcome';

const f = (code: string, severity: Finding['severity']): Finding => ({
  code,
  severity,
  message: '',
  where: { at: 'turn', turn: 1, path: '$' },
});

describe('synthesis outcomes', () => {
  it('re-samples on errors and on tool errors, not on other warnings', () => {
    expect(rejectingCodes([f('ungrounded-value', 'warning')])).toEqual([]);
    expect(
      rejectingCodes([f('schema-violation', 'error'), f('tool-error', 'warning'), f('schema-violation', 'error')]),
    ).toEqual(['schema-violation', 'tool-error']);
  });

  it('blames the literal argument a tool’s error names, never a referenced one', () => {
    const plan: PlanStep[] = [
      { id: 's1', tool: 'geocode_city', args: { city: 'Oslo', lang: 'en' }, dependsOn: [] },
      { id: 's2', tool: 'book_flight', args: { flight_id: { $ref: 's0.result.id' }, passengers: 2 }, dependsOn: [] },
      { id: 's3', tool: 'convert', args: { from: 'XXX', to: 'EUR' }, dependsOn: [] },
    ];
    const call = (id: string, name: string, args: object): Turn => ({
      role: 'assistant',
      toolCalls: [{ id, name, args }],
    });
    const error = (id: string, message: string): Turn => ({
      role: 'tool',
      toolCallId: id,
      content: JSON.stringify({ error: message }),
    });
    const turns: Turn[] = [
      call('s1', 'geocode_city', { city: 'Oslo', lang: 'en' }),
      error('s1', 'Unknown city: Oslo'),
      call('s2', 'book_flight', { flight_id: 'F9', passengers: 2 }),
      error('s2', 'Unknown flight_id F9'),
      call('s3', 'convert', { from: 'XXX', to: 'EUR' }),
      error('s3', 'Unsupported currency'),
    ];
    expect(refusedValues(plan, turns)).toEqual([
      { tool: 'geocode_city', param: 'city', value: 'Oslo' },
      { tool: 'convert', param: 'from', value: 'XXX' },
      { tool: 'convert', param: 'to', value: 'EUR' },
    ]);
  });

  it('reports error-free and any-finding counts, re-sampling and what still fails', () => {
    const report = {
      ...emptyCheckReport(3),
      resampled: 4,
      rejectedByCode: { 'schema-violation': 5, 'tool-error': 5 },
      stillFailing: 1,
      stillFailingByCode: { 'invented-value': 1 },
      errorFree: 99,
      withFindings: 2,
      findingsByCode: { 'invented-value': 1, 'ungrounded-value': 1 },
    };
    expect(checkReportLine(report, 100)).toBe(
      'Checks: 99 of 100 with no error finding, 2 with any finding (invented-value 1, ungrounded-value 1); ' +
        '4 re-sampled (rejected attempts: schema-violation 5, tool-error 5); ' +
        '1 still failing after 3 attempts (invented-value 1), kept with the tag synth-failed-checks.',
    );
    expect(checkReportLine(emptyCheckReport(3), 10)).toBe(
      'Checks: 0 of 10 with no error finding, 0 with any finding; 0 re-sampled; none still failing.',
    );
  });
});

describe('kinds not applicable to a graph', () => {
  it('are named with their reason, apart from the failures, and say what was drawn instead', () => {
    expect(notApplicableLine([], ['serial'])).toBeNull();
    expect(notApplicableLine([{ kind: 'parallel', reason: 'no join' }], ['serial', 'parallel', 'isolated'])).toBe(
      'Skipped parallel, not applicable to this graph (parallel: no join). Its samples were drawn from serial and isolated.',
    );
    expect(notApplicableLine([{ kind: 'parallel', reason: 'no join' }], ['parallel'])).toMatch(
      /No sample was drawn\.$/,
    );
  });
});
