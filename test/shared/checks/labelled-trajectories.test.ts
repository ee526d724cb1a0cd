import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import { recordFields } from '../../../backend/trajectories/record-fields';
import { trajectoryDay } from '../../../shared/checks/grounding';
import { checkTrajectory, TRAJECTORY_CODE_LIST } from '../../../shared/checks/trajectory';
import { recordOverGraph } from '../../../backend/checks/checker';
import type { DeclaredTool, GraphEdge } from '../../../shared/domain';
import { makeTool } from '../../../shared/formats/tools/parsed';
import { openaiFormat } from '../../../shared/formats/trajectories/openai';

/**
 * Labelled assistant logs in four domains (OpenAI chat records with their own tools): clean
 * records, and records with planted defects and the findings they must give. Each record is
 * read as an import reads it and checked as a trajectory of a graph with the records' tools and
 * the domain's dependency edges. `FINDING_TABLE=1` prints the precision/recall table.
 */
const folder = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'labelled');
const domains = fs
  .readdirSync(folder)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.replace(/\.jsonl$/, ''));

interface Labels {
  edges: GraphEdge[];
  /** The domain graph's own definitions, where they differ from what a record declares. */
  graphTools?: DeclaredTool[];
  /** Per record id: its findings as `turn code path`; none for a clean record. */
  expected: Record<string, string[]>;
}

interface Checked {
  domain: string;
  id: string;
  expected: string[];
  found: string[];
}

function checkDomain(domain: string): Checked[] {
  const labels = JSON.parse(fs.readFileSync(path.join(folder, `${domain}.labels.json`), 'utf8')) as Labels;
  const lines = fs
    .readFileSync(path.join(folder, `${domain}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean);
  return lines.map((line) => {
    const record = JSON.parse(line) as Record<string, unknown>;
    const parsed = openaiFormat.parse(record);
    const fields = recordFields(openaiFormat, record, parsed.ignored ?? []);
    expect(fields.notUnderstood, `${String(record.id)}: fields a strict import refuses`).toEqual([]);
    // The record's own tools over the domain graph's (its edges, and tools it defines otherwise).
    const { graph, conflicts } = recordOverGraph(parsed.tools, {
      tools: (labels.graphTools ?? []).map((t) => makeTool(t.name, t.description, t.parameters, {})),
      edges: labels.edges,
    });
    // The day the record carries, as the checker reads a stored trajectory's.
    const today = trajectoryDay({ turns: parsed.turns, metadata: { ...fields.kept, ...parsed.metadata } });
    const findings = checkTrajectory(parsed.turns, {
      graph,
      validate: argumentValidator(graph),
      toolsFrom: 'both',
      conflicts,
      ...(today ? { today } : {}),
    });
    const id = String(record.id);
    return {
      domain,
      id,
      expected: labels.expected[id] ?? [],
      found: findings.map((f) => `${f.where.turn} ${f.code} ${f.where.path}`),
    };
  });
}

const codeOf = (finding: string) => finding.split(' ')[1]!;

/** True and false positives and misses per finding code, findings matched one to one. */
function scores(checked: readonly Checked[]) {
  const counts = new Map(TRAJECTORY_CODE_LIST.map((code) => [code as string, { tp: 0, fp: 0, fn: 0 }]));
  for (const { expected, found } of checked) {
    const left = [...expected];
    for (const f of found) {
      const at = left.indexOf(f);
      if (at >= 0) {
        left.splice(at, 1);
        counts.get(codeOf(f))!.tp++;
      } else counts.get(codeOf(f))!.fp++;
    }
    for (const missed of left) counts.get(codeOf(missed))!.fn++;
  }
  return counts;
}

function table(checked: readonly Checked[]): string {
  const ratio = (n: number, d: number) => (d ? (n / d).toFixed(2) : '–');
  const rows = [...scores(checked)].map(
    ([code, { tp, fp, fn }]) => `| ${code} | ${tp + fn} | ${tp + fp} | ${ratio(tp, tp + fp)} | ${ratio(tp, tp + fn)} |`,
  );
  const clean = checked.filter((c) => !c.expected.length);
  const spotless = clean.filter((c) => !c.found.length).length;
  return [
    `${checked.length} records in ${domains.length} domains; clean records with no finding: ${spotless} of ${clean.length}`,
    '',
    '| finding | labelled | found | precision | recall |',
    '| --- | --: | --: | --: | --: |',
    ...rows,
  ].join('\n');
}

describe('trajectory checks on labelled logs', () => {
  const checked = domains.flatMap(checkDomain);
  if (process.env.FINDING_TABLE) console.log(`\n${table(checked)}\n`);
  if (process.env.FINDING_TABLE === 'verbose')
    for (const c of checked) {
      const extra = c.found.filter((f) => !c.expected.includes(f));
      const missed = c.expected.filter((f) => !c.found.includes(f));
      if (extra.length || missed.length) console.log(c.id, { extra, missed });
    }

  it('reads four domains with clean and defective records, every finding code labelled', () => {
    expect(domains.length).toBeGreaterThanOrEqual(4);
    const labelled = new Set(checked.flatMap((c) => c.expected.map(codeOf)));
    expect([...labelled].sort()).toEqual([...TRAJECTORY_CODE_LIST].sort());
    for (const domain of domains) {
      const records = checked.filter((c) => c.domain === domain);
      expect(records.filter((c) => !c.expected.length).length, domain).toBeGreaterThanOrEqual(3);
      expect(records.filter((c) => c.expected.length).length, domain).toBeGreaterThanOrEqual(4);
    }
  });

  it.each(domains)('finds nothing in the clean records of %s', (domain) => {
    const clean = checked.filter((c) => c.domain === domain && !c.expected.length);
    expect(clean.map((c) => ({ id: c.id, found: c.found }))).toEqual(clean.map((c) => ({ id: c.id, found: [] })));
  });

  it.each(domains)('finds exactly the planted defects of %s', (domain) => {
    const defective = checked.filter((c) => c.domain === domain && c.expected.length);
    expect(defective.map((c) => ({ id: c.id, found: [...c.found].sort() }))).toEqual(
      defective.map((c) => ({ id: c.id, found: [...c.expected].sort() })),
    );
  });

  it('has precision and recall 1 for every finding code', () => {
    for (const [code, { fp, fn }] of scores(checked)) expect({ code, fp, fn }).toEqual({ code, fp: 0, fn: 0 });
  });
});
