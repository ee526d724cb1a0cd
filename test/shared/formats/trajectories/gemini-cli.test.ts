import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, eventArrayFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';

/**
 * Gemini CLI sessions in the shapes chatRecordingService writes them: one JSON document (0.2–0.38),
 * JSON Lines replayed as Gemini CLI loads them (0.39+: messages written again, {$set}, {$rewindTo}),
 * and a `/chat save` checkpoint of Gemini contents.
 */
const DIR = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'coding-agents');
const read = (file: string) => fs.readFileSync(path.join(DIR, file), 'utf8');
const gemini = formatDescriptor('gemini-cli');

describe('a Gemini CLI session file (one JSON document)', () => {
  const record = JSON.parse(read('gemini-cli-0.9-session.json')) as Record<string, unknown>;
  const parsed = gemini.parse(record);

  it('is told by its sessionId, projectHash and messages, before the chat formats that read "messages"', () => {
    expect(detectFormat(record)).toBe('gemini-cli');
  });

  it("reads the user's and the model's messages; the CLI's own notices are metadata, not turns", () => {
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user', 'assistant']);
    expect(parsed.metadata!.notices).toEqual([
      { type: 'info', content: 'Request cancelled.', timestamp: '2025-10-07T08:31:25.001Z' },
    ]);
  });

  it('takes the thought summaries as the thought, and thinking tokens as part of what the model wrote', () => {
    expect(parsed.turns[1]).toMatchObject({
      role: 'assistant',
      thought:
        "Checking the project metadata\nI'll read pyproject.toml, where the required Python version is declared.",
      tokens: { prompt: 9211, completion: 21 + 118 },
    });
  });

  it("pairs each recorded call with its result by id: the function response's output, or its error", () => {
    expect(parsed.turns[1]!.toolCalls).toEqual([
      {
        id: 'read_file-1759825878902-6b0e2c4d1a3f5',
        name: 'read_file',
        args: { absolute_path: '/home/sam/geo/pyproject.toml' },
      },
      {
        id: 'run_shell_command-1759825880001-aa01',
        name: 'run_shell_command',
        args: { command: 'python3 --version', description: 'Check the installed Python' },
      },
    ]);
    expect(parsed.turns[2]).toEqual({
      role: 'tool',
      toolCallId: 'read_file-1759825878902-6b0e2c4d1a3f5',
      content: expect.stringContaining('requires-python = ">=3.10"') as unknown,
    });
    expect(parsed.turns[3]).toEqual({
      role: 'tool',
      toolCallId: 'run_shell_command-1759825880001-aa01',
      content: '[Operation Cancelled] Reason: User did not allow tool call',
    });
    expect(parsed.metadata).toMatchObject({
      harness: 'gemini-cli',
      model: 'gemini-2.5-pro',
      tool_call_status: { 'run_shell_command-1759825880001-aa01': 'cancelled' },
    });
    expect(parsed.ignored).toEqual([]);
  });

  it('keeps the session fields as metadata and understands every top-level field', () => {
    const understood = [...gemini.turnFields, ...gemini.kept!];
    expect(Object.keys(record).every((key) => understood.includes(key))).toBe(true);
  });
});

describe('a Gemini CLI session in JSON Lines', () => {
  const events = read('gemini-cli-0.39-session.jsonl')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('is one session: its metadata line starts it, and no line is a record of another format', () => {
    expect(detectFormat(events[0])).toBeNull();
    expect(eventArrayFormat(events[0])).toBe('gemini-cli');
  });

  const record = gemini.container!.events!.record(events);
  const parsed = gemini.parse(record);

  it('is replayed as Gemini CLI loads it: a message written again replaces it, a rewind drops what followed', () => {
    expect(detectFormat(record)).toBe('gemini-cli');
    expect(parsed.turns.map((t) => [t.role, t.content ?? null])).toEqual([
      ['user', 'List the TODOs in src/ and say which is oldest.'],
      ['assistant', null],
      ['tool', expect.stringMatching(/^Found 2 matches for pattern "TODO"/) as unknown],
      ['assistant', 'Two TODOs: api.ts:14 and db.ts:3. The oldest is api.ts:14.'],
      ['user', "Thanks, that's all."],
      ['assistant', "You're welcome."],
    ]);
    // The message written again with its usage is one turn with that usage.
    expect(parsed.turns[1]).toMatchObject({
      toolCalls: [
        { id: 'grep_search_1778612702611_0', name: 'grep_search', args: { pattern: 'TODO', dir_path: 'src' } },
      ],
      tokens: { prompt: 11043, completion: 38 + 95 },
    });
    expect(parsed.turns[2]!.toolCallId).toBe('grep_search_1778612702611_0');
    // What the rewind took back is kept beside the session, not lost.
    expect((record.rewound as { content: unknown }[]).map((m) => m.content)).toEqual([
      [{ text: 'Now fix it.' }],
      "I'll add retries with backoff to the fetch in api.ts.",
    ]);
  });

  it("keeps the session's metadata as its last $set left it", () => {
    expect(record).toMatchObject({
      sessionId: 'b71c3e2a-9f04-4d6b-a5c8-2e1d0f9a8b7c',
      lastUpdated: '2026-05-12T19:06:04.013Z',
      summary: 'List TODOs in src and find the oldest',
    });
    expect(parsed.metadata).toMatchObject({ harness: 'gemini-cli', model: 'gemini-3-pro-preview' });
  });
});

