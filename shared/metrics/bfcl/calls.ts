import { decodePythonCalls } from './python-decode';
import { parseExactJson } from './exact-json';
import { loadUnicodeNames, mentionsNamedEscape, UnicodeNamesNotLoaded } from './unicode-names';
import { getOwn, isDict } from './values';

/** One decoded model call: `{name, args}`. */
export interface BfclCall {
  name: string;
  args: Record<string, unknown>;
}

/** How a result line was written: prompt-mode raw text, or a function-calling model's list. */
export type BfclResultMode = 'prompt' | 'fc';

/**
 * A decoded result: the calls, or why the leaderboard's decoder fails on it. `wellFormed` is false
 * when decoding succeeds but an item is not `{name: {params}}` (the leaderboard's format check).
 */
export type DecodedResult = { ok: true; calls: BfclCall[]; wellFormed: boolean } | { ok: false; error: string };

/**
 * Readies `decodeBfclResult` for these results: loads the Unicode name table when a prompt-mode
 * text has a `\N{…}` escape (the table is large, so it is only loaded then).
 */
export async function prepareBfclDecoding(results: Iterable<unknown>): Promise<void> {
  for (const result of results)
    if (typeof result === 'string' && mentionsNamedEscape(result)) return loadUnicodeNames();
}

/**
 * Decodes one `result` as the leaderboard does (after `prepareBfclDecoding`). Prompt mode: text in Python call syntax. FC mode:
 * a list of `{name: arguments}`, arguments a JSON string (or already an object). In prompt mode a
 * list instead of text is read as already-decoded calls, `{name: {args}}` or OpenAI-style
 * `{name, arguments}` (a Trellis convenience; the leaderboard only writes text there).
 */
export function decodeBfclResult(result: unknown, mode: BfclResultMode): DecodedResult {
  try {
    if (mode === 'prompt' && typeof result === 'string')
      return { ok: true, calls: decodePythonCalls(result), wellFormed: true };
    // The FC handlers' decode_ast loops `for invoked_function in result`: "" loops zero times, so
    // it decodes as no calls (and the checker then says wrong_count); other text fails on `.keys()`.
    if (mode === 'fc' && result === '') return { ok: true, calls: [], wellFormed: true };
    if (!Array.isArray(result)) return { ok: false, error: `expected ${mode === 'fc' ? 'a list of calls' : 'text'}` };
    let wellFormed = true;
    const calls = result.map((item): BfclCall => {
      const call = mode === 'prompt' ? openAiCall(item) : undefined;
      if (call) return call;
      if (!isDict(item)) throw new Error(`an item is not an object: ${JSON.stringify(item)}`);
      const name = Object.keys(item)[0];
      if (name === undefined) throw new Error('an item names no function');
      const raw = item[name];
      const args = typeof raw === 'string' ? parseExactJson(raw) : raw;
      if (!isDict(args)) {
        if (typeof raw !== 'string') throw new Error(`the arguments of ${name} are not an object or JSON text`);
        wellFormed = false;
      }
      if (mode === 'prompt' && Object.keys(item).length !== 1) wellFormed = false;
      return { name, args: isDict(args) ? args : {} };
    });
    return { ok: true, calls, wellFormed };
  } catch (error) {
    if (error instanceof UnicodeNamesNotLoaded) throw error;
    return { ok: false, error: (error as Error).message };
  }
}

/** `{name, arguments}` or `{function: {name, arguments}}`, arguments an object or JSON text. */
function openAiCall(item: unknown): BfclCall | undefined {
  if (!isDict(item)) return undefined;
  const fn = isDict(getOwn(item, 'function')) ? (item.function as Record<string, unknown>) : item;
  const name = getOwn(fn, 'name');
  const raw = getOwn(fn, 'arguments') ?? getOwn(fn, 'args');
  if (typeof name !== 'string' || raw === undefined) return undefined;
  const args = typeof raw === 'string' ? parseExactJson(raw) : raw;
  if (!isDict(args)) throw new Error(`the arguments of ${name} are not an object`);
  return { name, args };
}
