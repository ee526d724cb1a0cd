import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODING_AGENTS, jsonLines, readEventLog } from '../../../helpers/event-logs';
import type { Turn } from '../../../../shared/domain';
import {
  detectFormat,
  eventArrayFormat,
  formatDescriptor,
  recordsInDocument,
  RecordError,
} from '../../../../shared/formats/trajectories/registry';

/**
 * An OpenHands V1 conversation (software-agent-sdk) as its event store writes it, one event a
 * line: the system prompt with its tools, the user's task, calls (two in one response, answered
 * out of order), an agent error for a call whose arguments did not validate, a failing command,
 * the finish call, and the state updates around them.
 */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const events = jsonLines(path.join(CODING_AGENTS, 'openhands-v1-events.jsonl'));
const v1 = formatDescriptor('openhands-v1');

/** The record the import makes of a file whose first line is an event of one run. */
const conversation = (lines: unknown[]) => readEventLog('openhands-v1', lines);

/** Every tool turn answers a call made in an earlier assistant turn, and every call is answered. */
function expectResultsPaired(turns: Turn[]) {
  const answered = new Set<string>();
  turns.forEach((turn, i) => {
    if (turn.role !== 'tool') return;
    const callers = turns.slice(0, i).flatMap((t) => t.toolCalls ?? []);
    expect(callers.map((c) => c.id)).toContain(turn.toolCallId);
    answered.add(turn.toolCallId!);
  });
  expect(new Set(turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id))).toEqual(answered);
}

describe('OpenHands V1 events.jsonl', () => {
  const parsed = conversation(events);
  const turns = parsed.turns;

  it('reads the system prompt with its dynamic context, the task, each response and each result', () => {
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      ...['assistant', 'tool', 'assistant', 'tool', 'tool', 'assistant', 'tool'],
      ...['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool'],
    ]);
    expect(turns[0]!.content).toMatch(/^You are OpenHands agent[\s\S]*<REPOSITORY_INFO>/);
    expect(turns[1]!.content).toMatch(/^The CSV export drops the last row/);
    expect(turns[2]).toMatchObject({
      thought: 'The bug is in the CSV export; find the writer.',
      content: "I'll look at the export code first.",
      toolCalls: [
        {
          id: 'toolu_01Hx7',
          name: 'terminal',
          args: {
            command: "grep -rn 'def export_csv' /workspace/ledgerly",
            security_risk: 'LOW',
            summary: 'find the CSV export function',
          },
        },
      ],
    });
    expectResultsPaired(turns);
  });

  it('joins the calls of one LLM response in one turn and pairs their results by id, whatever their order', () => {
    expect(turns[4]!.toolCalls!.map((c) => c.id)).toEqual(['toolu_01Ka2', 'toolu_01Kb3']);
    expect(turns[5]).toMatchObject({ toolCallId: 'toolu_01Kb3', content: expect.stringMatching(/test_export.py/) });
    expect(turns[6]).toMatchObject({ toolCallId: 'toolu_01Ka2', content: expect.stringMatching(/export.py:\n/) });
  });

  it('shows a terminal result as the agent saw it, with the error header, working directory and exit code', () => {
    expect(turns[3]!.content).toBe(
      '/workspace/ledgerly/ledgerly/export.py:12:def export_csv(rows, path):\n[Current working directory: /workspace/ledgerly]\n[Python interpreter: /usr/bin/python]\n[Command finished with exit code 0]',
    );
    expect(turns[12]!.content).toMatch(
      /^\[An error occurred during execution.\]\nF\nFAILED[\s\S]*\[Command finished with exit code 1\]$/,
    );
  });

  it("answers a call that did not validate with the agent's error", () => {
    expect(turns[8]).toMatchObject({
      role: 'tool',
      toolCallId: 'toolu_01Mc4',
      content: expect.stringMatching(/old_str is required for command str_replace$/),
    });
  });

  it('times each result from its action to its observation', () => {
    expect(turns[3]!.timing).toEqual({ startedAt: '2026-08-20T09:14:06.520113', durationMs: 511 });
  });

  it('declares the tools the system prompt names, without schemas, and says so once', () => {
    expect(parsed.tools.map((t) => t.name)).toEqual(['terminal', 'file_editor', 'finish']);
    expect(parsed.tools[0]).toEqual({
      name: 'terminal',
      description: 'Execute a bash command in the terminal within a persistent shell session.',
      parameters: {},
    });
    expect(parsed.notes).toContain(
      'OpenHands V1 system prompt events name their tools without parameter schemas (the action type is a class name): the tools are declared with empty parameters.',
    );
  });

  it('leaves a finished conversation ungraded, and keeps the model and the execution status', () => {
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'OpenHands execution status', value: 'finished' });
    expect(parsed.metadata).toMatchObject({
      harness: 'openhands',
      model: 'anthropic/claude-sonnet-4-5-20250929',
      execution_status: 'finished',
    });
    expect(parsed.ignored).toEqual([]);
  });
});