describe('a /chat save checkpoint', () => {
  const checkpoint = JSON.parse(read('gemini-cli-chat-checkpoint.json')) as Record<string, unknown>;

  it('reads its Gemini contents through the message layer, calls paired with responses by id', () => {
    expect(detectFormat(checkpoint)).toBe('gemini-cli');
    const parsed = gemini.parse(checkpoint);
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[3]!.toolCalls).toEqual([
      { id: 'list_directory-1759826001200-1f2e3d', name: 'list_directory', args: { dir_path: '/home/sam/geo/geo' } },
    ]);
    expect(parsed.turns[4]).toMatchObject({
      toolCallId: 'list_directory-1759826001200-1f2e3d',
      content: expect.stringContaining('shapes.py') as unknown,
    });
    expect(parsed.turns[5]!.content).toBe('Three: `__init__.py`, `project.py` and `shapes.py`.');
  });

  it('reads the older checkpoint, a bare JSON array of contents, as one run', () => {
    const history = checkpoint.history as unknown[];
    expect(eventArrayFormat(history[0])).toBe('gemini-cli');
    const record = gemini.container!.events!.record(history);
    expect(gemini.parse(record).turns).toHaveLength(6);
  });
});

describe('gemini -p --output-format stream-json', () => {
  const events = read('gemini-cli-stream-json.jsonl')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('reads the prompt, the call and its result paired by tool_id, the deltas joined, the result as the outcome', () => {
    expect(detectFormat(events[0])).toBeNull();
    expect(eventArrayFormat(events[0])).toBe('gemini-cli');
    const record = gemini.container!.events!.record(events);
    expect(detectFormat(record)).toBe('gemini-cli');
    const parsed = gemini.parse(record);
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'How many lines does README.md have?' },
      {
        role: 'assistant',
        toolCalls: [
          {
            id: 'run_shell_command-1770795004331-9b1f2e',
            name: 'run_shell_command',
            args: { command: 'wc -l README.md', description: 'Count the lines of README.md' },
          },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'run_shell_command-1770795004331-9b1f2e',
        content: '84 README.md',
        timing: { startedAt: '2026-02-11T07:30:04.331Z', durationMs: 181 },
      },
      { role: 'assistant', content: 'README.md has 84 lines.' },
    ]);
    expect(parsed.outcome).toEqual({ status: 'success', by: 'Gemini CLI result', value: 'success' });
    expect(parsed.metadata).toMatchObject({
      harness: 'gemini-cli',
      session_id: 'd3e4f5a6-b7c8-4d9e-8f01-a2b3c4d5e6f7',
      model: 'gemini-2.5-flash',
      stats: { total_tokens: 8472, tool_calls: 1 },
    });
    expect(parsed.notes).toEqual([expect.stringMatching(/the text the user was shown/) as unknown]);
  });

  it('reads a failed run as a failure with its error', () => {
    const failed = {
      type: 'result',
      timestamp: 'x',
      status: 'error',
      error: { type: 'FatalTurnLimitedError', message: 'Reached max session turns' },
    };
    const parsed = gemini.parse(gemini.container!.events!.record([...events.slice(0, -1), failed]));
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'Gemini CLI result', value: 'Reached max session turns' });
  });
});
