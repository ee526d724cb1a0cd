import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const SHARED = path.join(ROOT, 'shared');

/** The layers the lint enforces, read from the lint config itself, bottom first. */
const { SHARED_LAYERS } = (await import(path.join(ROOT, 'eslint.config.mjs'))) as {
  SHARED_LAYERS: { layer: string; units: string[] }[];
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/** A folder of shared/, or a top-level file without its `.ts`: what the layers are made of. */
const unitOf = (file: string) => path.relative(SHARED, file).split(path.sep)[0]!.replace(/\.ts$/, '');

/** Which units of shared/ each unit imports (type imports too), read with the compiler's own import scanner. */
function sharedImports(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const file of sourceFiles(SHARED)) {
    const from = unitOf(file);
    if (!imports.has(from)) imports.set(from, new Set());
    for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (!target.startsWith(SHARED + path.sep)) continue;
      const to = unitOf(target);
      if (to !== from) imports.get(from)!.add(to);
    }
  }
  return imports;
}

/** The groups of two or more units that import each other round a loop (Tarjan's strongly connected components). */
function importLoops(imports: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    for (const next of imports.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(unit, Math.min(low.get(unit)!, index.get(next)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== unit);
    if (group.length > 1) loops.push(group.sort());
  };
  for (const unit of imports.keys()) if (!index.has(unit)) visit(unit);
  return loops;
}

describe("shared/'s layers", () => {
  const layerOf = new Map(SHARED_LAYERS.flatMap(({ units }, level) => units.map((unit) => [unit, level] as const)));
  const imports = sharedImports();

  it('give every folder and top-level file of shared/ one layer', () => {
    const units = SHARED_LAYERS.flatMap(({ units }) => units);
    expect(new Set(units).size).toBe(units.length);
    expect([...imports.keys()].filter((unit) => !layerOf.has(unit))).toEqual([]);
    expect(units.filter((unit) => !imports.has(unit))).toEqual([]);
  });

  it('are imported downwards only', () => {
    const upward = [...imports].flatMap(([from, targets]) =>
      [...targets].filter((to) => layerOf.get(to)! > layerOf.get(from)!).map((to) => `${from} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('hold no import loop, within a layer either', () => {
    expect(importLoops(imports)).toEqual([]);
  });

  it('find a loop when there is one', () => {
    const looped = new Map([
      ['domain', new Set(['checks'])],
      ['checks', new Set(['graph'])],
      ['graph', new Set(['domain', 'json'])],
      ['json', new Set<string>()],
    ]);
    expect(importLoops(looped)).toEqual([['checks', 'domain', 'graph']]);
  });
});
