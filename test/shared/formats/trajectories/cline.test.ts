import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../../shared/domain';
import { splitToolUses } from '../../../../shared/formats/trajectories/cline-xml';
import {
  detectFormat,
  eventArrayFormat,
  formatDescriptor,
  RecordError,
} from '../../../../shared/formats/trajectories/registry';

/**
 * Cline and Roo Code task folders: api_conversation_history.json as Cline 3.0 wrote it (tool uses
 * as XML in the reply, results as "[tool for …] Result:" text), as Cline 3.89 writes it (native
 * tool calls with its own fields, results as text or tool_result blocks), as Roo Code writes it
 * (<user_message>, a reasoning item, read_file's nested args), and a ui_messages.json.
 */
const CODING = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'coding-agents');
const file = (name: string) => JSON.parse(fs.readFileSync(path.join(CODING, name), 'utf8')) as unknown[];
const cline = formatDescriptor('cline');

/** The one record the import makes of a file that is a JSON array of one task's messages. */
function task(messages: unknown[]) {
  expect(eventArrayFormat(messages[0])).toBe('cline');
  const record = cline.container!.events!.record(messages);
  expect(detectFormat(record)).toBe('cline');
  return cline.parse(record);
}

/** Every tool turn answers a call made in an earlier assistant turn. */
function expectResultsPaired(turns: Turn[]) {
  turns.forEach((turn, i) => {
    if (turn.role !== 'tool') return;
    const callers = turns.slice(0, i).flatMap((t) => t.toolCalls ?? []);
    expect(callers.map((c) => c.id)).toContain(turn.toolCallId);
  });
}

const callsOf = (turns: Turn[]) => turns.flatMap((t) => t.toolCalls ?? []);

describe('Cline 3.0 api_conversation_history.json: XML tool uses', () => {
  const parsed = task(file('cline-3.0-xml-api_conversation_history.json'));
  const turns = parsed.turns;

  it('reads each XML tool use as a call with its parameters, and the <thinking> before it as the thought', () => {
    expect(turns[1]).toEqual({
      role: 'assistant',
      thought: 'I need to see how the total is computed before changing it.',
      toolCalls: [{ id: 'xml_1_0', name: 'read_file', args: { path: 'src/invoice.ts' } }],
    });
    expect(callsOf(turns).map((c) => c.name)).toEqual([
      'read_file',
      'replace_in_file',
      'execute_command',
      'execute_command',
      'write_to_file',
      'attempt_completion',
    ]);
    expect(turns[4]!.content).toBe("The discount is never applied. I'll subtract it from the sum.");
    expect(callsOf(turns)[1]!.args).toMatchObject({
      path: 'src/invoice.ts',
      diff: expect.stringMatching(/^<<<<<<< SEARCH\n/),
    });
  });

  it('keeps a file written with a tool tag inside it whole', () => {
    expect(callsOf(turns)[4]!.args).toEqual({
      path: 'CHANGELOG.md',
      content: '## 1.4.1\n- Fix: `totalWithDiscount` applies the discount (<write_to_file> was the tool used).',
    });
  });

  it('pairs each "[tool for …] Result:" and the blocks after it with its call, the environment details left as the user\'s', () => {
    expectResultsPaired(turns);
    expect(turns[2]).toEqual({
      role: 'tool',
      toolCallId: 'xml_1_0',
      content:
        "[read_file for 'src/invoice.ts'] Result:\nexport function totalWithDiscount(lines: Line[], discount: number): number {\n  return lines.reduce((sum, l) => sum + l.price * l.qty, 0);\n}\n",
    });
    expect(turns[3]).toMatchObject({ role: 'user', content: expect.stringMatching(/^<environment_details>/) });
    // The second tool use of a reply was not run: Cline says so, and that is its result.
    expect(turns[6]).toMatchObject({
      toolCallId: 'xml_3_1',
      content: expect.stringMatching(/^Tool \[execute_command\] was not executed/),
    });
    expect(turns.find((t) => t.toolCallId === 'xml_7_0')!.content).toMatch(
      /The user denied this operation.\nThe user provided the following feedback:\n<feedback>/,
    );
    expect(parsed.notes).toContain(
      'Cline and Roo Code tool uses written as XML in the reply are read as calls, their parameters as arguments.',
    );
  });

  it('reads the task, and a last attempt_completion as an ungraded end', () => {
    expect(turns[0]!.content).toMatch(/^<task>\nThe invoice total ignores the discount/);
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'Cline attempt_completion', value: null });
    expect(parsed.metadata).toEqual({ harness: 'cline' });
    expect(parsed.ignored).toEqual([]);
  });
});

