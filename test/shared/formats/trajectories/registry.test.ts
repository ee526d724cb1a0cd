import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importVerb } from '../../../../cli/import';
import { TrajectoryFormat } from '../../../../shared/contract/trajectories';
import { formatTableMarkdown } from '../../../../shared/formats/trajectories/format-table';
import {
  detectFormat,
  TRAJECTORY_FORMATS,
  TRAJECTORY_FORMAT_IDS,
  unknownRecordMessage,
} from '../../../../shared/formats/trajectories/registry';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const README = path.join(ROOT, 'README.md');
const START = '<!-- trajectory-formats:start (made from shared/formats/trajectories/registry.ts) -->';
const END = '<!-- trajectory-formats:end -->';

/** A Markdown table's rows as trimmed cells (the separator row's dashes counted as one). */
const cellsOf = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((row) =>
      row
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => (/^\s*-+\s*$/.test(cell) ? '---' : cell.trim())),
    );

describe('the trajectory format registry', () => {
  it('gives every format one descriptor with an id, a label, what recognises it and the versions read', () => {
    expect(new Set(TRAJECTORY_FORMAT_IDS).size).toBe(TRAJECTORY_FORMATS.length);
    for (const f of TRAJECTORY_FORMATS) {
      expect(f.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(f.label.trim(), f.id).not.toBe('');
      expect(f.recognisedBy.trim(), f.id).not.toBe('');
      expect(f.versions.trim(), f.id).not.toBe('');
    }
  });

  it('is what the contract and the CLI help list', () => {
    expect(TrajectoryFormat.options).toEqual(TRAJECTORY_FORMAT_IDS);
    const help = `${importVerb.summary}\n${importVerb.usage}\n${String(importVerb.options.format!.description)}`;
    for (const f of TRAJECTORY_FORMATS) expect(help, f.id).toContain(f.id);
  });

  it('is what the Import form offers (its choices are the registry, not a hand-kept list)', () => {
    const form = fs.readFileSync(path.join(ROOT, 'renderer/src/workspaces/trajectories/ImportForm.tsx'), 'utf8');
    expect(form).toMatch(/TRAJECTORY_FORMATS\.map\(/);
    for (const f of TRAJECTORY_FORMATS) expect(form).not.toContain(`value="${f.id}"`);
  });

  it('is the README table (TRELLIS_UPDATE_README=1 writes it; then npm run format)', () => {
    const readme = fs.readFileSync(README, 'utf8');
    const table = formatTableMarkdown();
    const at = readme.indexOf(START);
    const end = readme.indexOf(END);
    if (process.env.TRELLIS_UPDATE_README && at >= 0 && end > at) {
      fs.writeFileSync(README, `${readme.slice(0, at + START.length)}\n\n${table}\n\n${readme.slice(end)}`);
      return;
    }
    expect(at, `README.md has no ${START} marker`).toBeGreaterThanOrEqual(0);
    // Compared cell by cell: the formatter pads the README's columns.
    expect(cellsOf(readme.slice(at + START.length, end))).toEqual(cellsOf(table));
  });

  it('recognises no format in a record of no known shape', () => {
    expect(detectFormat({ environment: 'x', trajectory_x: [] })).toBeNull();
    expect(detectFormat([1, 2])).toBeNull();
    // One short line that says how to bring the file in anyway, not the list of every format.
    expect(unknownRecordMessage({ a: 1, b: 2 })).toBe(
      'a JSON object with keys a, b: not a known trajectory format — no reader claims it: map it with --mapping, or open it in the Import form (Map fields…)',
    );
  });
});
