import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODING_AGENTS, jsonLines, readEventLog } from '../../../helpers/event-logs';
import type { Turn } from '../../../../shared/domain';
import { detectFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';

/**
 * Claude Code sessions in the shapes Claude Code writes them: a 2.1 session file (a response split
 * over one line per block, parallel calls whose results branch off the parent chain, a rewound
 * exchange), a 1.0 file with a Task subagent's sidechain and an API error, and the SDK's stream-json.
 */
const lines = (file: string) => jsonLines(path.join(CODING_AGENTS, file));
const claude = formatDescriptor('claude-code');

/** The file read as the import reads JSON Lines whose first line is an event: all lines one record. */
const session = (events: Record<string, unknown>[]) => readEventLog('claude-code', events);

const calls = (turns: Turn[]) => turns.flatMap((t) => t.toolCalls ?? []);

describe('a Claude Code 2.1 session file', () => {
  const parsed = session(lines('claude-code-2.1-session.jsonl'));

  it('reads the conversation on its last branch: the rewound answer and its reply are left out', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    const said = parsed.turns.map((t) => t.content ?? '').join('\n');
    expect(said).not.toContain("I'll delete the filter");
    expect(said).not.toContain('yes go ahead');
    expect(parsed.turns[6]!.content).toBe(
      "Keep the filter: archived warehouses should not count. Fix the test's expectation instead.",
    );
    expect(parsed.metadata!.abandoned_lines).toBe(2);
    expect(parsed.notes!.some((n) => n.includes('last branch'))).toBe(true);
  });

  it('joins the lines of one response into one assistant turn: its thinking, its words and both calls', () => {
    expect(parsed.turns[1]).toMatchObject({
      role: 'assistant',
      thought: expect.stringMatching(/^The user says a test started failing/) as unknown,
      content: "I'll run the failing test and look at yesterday's commits.",
      toolCalls: [
        {
          id: 'toolu_01Ab3cRunTests9',
          name: 'Bash',
          args: { command: 'npx vitest run test/stock-report.test.ts', description: 'Run the stock report test' },
        },
        {
          id: 'toolu_01Xy7gitLog2',
          name: 'Bash',
          args: { command: 'git log --oneline --since=yesterday', description: "List yesterday's commits" },
        },
      ],
      // The cache's tokens are part of the prompt the model read; the last line's usage is the response's.
      tokens: { prompt: 3 + 4120 + 11502, completion: 214 },
    });
  });

  it('pairs each result with its call by tool_use_id, even the one whose line is off the parent chain', () => {
    expect(parsed.turns[2]).toEqual({
      role: 'tool',
      toolCallId: 'toolu_01Ab3cRunTests9',
      content: expect.stringMatching(/^FAIL test\/stock-report.test.ts/) as unknown,
      timing: { startedAt: '2026-03-02T09:14:09.520Z', durationMs: 3210 },
    });
    expect(parsed.turns[3]).toMatchObject({ role: 'tool', toolCallId: 'toolu_01Xy7gitLog2' });
    const ids = calls(parsed.turns).map((c) => c.id);
    expect(ids).toEqual([
      'toolu_01Ab3cRunTests9',
      'toolu_01Xy7gitLog2',
      'toolu_01Rd5showCommit',
      'toolu_01Ed1tTestFile',
    ]);
    for (const result of parsed.turns.filter((t) => t.role === 'tool')) expect(ids).toContain(result.toolCallId);
  });

  it('keeps the session, the place it ran, the model and the system notices as metadata; no outcome', () => {
    expect(parsed.metadata).toMatchObject({
      harness: 'claude-code',
      session_id: '5b0c2f1e-7a44-4c8e-9d4e-2f6a1c9b3e70',
      cwd: '/home/ana/src/inventory',
      git_branch: 'main',
      version: '2.1.63',
      model: 'claude-opus-4-6',
      title: "Fix the stock report test's expectation",
      system_events: [
        {
          subtype: 'informational',
          content: 'Auto-accepting edits for this session',
          level: 'info',
          timestamp: '2026-03-02T09:15:07.100Z',
        },
      ],
    });
    expect(parsed.outcome).toBeUndefined();
    expect(parsed.ignored).toEqual([]);
  });
});

