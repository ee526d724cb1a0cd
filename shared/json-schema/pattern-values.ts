import type { Random } from '../random';

/**
 * A string that matches a simple regular expression: literals, escapes (`\d \w \s \.`),
 * classes (`[A-Z0-9_-]`), `.`, groups with alternatives (`(EUR|USD)`) and quantifiers
 * (`? * + {n} {n,m}`), anchored or not. Null for anything else (lookarounds, back-references,
 * negated classes) or when the result does not match after all: the caller then falls back.
 */
export function stringForPattern(pattern: string, random: Random): string | null {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(pattern);
  };
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const range = (from: string, to: string) =>
    Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) =>
      String.fromCharCode(from.charCodeAt(0) + i),
    );
  const DIGITS = range('0', '9');
  const WORD = [...range('a', 'z'), ...range('A', 'Z'), ...DIGITS, '_'];
  const escaped = (c: string): string[] =>
    c === 'd' ? DIGITS : c === 'w' ? WORD : c === 's' ? [' '] : /[a-zA-Z0-9]/.test(c) ? fail() : [c];

  /** The characters one atom may produce, or a generator for a group. */
  const atom = (): (() => string) => {
    const c = pattern[at++] ?? fail();
    if (c === '(') {
      if (pattern.startsWith('?:', at)) at += 2;
      else if (pattern[at] === '?') fail();
      const group = alternatives();
      if (pattern[at++] !== ')') fail();
      return group;
    }
    let chars: string[];
    if (c === '\\') chars = escaped(pattern[at++] ?? fail());
    else if (c === '.') chars = WORD;
    else if (c === '[') {
      if (pattern[at] === '^') fail();
      chars = [];
      while (pattern[at] !== ']') {
        const from = pattern[at++] ?? fail();
        if (from === '\\') {
          chars.push(...escaped(pattern[at++] ?? fail()));
          continue;
        }
        if (pattern[at] === '-' && pattern[at + 1] && pattern[at + 1] !== ']') {
          const to = pattern[at + 1]!;
          at += 2;
          chars.push(...range(from, to));
        } else chars.push(from);
      }
      at++;
      if (!chars.length) fail();
    } else if ('*+?{|)'.includes(c)) return fail();
    else chars = [c];
    return () => chars[Math.floor(random() * chars.length)]!;
  };

  const sequence = (): (() => string) => {
    const parts: (() => string)[] = [];
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
      if (pattern[at] === '^' || pattern[at] === '$') {
        at++;
        continue;
      }
      const one = atom();
      let [min, max] = [1, 1];
      const q = pattern[at];
      if (q === '?') [min, max] = [0, 1];
      else if (q === '*') [min, max] = [0, 3];
      else if (q === '+') [min, max] = [1, 3];
      else if (q === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at)) ?? fail();
        min = Number(m[1]);
        max = m[2] ? (m[3] ? Number(m[3]) : min + 3) : min;
        at += m[0].length - 1;
      }
      if (q && '?*+{'.includes(q)) at++;
      parts.push(() => Array.from({ length: between(min, max) }, one).join(''));
    }
    return () => parts.map((p) => p()).join('');
  };

  const alternatives = (): (() => string) => {
    const options = [sequence()];
    while (pattern[at] === '|') {
      at++;
      options.push(sequence());
    }
    return () => options[Math.floor(random() * options.length)]!();
  };

  try {
    const generate = alternatives();
    if (at !== pattern.length) return null;
    const value = generate();
    return new RegExp(pattern, 'u').test(value) ? value : null;
  } catch {
    return null;
  }
}
