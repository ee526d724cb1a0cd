import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBfclResult, loadUnicodeNames, PyFloat } from '../../../shared/metrics/bfcl-ast';

// Call texts generated from the literal grammar, each piece knowing whether Python accepts it
// and what it decodes to; the decoder must accept exactly the texts whose pieces are all valid.
// The rules, from the language reference (Lexical analysis) and CPython's string decoder:
//   decinteger ::= nonzerodigit (["_"] digit)* | "0"+ (["_"] "0")*
//   a float may start with any zeros; "_" only between digits
//   \N{name}: a character name or alias, ASCII case ignored; computed Hangul and CJK names as
//   written; named sequences, empty and unknown names are SyntaxErrors
//   identifiers are NFKC-normalised (full-width letters are ASCII ones)
//   a repeated keyword parses; the decoder keeps its last value, in its first place

interface Piece {
  text: string;
  valid: boolean;
  value?: unknown;
}

/** mulberry32: a small seeded generator, so a failure replays. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DECINTEGER = /^(?:[1-9](?:_?\d)*|0+(?:_?0)*)$/;
const POINTFLOAT = /^\d(?:_?\d)*\.\d(?:_?\d)*$/;
const NAMES: [string, string | null][] = [
  ['LATIN SMALL LETTER B', 'b'],
  ['latin small letter b', 'b'],
  ['Greek Small Letter Alpha', '\u03b1'],
  ['LF', '\n'], // NameAliases.txt abbreviation
  ['LATIN CAPITAL LETTER GHA', '\u01a2'], // correction alias
  ['HANGUL SYLLABLE GAG', '\uac01'],
  ['CJK UNIFIED IDEOGRAPH-4E00', '\u4e00'],
  ['CJK UNIFIED IDEOGRAPH-20000', '\u{20000}'],
  ['hangul syllable gag', null],
  ['CJK UNIFIED IDEOGRAPH-4e00', null],
  ['LATIN CAPITAL LETTER A WITH MACRON AND GRAVE', null], // named sequence
  ['KEYCAP NUMBER SIGN', null], // named sequence
  ['', null],
  ['NOT A CHARACTER NAME', null],
];

describe('BFCL decoder: accept/refuse against the literal grammar (seeded)', () => {
  beforeAll(() => loadUnicodeNames());

  it('agrees with the stated rules on 600 generated call texts', () => {
    const rand = random(33);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const digits = (n: number, from = '0123456789') => Array.from({ length: n }, () => pick([...from])).join('');
    const withUnderscores = (s: string) =>
      [...s].map((c, i) => (i > 0 && rand() < 0.2 ? pick(['_', '_', '__']) + c : c)).join('') +
      (rand() < 0.05 ? '_' : '');

    const integer = (): Piece => {
      const body = pick([
        () => '0'.repeat(1 + Math.floor(rand() * 3)),
        () => digits(1, '123456789') + digits(Math.floor(rand() * 4)),
        () => '0' + digits(1 + Math.floor(rand() * 3)),
      ])();
      const text = withUnderscores(body);
      return { text, valid: DECINTEGER.test(text), value: Number(text.replace(/_/g, '')) };
    };
    const float = (): Piece => {
      const text = withUnderscores(digits(1 + Math.floor(rand() * 3))) + '.' + withUnderscores(digits(1));
      return { text, valid: POINTFLOAT.test(text), value: new PyFloat(Number(text.replace(/_/g, ''))) };
    };
    const string = (): Piece => {
      let text = '';
      let value = '';
      let valid = true;
      for (let k = Math.floor(rand() * 4); k >= 0; k--) {
        const part = pick(['plain', 'escape', 'named', 'named']);
        if (part === 'plain') {
          const s = digits(1 + Math.floor(rand() * 4), 'abc xyz');
          text += s;
          value += s;
        } else if (part === 'escape') {
          const [t, v] = pick([
            ['\\n', '\n'],
            ['\\x41', 'A'],
            ['\\101', 'A'],
            ['\\u00e9', '\u00e9'],
            ['\\\\', '\\'],
          ]);
          text += t;
          value += v;
        } else {
          const [name, char] = pick(NAMES);
          text += `\\N{${name}}`;
          if (char === null) valid = false;
          else value += char;
        }
      }
      return { text: `'${text}'`, valid, value };
    };
    const literal = () => pick([integer, integer, float, string, string])();
    const fullWidth = (s: string) => [...s].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');

    const seen = { accepted: 0, refused: 0, repeated: 0 };
    for (let n = 0; n < 600; n++) {
      const expected: Record<string, unknown> = {};
      let valid = true;
      const args: string[] = [];
      for (let k = Math.floor(rand() * 4); k > 0; k--) {
        const key = pick(['city', 'unit', 'days']); // few keys, so some repeat
        const piece = literal();
        valid &&= piece.valid;
        expected[key] = piece.value; // last value wins, first place kept
        args.push(`${rand() < 0.3 ? fullWidth(key) : key}=${piece.text}`);
      }
      const text = `[get_weather(${args.join(', ')})]`;
      const decoded = decodeBfclResult(text, 'prompt');
      expect(decoded.ok, text).toBe(valid);
      seen[valid ? 'accepted' : 'refused']++;
      if (valid && Object.keys(expected).length < args.length) seen.repeated++;
      if (decoded.ok) {
        expect(decoded.calls[0]!.args, text).toEqual(expected);
        expect(Object.keys(decoded.calls[0]!.args), text).toEqual(Object.keys(expected));
      }
    }
    // The generator reaches both sides of every rule often enough to mean something.
    expect(Math.min(seen.accepted, seen.refused, seen.repeated)).toBeGreaterThan(50);
  });
});