describe('a session that moved while it ran', () => {
  it('keeps where it began as the cwd and branch, and every branch it was on', () => {
    const file = lines('claude-code-2.1-session.jsonl');
    const moved = file.map((l, i) => (i > 12 && l.gitBranch ? { ...l, gitBranch: 'fix/archived-totals' } : l));
    expect(session(moved).metadata).toMatchObject({
      git_branch: 'main',
      git_branches: ['main', 'fix/archived-totals'],
      cwd: '/home/ana/src/inventory',
    });
    expect(session(file).metadata!.git_branches).toBeUndefined();
  });
});

describe('a Claude Code 2.0 session compacted part-way', () => {
  const parsed = session(lines('claude-code-2.0-compacted.jsonl'));

  it('follows the chain across the compaction boundary, with the summary the model was given', () => {
    expect(parsed.turns.map((t) => [t.role, t.content?.slice(0, 40)])).toEqual([
      ['user', 'Add a rate limit of 100 requests per min'],
      ['assistant', 'Added a token bucket in src/middleware/r'],
      ['user', 'Make it per IP instead.'],
      ['assistant', 'Keyed the bucket by IP.'],
      ['user', 'This session is being continued from a p'],
      ['user', 'Does it return Retry-After?'],
      ['assistant', 'Not yet: it answers 429 without Retry-Af'],
    ]);
    expect(parsed.metadata!.abandoned_lines).toBeUndefined();
    expect(parsed.metadata!.system_events).toEqual([
      expect.objectContaining({
        subtype: 'compact_boundary',
        compactMetadata: { trigger: 'manual', preTokens: 153884 },
      }),
    ]);
  });
});

describe('lines a chain does not join', () => {
  it('keeps lines whose parents are all null, and reports a stray value instead of refusing the session', () => {
    const file = lines('claude-code-2.1-session.jsonl').filter((l) => l.type === 'user' || l.type === 'assistant');
    const unchained = file.map((l) => ({ ...l, parentUuid: null }));
    const parsed = session([
      ...unchained.slice(0, 3),
      'a stray line' as unknown as Record<string, unknown>,
      ...unchained.slice(3),
    ]);
    // Nothing is taken for a rewound branch: the first answer and its reply are kept too.
    expect(parsed.turns.map((t) => t.content ?? '').join('\n')).toContain("I'll delete the filter");
    expect(parsed.metadata!.abandoned_lines).toBeUndefined();
    expect(parsed.ignored).toEqual(['session[3] (not a JSON object)']);
  });
});

describe('a session file that opens with a bookkeeping line', () => {
  it('is told by the session id that line carries, and keeps what the line links to', () => {
    const file = lines('claude-code-2.0-compacted.jsonl');
    const link = { type: 'pr-link', sessionId: file[0]!.sessionId, prUrl: 'https://github.com/mo/api/pull/212' };
    const parsed = session([link, ...file]);
    expect(parsed.turns).toHaveLength(7);
    expect(parsed.metadata!.pr_links).toEqual([{ prUrl: 'https://github.com/mo/api/pull/212' }]);
    expect(parsed.ignored).toEqual([]);
  });
});

describe('a Claude Code on the web session ({loglines})', () => {
  it('reads the same lines as the session file', () => {
    const file = lines('claude-code-2.1-session.jsonl');
    const record = { loglines: file };
    expect(detectFormat(record)).toBe('claude-code');
    expect(claude.parse(record).turns).toEqual(session(file).turns);
  });
});

