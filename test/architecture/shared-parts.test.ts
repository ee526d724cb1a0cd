import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const RENDERER = path.join(ROOT, 'renderer', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `file:line: code` for every renderer line that matches, outside the files allowed to. */
function linesMatching(pattern: RegExp, allowed: readonly string[]): string[] {
  return sourceFiles(RENDERER).flatMap((file) => {
    const name = path.relative(ROOT, file);
    if (allowed.includes(name)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('the UI parts every workspace shares', () => {
  it('lists the graphs through useGraphs() only, so every graph picker refreshes on graphs.changed', () => {
    expect(
      // Commands look a graph's name up in the list useGraphs() keeps (findGraph), not on their own.
      linesMatching(/'graphs\.list'/, ['renderer/src/api/use-graphs.ts']),
    ).toEqual([]);
  });

  it('picks a graph with GraphPicker: no panel lays out its own <option> per graph', () => {
    expect(linesMatching(/<option key=\{g\.id\}/, ['renderer/src/components/GraphPicker.tsx'])).toEqual([]);
  });

  it("shows a job's progress and Cancel with JobProgress: no panel draws its own bar or Cancel for a job", () => {
    expect(
      linesMatching(/<progress\b|onClick=\{\w*[jJ]ob\.cancel\}/, [
        'renderer/src/components/JobProgress.tsx',
        // The queue position and the run's start are not jobs: nothing to cancel.
        'renderer/src/workspaces/datasets/ReviewQueue.tsx',
        'renderer/src/workspaces/runs/Debugger.tsx',
        // A model's plan streams into the panel as it is written: its Stop sits beside Generate, no count to show.
        'renderer/src/workspaces/runs/PlanPanel.tsx',
      ]),
    ).toEqual([]);
  });
});
