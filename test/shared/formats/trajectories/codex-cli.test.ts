import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODING_AGENTS, jsonLines, readEventLog } from '../../../helpers/event-logs';
import type { Turn } from '../../../../shared/domain';
import { detectFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';

/**
 * Codex CLI runs in the shapes its writer code writes them: a rollout with session_meta (0.63), a
 * rollout from before session_meta (0.1x: a first line, the items themselves, state lines), and the
 * events `codex exec --json` prints.
 */
const lines = (file: string) => jsonLines(path.join(CODING_AGENTS, file));
const codex = formatDescriptor('codex-cli');

const run = (events: Record<string, unknown>[]) => readEventLog('codex-cli', events);

const calls = (turns: Turn[]) => turns.flatMap((t) => t.toolCalls ?? []);

describe('a Codex rollout (session_meta, response items, events)', () => {
  const parsed = run(lines('codex-0.63-rollout.jsonl'));

  it('reads the base instructions, the developer and user messages, and each model response as one turn', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'system',
      'user',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(parsed.turns[0]!.content).toMatch(/^You are Codex, based on GPT-5/);
    expect(parsed.turns[1]!.content).toMatch(/^<permissions instructions>/);
    expect(parsed.turns[3]!.content).toBe('The --units flag is ignored for the forecast command. Fix it.');
  });

  it("joins a response's reasoning, text and calls, with the usage its token_count gave", () => {
    expect(parsed.turns[4]).toEqual({
      role: 'assistant',
      thought: '**Locating the units option**',
      toolCalls: [
        {
          id: 'call_Qm2uV7zYt0aB1cD2eF3gH4iJ',
          name: 'shell_command',
          args: { command: 'rg -n "units" src', workdir: '/home/lee/weather-cli' },
        },
      ],
      tokens: { prompt: 6120, completion: 92 },
    });
    expect(parsed.turns[6]).toMatchObject({
      content: "`forecast` never receives the option; I'll pass it through.",
      toolCalls: [{ id: 'call_Zk8pR1sT2uV3wX4yZ5aB6cD7', name: 'apply_patch' }],
      tokens: { prompt: 6390, completion: 141 },
    });
    expect(calls(parsed.turns)[1]!.args).toMatch(/^\*\*\* Begin Patch\n\*\*\* Update File: src\/forecast.ts/);
  });

  it('pairs outputs with calls by call_id and times them; UI echoes are not turns again', () => {
    expect(parsed.turns[5]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_Qm2uV7zYt0aB1cD2eF3gH4iJ',
      content: expect.stringMatching(/^Exit code: 0\nWall time: 0.1 seconds/) as unknown,
      timing: { startedAt: '2025-11-18T10:20:04.205Z', durationMs: 206 },
    });
    expect(parsed.turns[7]!.toolCallId).toBe('call_Zk8pR1sT2uV3wX4yZ5aB6cD7');
    const said = parsed.turns.map((t) => t.content ?? '');
    expect(said.filter((t) => t.includes('now takes the units'))).toHaveLength(1);
  });

  it('keeps the session, its git state, the model and the usage as metadata; the turn end as the outcome', () => {
    expect(parsed.metadata).toMatchObject({
      harness: 'codex-cli',
      session_id: '019a8f3c-5d21-7b40-9e8a-3c4d5e6f7a80',
      cwd: '/home/lee/weather-cli',
      originator: 'codex_cli_rs',
      cli_version: '0.63.0',
      model: 'gpt-5.1-codex',
      git: { commit_hash: '4be1c0de9a7f', branch: 'main' },
      turn_context: { approval_policy: 'on-request', effort: 'medium' },
      total_token_usage: { input_tokens: 18990, output_tokens: 258 },
    });
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'Codex turn end', value: 'complete' });
    expect(parsed.ignored).toEqual([]);
  });

  it('reads an aborted turn and an error as the run ended', () => {
    const aborted = run([
      ...lines('codex-0.63-rollout.jsonl').slice(0, -1),
      { timestamp: 'x', type: 'event_msg', payload: { type: 'turn_aborted', reason: 'interrupted' } },
    ]);
    expect(aborted.outcome).toEqual({ status: 'unknown', by: 'Codex turn end', value: 'aborted: interrupted' });
    const error = {
      timestamp: 'x',
      type: 'event_msg',
      payload: { type: 'error', message: 'stream disconnected before completion' },
    };
    const failed = run([...lines('codex-0.63-rollout.jsonl').slice(0, -1), error]);
    expect(failed.outcome).toEqual({
      status: 'failure',
      by: 'Codex error',
      value: 'stream disconnected before completion',
    });
  });
});

