import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, eventArrayFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';

/**
 * A Cursor Agent CLI run as `cursor-agent -p --output-format stream-json` prints it (the shape of a CLI
 * 2026.10.01 capture): thinking deltas, messages and tool calls tied to their model call, an MCP call.
 */
const DIR = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'coding-agents');
const events = fs
  .readFileSync(path.join(DIR, 'cursor-agent-stream-json.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const cursor = formatDescriptor('cursor-agent');

function run(lines: Record<string, unknown>[]) {
  const record = cursor.container!.events!.record(lines);
  expect(detectFormat(record)).toBe('cursor-agent');
  return cursor.parse(record);
}

describe('a Cursor Agent stream-json run', () => {
  const parsed = run(events);

  it("is told from Claude Code's stream by its init, which names its key's source and lists no tools", () => {
    expect(detectFormat(events[0])).toBeNull();
    expect(eventArrayFormat(events[0])).toBe('cursor-agent');
    expect(eventArrayFormat({ ...events[0], tools: ['Bash'] })).toBe('claude-code');
  });

  it('makes each model call one assistant turn: its thinking, its words and the calls it started', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(parsed.turns[1]).toMatchObject({
      thought: "I should read the cart's total function\n\nand look at the issue in the tracker.",
      content: "I'll read the total function and search for where discounts are applied.",
      toolCalls: [
        { name: 'read', args: { path: '/home/rui/shop/src/cart.ts' } },
        { name: 'grep', args: { pattern: 'applyDiscount', path: '/home/rui/shop/src' } },
      ],
    });
    expect(parsed.turns[4]).toMatchObject({
      thought: 'Each discount restarts from the undiscounted sum.',
      toolCalls: [{ name: 'get_issue', args: { number: 88 } }],
    });
    expect(parsed.turns[6]!.content).toMatch(/^Each discount is applied to the undiscounted sum/);
  });

  it('pairs each completion with its call by call_id, timed by the call, its content as the model got it', () => {
    const ids = parsed.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id);
    expect(parsed.turns.filter((t) => t.role === 'tool').map((t) => t.toolCallId)).toEqual(ids);
    expect(parsed.turns[2]).toMatchObject({
      content: expect.stringMatching(/^export function total\(items, discounts\)/) as unknown,
      timing: { startedAt: new Date(1791300000140).toISOString(), durationMs: 72 },
    });
    // A result without content is kept whole; an MCP tool's text parts are its text.
    expect(JSON.parse(parsed.turns[3]!.content!)).toMatchObject({ pattern: 'applyDiscount', outputMode: 'content' });
    expect(parsed.turns[5]!.content).toBe('#88 Two discounts only apply the last one');
  });

  it('takes the result line as the outcome, the init and the usage as metadata', () => {
    expect(parsed.outcome).toEqual({ status: 'success', by: 'Cursor result', value: 'success' });
    expect(parsed.metadata).toEqual({
      harness: 'cursor-agent',
      session_id: '2c7e9a41-5b3d-4f80-9e12-7a6b5c4d3e2f',
      model: 'Auto',
      cwd: '/home/rui/shop',
      permission_mode: 'default',
      api_key_source: 'login',
      duration_ms: 4210,
      duration_api_ms: 4210,
      usage: { inputTokens: 9120, outputTokens: 412, cacheReadTokens: 18304, cacheWriteTokens: 0 },
      request_id: 'a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e1b',
    });
    expect(parsed.ignored).toEqual([]);
  });

  it('reads a run that ended in error as a failure', () => {
    const failed = { ...events.at(-1)!, subtype: 'error', is_error: true };
    expect(run([...events.slice(0, -1), failed]).outcome).toEqual({
      status: 'failure',
      by: 'Cursor result',
      value: 'error',
    });
  });
});
