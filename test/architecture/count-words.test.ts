import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const NOUNS =
  'tools|results|turns|records|steps|calls|tokens|trajectories|findings|items|problems|recordings|labels|edges|runs|plans|candidates|lines|splits|runtimes|rows|sets|definitions|fields';
/** A count put before a plural noun in text people read: `${n} tools`, `{n} results`. */
const BARE_COUNT = new RegExp(`(\\$\\{[^{}]+\\}|\\{[^{}'"]+\\}) (${NOUNS})(?![=\\w/])`);
/** Lines that choose the noun themselves, or whose count is never 1. */
const ALLOWED = [
  /[=!]== 1\b|> 1\b/,
  /mean \{stats\.turns\.mean\.toFixed\(1\)\} turns/, // a mean, not a count
  /\{count\} candidates at once/, // shown only when count > 1
  /\{role, content\} turns/, // a shape, not a count
  /trained context \(\{length\} tokens\)/, // a context size, never 1
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('counts in the words the UI shows', () => {
  it('use countOf (or choose the noun by the count): never "1 tools" or "(1 results)"', () => {
    const bare = ['renderer/src', 'shared'].flatMap((dir) =>
      sourceFiles(path.join(ROOT, dir)).flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => {
            const code = line.trim();
            if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
            if (!BARE_COUNT.test(line) || ALLOWED.some((ok) => ok.test(line))) return [];
            return [`${path.relative(ROOT, file)}:${i + 1}: ${code}`];
          }),
      ),
    );
    expect(bare).toEqual([]);
  });
});