describe('a rollout with a rollback', () => {
  it('takes the rolled-back user turn out of the session, as Codex does, and keeps it in the metadata', () => {
    const file = lines('codex-0.63-rollout.jsonl');
    const at = (t: string) => `2025-11-18T10:2${t}.000Z`;
    const message = (role: string, text: string, t: string) => ({
      timestamp: at(t),
      type: 'response_item',
      payload: { type: 'message', role, content: [{ type: role === 'user' ? 'input_text' : 'output_text', text }] },
    });
    const parsed = run([
      ...file,
      message('user', 'Also make imperial the default.', '1:00'),
      message('assistant', 'Imperial is now the default.', '1:05'),
      { timestamp: at('1:30'), type: 'event_msg', payload: { type: 'thread_rolled_back', num_turns: 1 } },
      message('user', 'Add a test for --units instead.', '1:40'),
      message('assistant', 'Added test/forecast-units.test.ts.', '1:55'),
    ]);
    const said = parsed.turns.map((t) => t.content ?? '');
    expect(said.slice(-2)).toEqual(['Add a test for --units instead.', 'Added test/forecast-units.test.ts.']);
    expect(said).not.toContain('Also make imperial the default.');
    expect(parsed.metadata!.rollbacks).toEqual([
      {
        num_turns: 1,
        turns: [
          { role: 'user', content: 'Also make imperial the default.' },
          { role: 'assistant', content: 'Imperial is now the default.' },
        ],
      },
    ]);
  });

  it("counts only the user's own messages as turns: rolling back more than there are keeps the context", () => {
    const file = lines('codex-0.63-rollout.jsonl');
    const rollback = {
      timestamp: '2025-11-18T10:21:30.000Z',
      type: 'event_msg',
      payload: { type: 'thread_rolled_back', num_turns: 5 },
    };
    const parsed = run([...file, rollback]);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'system', 'user']);
    expect(parsed.turns[2]!.content).toMatch(/^<environment_context>/);
  });
});

describe("a rollout whose session_meta holds the user's instructions", () => {
  it('keeps them as metadata, not as a system turn: the items send them again as a user message', () => {
    const [meta, ...rest] = lines('codex-0.63-rollout.jsonl');
    const { base_instructions: _base, ...payload } = meta!.payload as Record<string, unknown>;
    payload.instructions = '## Skills\n- skill-creator';
    const parsed = run([{ ...meta, payload }, ...rest]);
    expect(parsed.turns[0]!.content).toMatch(/^<permissions instructions>/);
    expect(parsed.metadata!.user_instructions).toBe('## Skills\n- skill-creator');
  });
});

describe('a Codex rollout from before session_meta', () => {
  const parsed = run(lines('codex-0.1-rollout.jsonl'));

  it('reads the items after the first line, a local shell call paired with its output by call_id', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(calls(parsed.turns)).toEqual([
      {
        id: 'call_Hn3kq9Pz2Lm8',
        name: 'local_shell',
        args: expect.objectContaining({
          type: 'exec',
          command: ['bash', '-lc', 'sed -n 1,40p src/head.rs'],
        }) as unknown,
      },
    ]);
    expect(parsed.turns[2]).toMatchObject({ toolCallId: 'call_Hn3kq9Pz2Lm8' });
    expect(parsed.turns[3]!.content).toMatch(/^`rows` still holds the header row/);
    expect(parsed.metadata).toMatchObject({
      harness: 'codex-cli',
      session_id: '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f607',
      git: { branch: 'fix-csv' },
    });
    expect(parsed.outcome).toBeUndefined();
  });
});

