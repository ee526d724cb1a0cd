import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decodeBfclResult,
  judgeBfclResult,
  loadUnicodeNames,
  type BfclFunction,
} from '../../../shared/metrics/bfcl-ast';

// Each case pins one rule by which Python's ast.parse (CPython's tokenizer, parser and string
// decoder) or the leaderboard's decoder (bfcl_eval/model_handler/utils.py) reads a model's text.
const decode = (text: string) => decodeBfclResult(text, 'prompt');
const argsOf = (text: string) => {
  const d = decode(text);
  if (!d.ok) throw new Error(d.error);
  return d.calls[0]!.args;
};
const food: BfclFunction = {
  name: 'change_food',
  parameters: {
    type: 'dict',
    properties: { food_item: { type: 'string' }, modification_request: { type: 'string' } },
    required: ['food_item', 'modification_request'],
  },
};

beforeAll(() => loadUnicodeNames());

describe('BFCL prompt text as Python reads it', () => {
  it('1. a repeated keyword parses (the error is the compiler’s, Python/compile.c); resolve_ast_call keeps the last value', () => {
    const text =
      "[change_food(food_item='chicken dish', modification_request='extra spicy extra', modification_request='extra spicy')]";
    expect(argsOf(text)).toEqual({ food_item: 'chicken dish', modification_request: 'extra spicy' });
    // The key keeps its first place, as a dict assigned in a loop does.
    expect(Object.keys(argsOf('[f(a=1, b=2, a=3)]'))).toEqual(['a', 'b']);
    const answer = [{ change_food: { food_item: ['chicken dish'], modification_request: ['extra spicy'] } }];
    expect(judgeBfclResult('live_simple_0-0-0', decode(text), [food], answer)).toEqual({ valid: true });
    // On irrelevance entries a call was decoded, so the item fails.
    expect(judgeBfclResult('live_irrelevance_0-0-0', decode(text), [], []).errorType).toBe(
      'irrelevance_error:decoder_success',
    );
  });

  it('2. \\N{name}: unicodedata lookup as the unicode-escape codec does it (Modules/unicodedata.c capi_getcode)', () => {
    expect(argsOf("[f(color='\\N{LATIN SMALL LETTER B}lack')]").color).toBe('black');
    expect(argsOf("[f(c='\\N{latin small letter b}')]").c).toBe('b'); // names: ASCII case ignored
    expect(argsOf("[f(c='\\N{LF}', d='\\N{NBSP}', e='\\N{BYTE ORDER MARK}')]")).toEqual({
      c: '\n', // NameAliases.txt: control and abbreviation aliases
      d: '\u00a0',
      e: '\ufeff', // an alternate alias
    });
    expect(argsOf("[f(c='\\N{LATIN CAPITAL LETTER GHA}')]").c).toBe('\u01a2'); // a correction alias
    expect(argsOf("[f(c='\\N{HANGUL SYLLABLE GAG}', d='\\N{CJK UNIFIED IDEOGRAPH-4E00}')]")).toEqual({
      c: '\uac01',
      d: '\u4e00',
    });
    expect(argsOf("[f(c='\\N{CJK UNIFIED IDEOGRAPH-04E00}')]").c).toBe('\u4e00'); // 4 or 5 hex digits
    expect(argsOf("[f(c='\\N{CJK COMPATIBILITY IDEOGRAPH-F900}')]").c).toBe('\uf900'); // listed one by one
    expect(argsOf("[f(c=b'\\N{DIGIT ONE}', d=r'\\N{DIGIT ONE}')]")).toMatchObject({ d: '\\N{DIGIT ONE}' });
    for (const refused of [
      'LATIN CAPITAL LETTER A WITH MACRON AND GRAVE', // a named sequence
      'hangul syllable gag', // computed names are compared as written
      'CJK UNIFIED IDEOGRAPH-4e00', // upper-case hex only
      'CJK UNIFIED IDEOGRAPH-0041', // not an ideograph
      'TANGUT IDEOGRAPH-17000', // UnicodeData.txt gives Tangut ideographs only as a range
      'LATIN  SMALL LETTER B', // no loose matching
      'NO SUCH CHARACTER',
      '',
    ])
      expect(decode(`[f(c='\\N{${refused}}')]`).ok, refused).toBe(false);
    expect(decode("[f(c='\\N')]").ok).toBe(false);
    expect(decode("[f(c='\\N{DIGIT ONE')]").ok).toBe(false);
    // Unknown name: a SyntaxError, so the leaderboard's decoder fails.
    expect(judgeBfclResult('simple_python_0', decode("[f(c='\\N{NOPE}')]"), [food], []).errorType).toBe(
      'ast_decoder:decoder_failed',
    );
  });

  it('2b. the name table is loaded only for results that have a named escape, and decoding without it is refused', async () => {
    vi.resetModules(); // a fresh copy of the decoder, its table not loaded
    const fresh = await import('../../../shared/metrics/bfcl-ast');
    const named = "[f(c='\\N{DIGIT ONE}')]";
    await fresh.prepareBfclDecoding(['[f(a=1)]', [{ f: '{}' }]]);
    expect(fresh.decodeBfclResult('[f(a=1)]', 'prompt').ok).toBe(true);
    expect(() => fresh.decodeBfclResult(named, 'prompt')).toThrow(/not loaded/);
    await fresh.prepareBfclDecoding([named]);
    expect(fresh.decodeBfclResult(named, 'prompt')).toMatchObject({ ok: true, calls: [{ args: { c: '1' } }] });
  });

  it('3. identifiers are NFKC-normalised (Lexical analysis, Identifiers and keywords); keywords are matched as written', () => {
    expect(argsOf("[get_weather(ｌｏｃａｔｉｏｎ='Paris')]")).toEqual({ location: 'Paris' });
    expect(decode('[ｍａｔｈ.ｆ(x=1)]')).toMatchObject({ ok: true, calls: [{ name: 'math.f' }] });
    expect(argsOf('[f(x=ﬁle)]').x).toBe('file'); // a Name's id, decoded as its text
    // Ｔｒｕｅ is not the keyword True: it is the name "True" (its text), not the constant.
    expect(argsOf('[f(x=Ｔｒｕｅ)]').x).toBe('True');
    // A keyword as an argument name is the parser's error (invalid_kwarg); its full-width spelling is a name.
    for (const refused of ['if', 'True', 'None', 'lambda']) expect(decode(`[f(${refused}=1)]`).ok, refused).toBe(false);
    expect(argsOf('[f(ｉｆ=1, Ｎｏｎｅ=2)]')).toEqual({ if: 1, None: 2 });
  });

  it('4. decinteger: "0"+ (["_"] "0")* is an integer; other leading zeros are refused (Lexical analysis, Integer literals)', () => {
    expect(argsOf('[f(a=00, b=000, c=0_0, d=0)]')).toEqual({ a: 0, b: 0, c: 0, d: 0 });
    for (const refused of ['01', '007', '0_1', '00_7']) expect(decode(`[f(a=${refused})]`).ok, refused).toBe(false);
    // Floats and imaginaries may start with zeros.
    expect(decode('[f(a=00.5, b=01e2, c=09j)]').ok).toBe(true);
  });

  it('5. an FC result "" decodes as no calls: decode_ast loops over it zero times; the checker says wrong_count', () => {
    const fn: BfclFunction = { ...food, name: 'f' };
    const answer = [{ f: { food_item: ['x'], modification_request: ['y'] } }];
    const empty = decodeBfclResult('', 'fc');
    expect(empty).toEqual({ ok: true, calls: [], wellFormed: true });
    expect(judgeBfclResult('live_simple_0-0-0', empty, [fn], answer, { fc: true })).toMatchObject({
      valid: false,
      errorType: 'simple_function_checker:wrong_count',
    });
    expect(judgeBfclResult('live_parallel_0-0-0', empty, [fn], answer, { fc: true }).errorType).toBe(
      'parallel_function_checker_no_order:wrong_count',
    );
    expect(judgeBfclResult('live_irrelevance_0-0-0', empty, [], [], { fc: true }).valid).toBe(true);
    // Other text still fails to decode (`.keys()` of a character).
    expect(decodeBfclResult('no calls', 'fc').ok).toBe(false);
  });
});