describe('Cline 3.89 api_conversation_history.json: native tool calls', () => {
  const parsed = task(file('cline-3.89-native-api_conversation_history.json'));
  const turns = parsed.turns;

  it("reads the calls by their ids, Cline's text results and tool_result blocks alike", () => {
    expect(turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
    expect(turns[1]).toMatchObject({
      thought: 'The flag must stop the publish step but still print what would happen.',
      content: 'Let me read the release script first.',
      toolCalls: [{ id: 'toolu_01Rs7aQ', name: 'read_file' }],
      tokens: { prompt: 11820, completion: 142 },
    });
    expect(turns[2]).toMatchObject({ toolCallId: 'toolu_01Rs7aQ', content: expect.stringMatching(/^\[read_file for/) });
    expect(turns[5]).toMatchObject({ toolCallId: 'toolu_01Tb8bR' });
    expectResultsPaired(turns);
    expect(parsed.notes).toContain(
      'Cline and Roo Code results written as text ("[tool for …] Result:" and the blocks after it) are paired with the calls of the reply before by tool name and order (the text gives no ids).',
    );
  });

  it("takes the model from Cline's modelInfo and passes none of its own fields on as unknown", () => {
    expect(parsed.metadata).toEqual({ harness: 'cline', model: 'claude-sonnet-4-5-20250929' });
    expect(parsed.ignored).toEqual([]);
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'Cline attempt_completion', value: null });
  });
});

describe('Roo Code api_conversation_history.json', () => {
  const parsed = task(file('roo-code-api_conversation_history.json'));

  it("reads a reasoning item as the next reply's thought and read_file's nested args as objects", () => {
    expect(parsed.turns[1]).toEqual({
      role: 'assistant',
      thought: 'Check the build config first.',
      content: "I'll read the Vite config and the package manifest.",
      toolCalls: [
        {
          id: 'xml_2_0',
          name: 'read_file',
          args: { args: { file: [{ path: 'vite.config.ts' }, { path: 'package.json', line_range: '1-20' }] } },
        },
      ],
    });
    expect(parsed.turns[2]).toMatchObject({ role: 'tool', toolCallId: 'xml_2_0' });
  });

  it('is named Roo Code, and says its condense marks are not kept', () => {
    expect(parsed.metadata).toEqual({ harness: 'roo-code' });
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'Roo Code attempt_completion', value: null });
    expect(parsed.notes).toContain(
      "Roo Code's condense and truncation marks are not kept: every message saved is a turn, including those a later summary replaced for the model.",
    );
  });
});

describe('Cline ui_messages.json', () => {
  const parsed = task(file('cline-3.89-ui_messages.json'));
  const turns = parsed.turns;

  it("reads the task, the model's words with their reasoning and tokens, each tool use as a call", () => {
    expect(turns[0]).toEqual({ role: 'user', content: 'Add a --dry-run flag to scripts/release.ts.' });
    expect(turns[1]).toEqual({
      role: 'assistant',
      thought: 'The flag must stop the publish step but still print what would happen.',
      tokens: { prompt: 11820, completion: 142 },
      content: 'Let me read the release script first.',
    });
    expect(callsOf(turns).map((c) => [c.name, c.args])).toEqual([
      [
        'readFile',
        {
          path: 'scripts/release.ts',
          content: '/home/dev/tools/scripts/release.ts',
          operationIsLocatedInWorkspace: true,
        },
      ],
      ['editedExistingFile', expect.objectContaining({ path: 'scripts/release.ts' })],
      ['execute_command', { command: 'npx tsx scripts/release.ts --dry-run' }],
    ]);
  });

  it("joins a command's output as its result, timed from the ask", () => {
    expect(turns[5]).toEqual({
      role: 'tool',
      toolCallId: 'ui_1772467816000',
      content: 'dry run: not publishing\ndone in 0.4s',
      timing: { startedAt: '2026-03-02T16:10:16.000Z', durationMs: 1200 },
    });
  });

  it('keeps the completion once, the feedback after it, and a message of a kind it does not know in metadata', () => {
    expect(turns.slice(6)).toEqual([
      {
        role: 'assistant',
        content: 'scripts/release.ts now takes --dry-run: it prints what it would publish and publishes nothing.',
      },
      { role: 'user', content: 'Thanks!' },
    ]);
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'Cline completion_result', value: null });
    expect(parsed.metadata).toMatchObject({
      harness: 'cline',
      model: 'claude-sonnet-4-5-20250929',
      unread_messages: [{ index: 15, message: expect.objectContaining({ say: 'new_kind_of_panel_message' }) }],
    });
  });
});

describe('Cline XML tool uses', () => {
  it('reads a tool use cut off by the end of the reply with what it had', () => {
    expect(splitToolUses('Reading.\n<read_file>\n<path>src/a.ts</path>')).toEqual({
      said: 'Reading.',
      uses: [{ name: 'read_file', input: { path: 'src/a.ts' } }],
    });
  });

  it('leaves tags of no tool as text, and keeps a tool use that is not parameters as written', () => {
    expect(splitToolUses('Use <b>bold</b> here.')).toEqual({ said: 'Use <b>bold</b> here.', uses: [] });
    expect(splitToolUses('<execute_command>ls -la</execute_command>').uses).toEqual([
      { name: 'execute_command', input: 'ls -la' },
    ]);
  });

  it('refuses a task with no messages, and takes no plain chat list', () => {
    expect(() => cline.parse({ api_conversation_history: [{ role: 'system', content: 'x' }] })).toThrow(RecordError);
    expect(eventArrayFormat({ role: 'user', content: 'hello' })).toBeNull();
    expect(eventArrayFormat({ role: 'user', content: 'hello', ts: 1760011200000 })).toBeNull();
    expect(detectFormat({ messages: [{ role: 'user', content: 'hello' }] })).toBe('openai');
  });
});