describe('OpenHands V1 conversations of other shapes and ends', () => {
  it('reads a conversation that ended in error or got stuck as a failure', () => {
    const stuck = [...events.slice(0, -1), { ...events.at(-1)!, value: 'stuck' }];
    expect(conversation(stuck).outcome).toEqual({
      status: 'failure',
      by: 'OpenHands execution status',
      value: 'stuck',
    });
    const error = {
      id: 'err-1',
      timestamp: '2026-08-20T09:14:40.000000',
      source: 'environment',
      code: 'LLMBadRequestError',
      detail: 'context window exceeded',
      kind: 'ConversationErrorEvent',
    };
    const parsed = conversation([...events, error]);
    expect(parsed.outcome).toEqual({
      status: 'failure',
      by: 'OpenHands conversation error',
      value: 'LLMBadRequestError',
    });
    expect(parsed.metadata!.conversation_errors).toEqual([error]);
  });

  it("reads an evaluation output's history of V1 events, with its task, model and error", () => {
    const record = {
      instance_id: 'ledgerly__ledgerly-311',
      attempt: 1,
      test_result: { git_patch: 'diff --git a/ledgerly/export.py b/ledgerly/export.py' },
      instruction: 'The CSV export drops the last row…',
      metadata: {
        llm: { model: 'litellm_proxy/claude-sonnet-4-5-20250929' },
        dataset: 'ledgerly',
        max_iterations: 100,
      },
      history: events.slice(1, 9),
      error: 'RuntimeError: sandbox lost',
    };
    expect(detectFormat(record)).toBe('openhands-v1');
    const parsed = v1.parse(record);
    expect(parsed.turns).toHaveLength(7);
    expect(parsed.metadata).toMatchObject({
      task_id: 'ledgerly__ledgerly-311',
      model: 'litellm_proxy/claude-sonnet-4-5-20250929',
    });
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'OpenHands error', value: 'RuntimeError: sandbox lost' });
    expect(v1.kept).toEqual(expect.arrayContaining(['instance_id', 'test_result', 'metadata', 'metrics']));
  });

  it("reads the agent server's event search page as one conversation", () => {
    const found = recordsInDocument({ items: events, next_page_id: null });
    expect(found?.format).toBe('openhands-v1');
    expect(found!.records).toHaveLength(1);
    expect(v1.parse(found!.records[0] as Record<string, unknown>).turns).toHaveLength(15);
  });

  it('reads tools declared as OpenAI tool params and observations with `output` (SDK releases of 2025)', () => {
    const system = {
      ...events[1],
      tools: [
        {
          type: 'function',
          function: {
            name: 'execute_bash',
            description: 'Run a command',
            parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
          },
        },
      ],
    };
    const action = { ...events[3], tool_name: 'execute_bash' };
    const observation = {
      ...events[4],
      tool_name: 'execute_bash',
      observation: {
        output: 'export.py:12',
        command: 'grep',
        exit_code: 0,
        error: false,
        kind: 'ExecuteBashObservation',
      },
    };
    const parsed = conversation([events[0], system, events[2], action, observation]);
    expect(parsed.tools).toEqual([
      {
        name: 'execute_bash',
        description: 'Run a command',
        parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
      },
    ]);
    expect(parsed.turns[3]).toMatchObject({ toolCallId: 'toolu_01Hx7', content: 'export.py:12' });
  });

  it('keeps a condensation in metadata, its summary as a user turn, and every event before it as turns', () => {
    const condensation = {
      id: 'cond-1',
      timestamp: '2026-08-20T09:14:20.000000',
      source: 'environment',
      forgotten_event_ids: [events[3]!.id, events[4]!.id],
      summary: 'The agent found export_csv in ledgerly/export.py.',
      summary_offset: 2,
      llm_response_id: 'chatcmpl-cond',
      kind: 'Condensation',
    };
    const summary = { ...condensation, id: 'cond-2', summary: condensation.summary, kind: 'CondensationSummaryEvent' };
    const { forgotten_event_ids: _f, summary_offset: _o, llm_response_id: _l, ...summaryEvent } = summary;
    const parsed = conversation([...events.slice(0, 5), condensation, summaryEvent, ...events.slice(5)]);
    expect(parsed.turns).toHaveLength(16);
    expect(parsed.turns[4]).toEqual({ role: 'user', content: 'The agent found export_csv in ledgerly/export.py.' });
    expect(parsed.metadata!.condensations).toEqual([condensation]);
    expect(parsed.notes).toContain(
      "OpenHands V1 condensations are kept in metadata: every event stays a turn, including those a condensation's summary replaced for the model.",
    );
  });

  it('answers a rejected action with its reason', () => {
    const rejected = {
      id: 'rej-1',
      timestamp: '2026-08-20T09:14:07.000000',
      source: 'user',
      tool_name: 'terminal',
      tool_call_id: 'toolu_01Hx7',
      rejection_reason: 'Do not grep the whole workspace',
      rejection_source: 'user',
      action_id: events[3]!.id,
      kind: 'UserRejectObservation',
    };
    const parsed = conversation([...events.slice(0, 4), rejected]);
    expect(parsed.turns.at(-1)).toEqual({
      role: 'tool',
      toolCallId: 'toolu_01Hx7',
      content: 'Action rejected: Do not grep the whole workspace',
      timing: { startedAt: '2026-08-20T09:14:06.520113', durationMs: 480 },
    });
  });

  it('lists an event it does not read, keeping it in metadata, and skips those that repeat the turns', () => {
    const tokens = { ...events[0], id: 'tok-1', prompt_token_ids: [1, 2], response_token_ids: [3], kind: 'TokenEvent' };
    const unknown = { ...events[0], id: 'new-1', kind: 'BrowserSnapshotEvent' };
    expect(eventArrayFormat(unknown)).toBeNull();
    const parsed = conversation([...events, tokens, { ...unknown, kind: 'HookExecutionEvent' }]);
    expect(parsed.ignored).toEqual([]);
    expect(parsed.metadata!.hooks).toHaveLength(1);
    const record = { events: [...events, unknown] };
    expect(v1.parse(record).ignored).toEqual(['events[19]']);
  });

  it('refuses events that hold nothing to read, and leaves OpenHands 0.x trajectories to their reader', () => {
    expect(() => v1.parse({ events: [events[0]] })).toThrow(RecordError);
    const v0 = JSON.parse(fs.readFileSync(path.join(HARNESS, 'openhands-0.35-trajectory.json'), 'utf8')) as unknown[];
    expect(eventArrayFormat(v0[0])).toBe('openhands');
    expect(v1.detect({ history: v0 })).toBe(false);
  });
});
