import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../shared/contract';
import { describeImport } from '../../../../shared/formats/trajectories/import-report';
import { planSummary } from '../../../../shared/runs';

const report = (toolSets: number, imported = 9): Result<'trajectories.import'> => ({
  format: 'sharegpt',
  mapping: null,
  shape: 'jsonl',
  gzip: false,
  imported,
  duplicates: 0,
  committed: true,
  cancelled: false,
  toolSets,
  tools: null,
  rejected: [],
  rejectedCount: 0,
  notUnderstood: [],
  notes: [],
  outcomes: { success: 0, failure: 0, unknown: 0, none: imported },
  nothingImported: null,
});

describe('the words of an import report', () => {
  it('say one tool set as one, and count several', () => {
    expect(describeImport(report(1))).toMatch(
      / The records declare one tool set, kept with them; no graph was chosen to add its tools to\.$/,
    );
    expect(describeImport(report(2))).toMatch(
      / The records declare 2 distinct tool sets, each kept with its records; no graph was chosen to add their tools to\.$/,
    );
    const intoGraph = {
      ...report(2),
      tools: {
        graphId: 'g',
        graphName: 'Travel',
        added: [],
        inferred: [],
        alreadyPresent: 2,
        undeclared: [],
        conflicts: [],
        warnings: [],
      },
    };
    expect(describeImport(intoGraph)).toMatch(
      / The records declare 2 distinct tool sets, each kept with its records\.$/,
    );
    expect(describeImport(report(0))).not.toMatch(/tool set/);
    expect(describeImport(report(1, 1))).toMatch(/^Imported 1 trajectory /);
  });

  it('a plan of one step completes "of 1 step"', () => {
    const summary = planSummary(
      [{ id: 's1', tool: 'get_weather', args: {}, dependsOn: [] }],
      [
        { role: 'assistant', toolCalls: [{ id: 's1', name: 'get_weather', args: {} }] },
        { role: 'tool', toolCallId: 's1', content: '{"temp":18}' },
      ],
    );
    expect(summary).toMatch(/^Plan complete: 1 of 1 step succeeded\./);
  });
});
