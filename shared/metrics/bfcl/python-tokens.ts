import { lookupUnicodeName } from './unicode-names';
import { PyFloat, PyOther, floatRepr } from './values';

/**
 * One token of a Python expression. `value` is the decoded literal for numbers and strings, and
 * for a name the identifier it stands for: NFKC-normalised, as Python reads identifiers
 * (language reference, Lexical analysis, "Identifiers and keywords"). Keywords are told by `text`,
 * as written: `ｉｆ` is the name `if`, not the keyword.
 */
export interface Token {
  kind: 'name' | 'number' | 'string' | 'op' | 'end';
  text: string;
  value?: unknown;
  /** Prefix letters of a string literal, lower-cased (`b`, `f`, `r`…). */
  prefix?: string;
}

export class PythonSyntaxError extends Error {}

const OPERATORS = [
  '**=',
  '//=',
  '>>=',
  '<<=',
  '...',
  '->',
  ':=',
  '**',
  '//',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '@=',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  '.',
  ';',
  '@',
  '=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '~',
  '<',
  '>',
];
const NAME = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/u;
const NUMBER =
  /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:\d(?:_?\d)*)?\.?(?:\d(?:_?\d)*)?(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?)/;

/** Splits an expression into tokens as Python's tokenizer does (newlines only inside brackets). */
export function tokenize(source: string): Token[] {
  if (source.includes('\0')) throw new PythonSyntaxError('source code string cannot contain null bytes');
  const tokens: Token[] = [];
  let i = 0;
  let depth = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\f') i++;
    else if (c === '\\' && /^\\\r?\n/.test(source.slice(i, i + 3))) i += source[i + 1] === '\r' ? 3 : 2;
    else if (c === '#') while (i < source.length && source[i] !== '\n') i++;
    else if (c === '\n' || c === '\r') {
      if (depth === 0) {
        // A newline ends the expression: only blank lines and comments may follow.
        if (/\S/.test(source.slice(i).replace(/#[^\n]*/g, ''))) throw new PythonSyntaxError('invalid syntax');
        break;
      }
      i++;
    } else if (/[\d.]/.test(c) && /^\.?\d/.test(source.slice(i, i + 2))) {
      const text = NUMBER.exec(source.slice(i))![0];
      if (NAME.test(source.slice(i + text.length))) throw new PythonSyntaxError(`invalid decimal literal: ${text}`);
      tokens.push({ kind: 'number', text, value: numberValue(text) });
      i += text.length;
    } else if (NAME.test(source.slice(i))) {
      const text = NAME.exec(source.slice(i))![0];
      const quote = source[i + text.length];
      if ((quote === '"' || quote === "'") && /^(?:[rubf]|br|rb|fr|rf)$/i.test(text)) {
        i = readString(source, i + text.length, text.toLowerCase(), tokens);
      } else {
        tokens.push({ kind: 'name', text, value: text.normalize('NFKC') });
        i += text.length;
      }
    } else if (c === '"' || c === "'") i = readString(source, i, '', tokens);
    else {
      const op = OPERATORS.find((o) => source.startsWith(o, i));
      if (!op) throw new PythonSyntaxError(`invalid character '${c}'`);
      if ('([{'.includes(op)) depth++;
      if (')]}'.includes(op)) depth--;
      tokens.push({ kind: 'op', text: op });
      i += op.length;
    }
  }
  tokens.push({ kind: 'end', text: '' });
  return tokens;
}

function numberValue(text: string): unknown {
  const clean = text.replace(/_/g, '');
  if (/[jJ]$/.test(clean))
    return new PyOther('complex', `${floatRepr(Number(clean.slice(0, -1)))}j`.replace('.0j', 'j'));
  if (/^0[xob]/i.test(clean)) return Number(clean.toLowerCase());
  if (/[.eE]/.test(clean)) return new PyFloat(Number(clean));
  // decinteger: nonzerodigit (["_"] digit)* | "0"+ (["_"] "0")* — zeros alone may repeat.
  if (/^0+[1-9]/.test(clean))
    throw new PythonSyntaxError('leading zeros in decimal integer literals are not permitted');
  return Number(clean);
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Reads a string literal starting at its opening quote; returns the index after it. */
function readString(source: string, start: number, prefix: string, tokens: Token[]): number {
  const q = source[start]!;
  const triple = source.startsWith(q.repeat(3), start);
  const close = triple ? q.repeat(3) : q;
  let i = start + close.length;
  let text = '';
  const raw = prefix.includes('r');
  for (;;) {
    if (i >= source.length) throw new PythonSyntaxError('unterminated string literal');
    if (source.startsWith(close, i)) break;
    const c = source[i]!;
    if (!triple && c === '\n') throw new PythonSyntaxError('unterminated string literal');
    if (c !== '\\') {
      text += c;
      i++;
      continue;
    }
    const next = source[i + 1] ?? '';
    if (raw) {
      text += c + next;
      i += 2;
      continue;
    }
    if (next === '\n') i += 2;
    else if (SIMPLE_ESCAPES[next] !== undefined && Object.hasOwn(SIMPLE_ESCAPES, next)) {
      text += SIMPLE_ESCAPES[next];
      i += 2;
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(source.slice(i + 1))![0];
      text += String.fromCodePoint(parseInt(digits, 8));
      i += 1 + digits.length;
    } else if (next === 'x' || (!prefix.includes('b') && (next === 'u' || next === 'U'))) {
      const size = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const hex = source.slice(i + 2, i + 2 + size);
      if (!new RegExp(`^[0-9a-fA-F]{${size}}$`).test(hex)) throw new PythonSyntaxError('truncated escape');
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) throw new PythonSyntaxError('illegal Unicode character');
      text += String.fromCodePoint(code);
      i += 2 + size;
    } else if (next === 'N' && !prefix.includes('b')) {
      const end = source.indexOf('}', i);
      text += String.fromCodePoint(namedEscape(source.slice(i + 2, end + 1)));
      i = end + 1;
    } else {
      text += c + next;
      i += 2;
    }
  }
  tokens.push({ kind: 'string', text: source.slice(start, i + close.length), value: text, prefix });
  return i + close.length;
}

/**
 * `\N{name}` as CPython's unicode-escape decoder reads it (Objects/unicodeobject.c, case 'N'):
 * the name runs to the first `}`; an empty, unterminated or unknown name is a SyntaxError.
 */
function namedEscape(braced: string): number {
  const name = /^\{([^}]+)\}$/.exec(braced)?.[1];
  if (name === undefined) throw new PythonSyntaxError('malformed \\N character escape');
  const code = lookupUnicodeName(name);
  if (code === undefined) throw new PythonSyntaxError(`unknown Unicode character name: ${name}`);
  return code;
}
