import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(__dirname, '..', '..', '..', 'renderer', 'src');
const read = (file: string) => fs.readFileSync(path.join(SRC, file), 'utf8');

/** The custom properties a CSS block sets, by name. */
function properties(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = css.slice(start, css.indexOf('}', start)).replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map([...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** A token's value in a theme: the dark block over the light one, var() followed to a colour. */
function resolve(name: string, theme: Map<string, string>, seen: string[] = []): string {
  const value = theme.get(name);
  if (value === undefined) throw new Error(`${name} is not set`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  if (!ref) return value;
  if (seen.includes(name)) throw new Error(`${name} refers to itself`);
  return resolve(ref[1]!, theme, [...seen, name]);
}

/** WCAG 2 relative luminance of `#rrggbb` or `#rgb`. */
function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not an opaque hex colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const tokens = read('theme/tokens.css');
const light = properties(tokens, ':root');
const dark = new Map([...light, ...properties(tokens, ":root[data-theme='dark']")]);
const EDGE_TOKENS = [
  '--color-edge',
  '--color-edge-selected',
  '--color-edge-shared',
  '--color-edge-warning',
  '--color-edge-error',
];

describe('graph edges stand out from the canvas in both themes', () => {
  it('computes WCAG contrast as the guidelines do', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // React Flow's own edge greys, which the theme replaces, fail: the test can tell.
    expect(contrast('#b1b1b7', '#ffffff')).toBeLessThan(3);
    expect(contrast('#3e3e3e', resolve('--color-surface', dark))).toBeLessThan(3);
  });

  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`every edge colour is at least 3:1 against the canvas in the ${name} theme`, () => {
      // The canvas is React Flow's background, which the app sets to the surface colour.
      expect(read('styles.css')).toMatch(/--xy-background-color: var\(--color-surface\);/);
      const canvas = resolve('--color-surface', theme);
      const ratios = Object.fromEntries(
        EDGE_TOKENS.map((token) => [token, Number(contrast(resolve(token, theme), canvas).toFixed(2))]),
      );
      expect(
        Object.values(ratios).every((r) => r >= 3),
        JSON.stringify(ratios),
      ).toBe(true);
    });
  }

  it('draws edges, arrowheads and the compact drawing with those tokens', () => {
    const styles = read('styles.css');
    expect(styles).toMatch(/--xy-edge-stroke: var\(--color-edge\);/);
    expect(styles).toMatch(/--xy-edge-stroke-selected: var\(--color-edge-selected\);/);
    const strokes = [
      ...`${styles}\n${read('workspaces/graph/canvas/canvas.css')}`.matchAll(
        /\.(?:react-flow__edge\.edge|compact-edges \.compact-edge)-[\w-]+ path\s*\{\s*stroke: ([^;]+);|\.compact-edge-[\w-]+ \{\s*stroke: ([^;]+);/g,
      ),
    ].map((m) => (m[1] ?? m[2])!);
    expect(strokes.length).toBeGreaterThanOrEqual(6);
    for (const stroke of strokes) expect(EDGE_TOKENS.map((t) => `var(${t})`)).toContain(stroke);
  });
});

describe('text on the accent (primary buttons, the selected item) reads in both themes', () => {
  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const)
    it(`is at least 4.5:1 on the accent and on its hover colour in the ${name} theme`, () => {
      const fg = resolve('--color-accent-fg', theme);
      expect(contrast(fg, resolve('--color-accent', theme))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(fg, resolve('--color-accent-hover', theme))).toBeGreaterThanOrEqual(4.5);
    });
});
