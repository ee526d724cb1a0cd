import { describe, expect, it } from 'vitest';
import { arrayElements } from '../../../backend/files/json-array';
import type { LineProblem } from '../../../backend/files/lines';

/** The elements and problems of `text` read as chunks of `size` bytes. */
async function read(text: string, size: number) {
  const bytes = Buffer.from(text);
  const chunks = (async function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  })();
  const problems: LineProblem[] = [];
  const elements = [];
  for await (const element of arrayElements(chunks, (p) => problems.push(p), { lines: 0, bytes: 0 }))
    elements.push(element);
  return { elements, problems };
}

// Strings that hold what ends an element outside one: brackets, commas, escaped quotes and
// backslashes, a backslash before the closing quote, non-ASCII text.
const records = [
  { messages: [{ role: 'user', content: 'a, b ] c } [ {' }], n: 1 },
  { text: 'she said \\"hi\\", then ]', path: 'C:\\dir\\', quote: '"', tail: '\\' },
  [1, [2, [3]], { k: 'v,]' }],
  'a lone string, with "quotes"',
  { emoji: 'café ☕ — 東京', empty: '' },
];
const text = `[\n${records.map((r) => JSON.stringify(r, null, 2).replace(/^/gm, '  ')).join(',\n')}\n]\n`;

describe('JSON array elements', () => {
  it('are the same, at the same lines and byte offsets, however the file is cut into chunks', async () => {
    const whole = await read(text, text.length + 1);
    expect(whole.problems).toEqual([]);
    expect(whole.elements.map((e) => JSON.parse(e.text) as unknown)).toEqual(records);
    // Each element starts on the line after the previous one's last, at the byte where it is written.
    const bytes = Buffer.from(text);
    for (const e of whole.elements) {
      expect(bytes.subarray(e.offset).toString().startsWith(e.text)).toBe(true);
      expect(bytes.subarray(0, e.offset).toString().split('\n').length).toBe(e.line);
    }
    for (const size of [1, 2, 3, 5, 7, 16, 64]) {
      const cut = await read(text, size);
      expect(cut, `chunks of ${size} bytes`).toEqual(whole);
    }
  });

  it('report a break at its line and byte, however the file is cut', async () => {
    const broken = '[\n  {"a": "x, ]"},\n  {"b": 1}\n  ,, {"c": 2}\n]';
    for (const size of [1, 3, 8, 100]) {
      const { elements, problems } = await read(broken, size);
      expect(elements.map((e) => e.text)).toEqual(['{"a": "x, ]"}', '{"b": 1}']);
      expect(problems).toEqual([expect.objectContaining({ line: 4, offset: broken.indexOf(',,') + 1, record: 3 })]);
      expect(problems[0]!.reason).toMatch(/unexpected ","/);
    }
  });

  it('count every line, also one inside a string or after a backslash (text JSON refuses, read on)', async () => {
    const raw = '[\n  {"a": "one\ntwo"},\n  {"b": "\\\n"},\n  {"c": 3}\n]';
    const bytes = Buffer.from(raw);
    for (const size of [1, 2, 5, 100]) {
      const { elements, problems } = await read(raw, size);
      expect(problems).toEqual([]);
      expect(elements.map((e) => e.text)).toEqual(['{"a": "one\ntwo"}', '{"b": "\\\n"}', '{"c": 3}']);
      for (const e of elements) expect(bytes.subarray(0, e.offset).toString().split('\n').length).toBe(e.line);
      expect(elements.map((e) => e.line)).toEqual([2, 4, 6]);
    }
  });

  it('say where an array is cut short', async () => {
    const cut = '[{"a": "\\\\"}, {"b": "open';
    const { elements, problems } = await read(cut, 4);
    expect(elements.map((e) => e.text)).toEqual(['{"a": "\\\\"}']);
    // At the end of what was read: the element never closed.
    expect(problems[0]).toMatchObject({
      line: 1,
      offset: cut.length,
      reason: 'the JSON array is cut short: no closing "]"',
    });
  });
});