describe("the TypeScript Codex CLI's rollout (one JSON document)", () => {
  it('reads its items as Responses items, its session as metadata', () => {
    const record = JSON.parse(fs.readFileSync(path.join(CODING_AGENTS, 'codex-ts-0.1-rollout.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(detectFormat(record)).toBe('codex-cli');
    const parsed = codex.parse(record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[0]!.content).toBe('Why does `pnpm test` say no tests found?');
    expect(parsed.turns[1]!.toolCalls).toEqual([
      { id: 'call_pQ7rS8tU9vW0xY1z', name: 'shell', args: { command: ['bash', '-lc', 'cat vitest.config.ts'] } },
    ]);
    expect(parsed.turns[2]).toMatchObject({ toolCallId: 'call_pQ7rS8tU9vW0xY1z' });
    expect(parsed.metadata).toEqual({
      harness: 'codex-cli',
      session_id: '4c2d9e1a-7b3f-4e8a-b5c6-d7e8f9a0b1c2',
      user_instructions: 'Always use pnpm, never npm.',
    });
    expect(parsed.ignored).toEqual([]);
  });
});

describe('codex exec --json', () => {
  const parsed = run(lines('codex-exec-json.jsonl'));

  it("reads each completed item: the agent's reasoning and words, each command and file change with its result", () => {
    expect(parsed.turns).toEqual([
      {
        role: 'assistant',
        thought: '**Checking the failing lint rule**',
        toolCalls: [
          { id: 'item_1', name: 'command_execution', args: { command: "bash -lc 'npx eslint src/index.ts'" } },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'item_1',
        content: expect.stringMatching(/no-unused-vars[\s\S]*\[exit code 1\]$/) as unknown,
      },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'item_2', name: 'file_change', args: { changes: [{ path: '/repo/src/index.ts', kind: 'update' }] } },
        ],
      },
      { role: 'tool', toolCallId: 'item_2', content: 'completed' },
      { role: 'assistant', content: 'Removed the unused `unused` variable; eslint passes now.' },
    ]);
    expect(parsed.metadata).toMatchObject({
      session_id: '019a2d7a-41c4-78b1-b7cc-a45d62a89cd5',
      usage: [{ input_tokens: 18211, output_tokens: 412 }],
    });
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'codex exec', value: 'turn.completed' });
  });

  it('reads a failed turn as a failure', () => {
    const failed = { type: 'turn.failed', error: { message: 'unexpected status 401 Unauthorized' } };
    expect(run([...lines('codex-exec-json.jsonl').slice(0, -1), failed]).outcome).toEqual({
      status: 'failure',
      by: 'codex exec turn.failed',
      value: 'unexpected status 401 Unauthorized',
    });
  });
});

describe('codex exec --json before ThreadEvents (its config summary, the prompt, then protocol events)', () => {
  const parsed = run(lines('codex-exec-json-0.2.jsonl'));

  it('reads the prompt, the reasoning, each command and patch paired with its end by call_id, and the answer', () => {
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[0]!.content).toBe('Make `ledger balance` exit non-zero when the file is missing.');
    expect(parsed.turns[1]).toMatchObject({
      thought: '**Finding the balance command**',
      toolCalls: [
        {
          id: 'call_Xk2pL9mQ4rT7',
          name: 'exec_command',
          args: { command: ['bash', '-lc', 'rg -n "fn balance" src'], cwd: '/home/ines/ledger' },
        },
      ],
    });
    expect(parsed.turns[2]).toEqual({
      role: 'tool',
      toolCallId: 'call_Xk2pL9mQ4rT7',
      content: 'src/cli.rs:41:fn balance(path: &Path) -> Result<()> {\n\n[exit code 0]',
    });
    expect(parsed.turns[3]!.toolCalls![0]).toMatchObject({ id: 'call_Vb8nC3dF6gH1', name: 'apply_patch' });
    expect(parsed.turns[4]).toMatchObject({
      toolCallId: 'call_Vb8nC3dF6gH1',
      content: expect.stringMatching(/^Success/) as unknown,
    });
  });

  it('keeps the config summary, the model and the usage as metadata; the task end as the outcome', () => {
    expect(parsed.metadata).toMatchObject({
      harness: 'codex-cli',
      model: 'codex-mini-latest',
      config: { approval: 'never', sandbox: 'workspace-write [workdir, /tmp, $TMPDIR]' },
      usage: [{ input_tokens: 10422, output_tokens: 389 }],
    });
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'Codex turn end', value: 'complete' });
    expect(parsed.ignored).toEqual([]);
  });
});
