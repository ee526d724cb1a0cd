import { PyFloat, setOwn } from './values';

/** Deeper nesting than this is refused, so a hostile line cannot exhaust the stack. */
const MAX_DEPTH = 512;

/**
 * JSON as Python's `json.loads` reads it: `10` is an int, `10.0` and `1e3` are floats
 * (`PyFloat`), `NaN`/`Infinity` are accepted; keys such as `__proto__` are plain own keys.
 */
export function parseExactJson(text: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${i}`);
  };
  const skip = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const string = (): string => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('Unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) fail('Nested too deeply');
    skip();
    const c = text[i];
    if (c === '"') return string();
    if (c === '{') {
      i++;
      const object: Record<string, unknown> = {};
      skip();
      if (text[i] === '}') return (i++, object);
      for (;;) {
        skip();
        if (text[i] !== '"') fail('Expected a key');
        const key = string();
        skip();
        if (text[i++] !== ':') fail("Expected ':'");
        setOwn(object, key, value(depth + 1));
        skip();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return (i++, object);
        else fail("Expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const list: unknown[] = [];
      skip();
      if (text[i] === ']') return (i++, list);
      for (;;) {
        list.push(value(depth + 1));
        skip();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return (i++, list);
        else fail("Expected ',' or ']'");
      }
    }
    for (const [word, v] of WORDS) if (text.startsWith(word, i)) return ((i += word.length), v);
    const number = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!number) return fail(c === undefined ? 'Unexpected end of JSON input' : `Unexpected token ${c}`);
    i += number[0].length;
    const n = Number(number[0]);
    return number[1] !== undefined || number[2] !== undefined ? new PyFloat(n) : n;
  };
  const result = value(0);
  skip();
  if (i < text.length) fail(`Unexpected token ${text[i]}`);
  return result;
}

const WORDS: [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', new PyFloat(NaN)],
  ['Infinity', new PyFloat(Infinity)],
  ['-Infinity', new PyFloat(-Infinity)],
];
