import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_RULES, type RuleContext } from '../../../shared/checks/export';
import type { ExportFormat } from '../../../shared/formats/export-formats';

/**
 * Records a trainer's own code accepts or refuses, each with the code that decides it (read from
 * LLaMA-Factory's converter, formatter and multimodal plugin, and OpenAI's fine-tuning message
 * schema): the export rules must agree with every verdict.
 */
interface Verdict {
  format: ExportFormat;
  why: string;
  source: string;
  record: unknown;
  accepted: boolean;
  context?: RuleContext;
}
const VERDICTS = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'export', 'consumer-verdicts.json'), 'utf8'),
) as Verdict[];

describe("export rules agree with the consumer's own code", () => {
  it.each(VERDICTS.map((v) => [`${v.format}: ${v.why}`, v] as const))('%s', (_, v) => {
    const problems = EXPORT_RULES[v.format](v.record, v.context ?? { toolsDeclared: false });
    if (v.accepted) expect(problems).toEqual([]);
    else expect(problems.length).toBeGreaterThan(0);
  });

  it('covers both verdicts for every format it has fixtures of', () => {
    for (const format of new Set(VERDICTS.map((v) => v.format)))
      expect(new Set(VERDICTS.filter((v) => v.format === format).map((v) => v.accepted))).toEqual(
        new Set([true, false]),
      );
  });
});
