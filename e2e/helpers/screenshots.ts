import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const ROOT = path.join(__dirname, '..', '..');
/** Committed references, one per workspace and theme. */
export const REFERENCES = path.join(ROOT, 'docs', 'screenshots');
/** This run's screenshots and, on a mismatch, the diff images (gitignored). */
export const OUTPUT = path.join(ROOT, 'test-results', 'screenshots');

/** Per pixel, how far colours may differ before the pixel counts as changed (pixelmatch's 0–1). */
const PIXEL_THRESHOLD = 0.1;
/** The share of changed pixels a screenshot may have and still match its reference. */
const MAX_CHANGED = 0.005;

export type Comparison =
  | { kind: 'written'; reference: string }
  | { kind: 'matched'; changed: number }
  | { kind: 'differs'; changed: number; diff: string }
  | { kind: 'resized'; expected: string; actual: string };

/**
 * Saves `png` as this run's `name`.png and compares it with the committed reference. A missing
 * reference, or TRELLIS_UPDATE_SCREENSHOTS=1, writes the reference instead.
 */
export function compareWithReference(name: string, png: Buffer): Comparison {
  fs.mkdirSync(OUTPUT, { recursive: true });
  fs.writeFileSync(path.join(OUTPUT, `${name}.png`), png);
  const diffPath = path.join(OUTPUT, `${name}-diff.png`);
  fs.rmSync(diffPath, { force: true });
  const reference = path.join(REFERENCES, `${name}.png`);
  if (process.env.TRELLIS_UPDATE_SCREENSHOTS === '1' || !fs.existsSync(reference)) {
    fs.mkdirSync(REFERENCES, { recursive: true });
    fs.writeFileSync(reference, png);
    return { kind: 'written', reference: path.relative(ROOT, reference) };
  }
  const expected = PNG.sync.read(fs.readFileSync(reference));
  const actual = PNG.sync.read(png);
  const { width, height } = expected;
  if (actual.width !== width || actual.height !== height) {
    return { kind: 'resized', expected: `${width}×${height}`, actual: `${actual.width}×${actual.height}` };
  }
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(expected.data, actual.data, diff.data, width, height, { threshold: PIXEL_THRESHOLD });
  const changed = pixels / (width * height);
  if (changed <= MAX_CHANGED) return { kind: 'matched', changed };
  fs.writeFileSync(diffPath, PNG.sync.write(diff));
  return { kind: 'differs', changed, diff: path.relative(ROOT, diffPath) };
}

const RENDERER = path.join(REFERENCES, 'chromium-version.txt');

/**
 * Whether this Chromium is the one that drew the references (recorded beside them when they are
 * written); with another, differences say nothing about Trellis and are only logged.
 */
export function sameRenderer(version: string): { same: boolean; message: string } {
  if (process.env.TRELLIS_UPDATE_SCREENSHOTS === '1' || !fs.existsSync(RENDERER)) {
    fs.mkdirSync(REFERENCES, { recursive: true });
    fs.writeFileSync(RENDERER, `${version}\n`);
  }
  const recorded = fs.readFileSync(RENDERER, 'utf8').trim();
  return {
    same: recorded === version,
    message: `The references were drawn by Chromium ${recorded}, this is ${version}: differences are reported, not failed.`,
  };
}

/** One line for the log, or the failure's message. */
export function describeComparison(name: string, result: Comparison): string {
  const percent = (share: number) => `${(share * 100).toFixed(3)} %`;
  switch (result.kind) {
    case 'written':
      return `${name}: wrote the reference ${result.reference}`;
    case 'matched':
      return `${name}: ${percent(result.changed)} of pixels differ from the reference`;
    case 'differs':
      return (
        `${name}: ${percent(result.changed)} of pixels differ from the reference (at most ${percent(MAX_CHANGED)}); ` +
        `see ${result.diff}. If the change is intended, run TRELLIS_UPDATE_SCREENSHOTS=1 npx vitest run e2e/screenshots.e2e.test.ts`
      );
    case 'resized':
      return `${name}: the screenshot is ${result.actual}, its reference ${result.expected}`;
  }
}