describe('a Claude Code 1.0 file with a subagent', () => {
  const parsed = session(lines('claude-code-1.0-subagent.jsonl'));

  it('keeps the sidechain out of the main thread and in the metadata, with its own calls and results', () => {
    expect(calls(parsed.turns).map((c) => c.name)).toEqual(['Task']);
    const sidechains = parsed.metadata!.sidechains as { turns: Turn[] }[];
    expect(sidechains).toHaveLength(1);
    expect(sidechains[0]!.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(calls(sidechains[0]!.turns)).toEqual([
      { id: 'toolu_01SideGrep001', name: 'Grep', args: { pattern: 'Math.round|toFixed', path: 'src' } },
    ]);
    expect(sidechains[0]!.turns[2]!.toolCallId).toBe('toolu_01SideGrep001');
    expect(parsed.metadata!.models).toEqual(['claude-sonnet-4-20250514', 'claude-3-5-haiku-20241022']);
  });

  it("reads a subagent's own file (every line a sidechain, as 2.1 writes subagents/agent-*.jsonl) as its run", () => {
    const own = lines('claude-code-1.0-subagent.jsonl').filter((l) => l.isSidechain === true);
    const run = session(own.map((l) => ({ ...l, agentId: 'a3f9c21' })));
    expect(run.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(run.metadata!.sidechains).toBeUndefined();
    expect(run.metadata!.model).toBe('claude-3-5-haiku-20241022');
  });

  it('reads the same subagent echoed in progress lines (as 2.x writes them) into the same sidechain', () => {
    const file = lines('claude-code-1.0-subagent.jsonl');
    const echoed = file.map((l) =>
      l.isSidechain === true
        ? {
            type: 'progress',
            data: { type: 'agent_progress', agentId: 'a3f9c21', prompt: 'Search the code base', message: l },
            parentToolUseID: 'toolu_01TaskSearch01',
            toolUseID: 'agent_msg_01',
            sessionId: l.sessionId,
            uuid: `p-${String(l.uuid)}`,
            parentUuid: null,
            timestamp: l.timestamp,
          }
        : l,
    );
    const run = session(echoed);
    expect(run.turns).toEqual(parsed.turns);
    expect(run.metadata!.sidechains).toEqual([
      {
        agent_id: 'a3f9c21',
        parent_tool_use_id: 'toolu_01TaskSearch01',
        turns: (parsed.metadata!.sidechains as { turns: unknown }[])[0]!.turns,
      },
    ]);
  });

  it("reads the Task's result, the slash command the model was sent, and the summary line", () => {
    expect(parsed.turns[0]!.content).toMatch(/^<command-name>\/clear<\/command-name>/);
    expect(parsed.turns[3]).toMatchObject({
      role: 'tool',
      toolCallId: 'toolu_01TaskSearch01',
      content: 'Invoice totals are rounded in src/invoice/total.ts line 18, with Math.round to cents.',
    });
    expect(parsed.metadata!.summaries).toEqual(['Find where invoices are rounded']);
  });

  it('ends on an API error: no assistant turn of it, a failure by that error', () => {
    expect(parsed.turns.at(-1)).toEqual({ role: 'user', content: "Thanks. Is banker's rounding used anywhere?" });
    expect(parsed.outcome).toEqual({
      status: 'failure',
      by: 'Claude Code API error',
      value: expect.stringMatching(/^API Error: 529/) as unknown,
    });
  });
});

describe('claude -p --output-format stream-json', () => {
  const events = lines('claude-code-sdk-stream.jsonl');
  const parsed = session(events);

  it("reads the run's turns, joining a response's lines, and the result line as the outcome", () => {
    expect(parsed.turns.map((t) => t.role)).toEqual(['assistant', 'tool', 'assistant']);
    expect(parsed.turns[0]).toMatchObject({
      content: 'Let me count the TODO comments.',
      toolCalls: [{ id: 'toolu_01SdkGrep0001', name: 'Grep', args: { pattern: 'TODO', output_mode: 'count' } }],
      tokens: { prompt: 4 + 1830 + 11210, completion: 74 },
    });
    expect(parsed.turns[1]!.toolCallId).toBe('toolu_01SdkGrep0001');
    expect(parsed.outcome).toEqual({ status: 'success', by: 'Claude Code result', value: 'success' });
    expect(parsed.metadata).toMatchObject({
      harness: 'claude-code',
      session_id: '7e1d2c3b-aaaa-4bbb-8ccc-0d1e2f3a4b5c',
      model: 'claude-sonnet-4-5-20250929',
      tools: ['Task', 'Bash', 'Glob', 'Grep', 'Read', 'Edit', 'Write', 'TodoWrite'],
      permission_mode: 'bypassPermissions',
      version: '2.0.14',
      total_cost_usd: 0.0213,
      num_turns: 3,
    });
  });

  it('reads a run stopped by its turn limit as a failure', () => {
    const result = { ...events.at(-1)!, subtype: 'error_max_turns', is_error: false };
    expect(session([...events.slice(0, -1), result]).outcome).toEqual({
      status: 'failure',
      by: 'Claude Code result',
      value: 'error_max_turns',
    });
  });
});
