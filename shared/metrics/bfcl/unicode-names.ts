/**
 * The character names a `\N{…}` escape accepts, as CPython's unicode-escape codec looks them up
 * (Modules/unicodedata.c `capi_getcode` with named sequences refused): a name or a NameAliases.txt
 * alias of any type, matched after ASCII upper-casing; `HANGUL SYLLABLE …` and
 * `CJK UNIFIED IDEOGRAPH-XXXX` (4 or 5 upper-case hex digits) computed, and matched exactly as
 * written. Ideographs UnicodeData.txt lists only as a range (Tangut) have no name there.
 * The table comes from the `unicode-name` package, loaded on first need (it is large).
 */
/** Thrown when text is decoded before `loadUnicodeNames()` finished: a caller's mistake, not the text's. */
export class UnicodeNamesNotLoaded extends Error {
  constructor() {
    super('the Unicode name table is not loaded: await loadUnicodeNames() before decoding text with \\N{…}');
  }
}

interface NameTable {
  /** Upper-cased names and aliases → code point. */
  names: Map<string, number>;
  /** `HANGUL SYLLABLE GA` → code point, exact case (CPython compares these with strncmp). */
  hangul: Map<string, number>;
  baseName: (codePoint: number) => string | undefined;
}

let table: NameTable | undefined;
let loading: Promise<void> | undefined;

const CJK_UNIFIED = 'CJK UNIFIED IDEOGRAPH-';
const HANGUL = 'HANGUL SYLLABLE ';
/** Names the package derives from a range that UnicodeData.txt gives only as `<…, First>`/`<…, Last>`. */
const RANGE_ONLY = ['TANGUT IDEOGRAPH-', CJK_UNIFIED, HANGUL];
/**
 * Where named characters are: planes 0 and 1, the compatibility ideographs of plane 2 and plane
 * 14's tags and variation selectors (the rest of planes 2 and 3 is unified ideographs, computed).
 */
const NAMED_SPANS = [
  [0, 0x1ffff],
  [0x2f800, 0x2ffff],
  [0xe0000, 0xe0fff],
] as const;

/** Loads the name table once; decoding a `\N{…}` escape needs it. */
export function loadUnicodeNames(): Promise<void> {
  loading ??= import('unicode-name').then((pkg) => {
    const names = new Map<string, number>();
    const hangul = new Map<string, number>();
    for (const [first, last] of NAMED_SPANS) {
      for (let cp = first; cp <= last; cp++) {
        const name = pkg.unicodeBaseName(cp);
        if (name?.startsWith(HANGUL)) hangul.set(name, cp);
        else if (name && !RANGE_ONLY.some((prefix) => name.startsWith(prefix))) names.set(name, cp);
        const aliases = pkg.unicodeAliases(cp);
        if (aliases) for (const list of Object.values(aliases)) for (const alias of list ?? []) names.set(alias, cp);
      }
    }
    table = { names, hangul, baseName: pkg.unicodeBaseName };
  });
  return loading;
}

/** Whether a source text has a named escape (the only thing that needs the table). */
export const mentionsNamedEscape = (text: string) => text.includes('\\N{');

const asciiUpper = (s: string) => s.replace(/[a-z]/g, (c) => c.toUpperCase());

/** The code point a `\N{name}` escape stands for, or undefined where CPython knows no such name. */
export function lookupUnicodeName(name: string): number | undefined {
  if (!table) throw new UnicodeNamesNotLoaded();
  if (name.startsWith(HANGUL)) return table.hangul.get(name);
  if (name.startsWith(CJK_UNIFIED)) {
    const hex = name.slice(CJK_UNIFIED.length);
    if (!/^[0-9A-F]{4,5}$/.test(hex)) return undefined;
    const cp = parseInt(hex, 16);
    const canonical = `${CJK_UNIFIED}${cp.toString(16).toUpperCase().padStart(4, '0')}`;
    return table.baseName(cp) === canonical ? cp : undefined;
  }
  return table.names.get(asciiUpper(name));
}
