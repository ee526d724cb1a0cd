import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordedToolErrors } from '../../../../shared/runs/results';
import {
  detectFormat,
  formatDescriptor,
  recordsInDocument,
  RecordError,
} from '../../../../shared/formats/trajectories/registry';

/**
 * τ²-bench results as `Results.save()` writes them: a telecom results document (one run solved by
 * the simulated user's own device tools, one transferred after a failed lookup) and a full-duplex
 * simulation file of the dir layout, whose turns are in ticks.
 */
const BENCHMARKS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'benchmarks');
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(BENCHMARKS, file), 'utf8')) as Record<string, unknown>;
const tau2 = formatDescriptor('tau2-bench');

function simulations() {
  const document = recordsInDocument(read('tau2-telecom-results-d003d75.json'));
  expect(document?.format).toBe('tau2-bench');
  return document!;
}

describe('τ²-bench results', () => {
  it('finds each simulation of a results document, with the run info every one shares', () => {
    const { records, shared } = simulations();
    expect(records).toHaveLength(2);
    expect(shared).toEqual({
      domain: 'telecom',
      model: 'xai/grok-3',
      agent_implementation: 'llm_agent',
      agent_llm_args: { temperature: 0 },
      user_model: 'xai/grok-3',
      user_implementation: 'user_simulator',
      tau2_git_commit: 'd003d75e910bf45fc765ce11e2746b958bf8e242',
      results_timestamp: '2025-10-05T22:26:20.883101',
    });
    for (const record of records) expect(detectFormat(record)).toBe('tau2-bench');
  });

  it("keeps the simulated user's own tool calls on its turns, each result answering its call by id", () => {
    const { records, shared } = simulations();
    const parsed = tau2.parse(records[0] as Record<string, unknown>, shared);
    const { turns } = parsed;
    expect(turns).toHaveLength(22);
    expect(turns[4]).toEqual({
      role: 'assistant',
      toolCalls: [{ id: 'call_83313617', name: 'get_customer_by_phone', args: { phone_number: '555-123-2002' } }],
      tokens: { prompt: 6776, completion: 34 },
    });
    expect(turns[5]).toMatchObject({ role: 'tool', toolCallId: 'call_83313617' });
    expect(turns[7]).toMatchObject({
      role: 'user',
      content: 'Let me run a speed test now.',
      toolCalls: [{ id: 'call_43666446', name: 'run_speed_test', args: {} }],
    });
    expect(turns[8]).toEqual({
      role: 'tool',
      content: 'Speed test failed: No Connection.',
      toolCallId: 'call_43666446',
    });
    // A user turn that only calls a tool has no text.
    expect(turns[19]).not.toHaveProperty('content');
    expect(parsed.metadata).toMatchObject({
      harness: 'tau2-bench',
      model: 'xai/grok-3',
      task_id: '[mobile_data_issue]airplane_mode_on|data_mode_off[PERSONA:None]',
      task_purpose: 'Test resolution path: Mobile Data/Slow Internet Issues.',
      user_tool_calls: ['call_43666446', 'call_61667935', 'call_90311208', 'call_90311209', 'call_90311210'],
      expected_calls: [
        { name: 'toggle_airplane_mode', args: {}, requestor: 'user' },
        { name: 'toggle_data', args: {}, requestor: 'user' },
      ],
    });
    expect(parsed.outcome).toEqual({ status: 'success', by: 'tau2-bench reward', value: 1 });
    expect(parsed.notes).toContain(
      'τ²-bench\'s simulated user calls tools of its own (requestor "user"): those calls are on its user turns, their results answer them by id',
    );
    expect(parsed.ignored).toEqual([]);
  });

  it("reads a failed run: the reasoning model's thinking from the raw response, the tool error, reward 0", () => {
    const { records, shared } = simulations();
    const parsed = tau2.parse(records[1] as Record<string, unknown>, shared);
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(parsed.turns[1]!.thought).toBe('I am John Smith; my MMS is broken. Start with the main issue only.');
    expect(parsed.turns[2]!.thought).toMatch(/^The user has not given a phone number yet/);
    expect(parsed.turns[3]).toEqual({
      role: 'tool',
      content: 'Error: Customer with phone number 555-123-2002 not found',
      toolCallId: 'call_52118020',
    });
    expect(parsed.metadata!.tool_errors).toEqual([
      { tool_call_id: 'call_52118020', error: expect.stringMatching(/^Error: Customer .* not found/) },
    ]);
    // The checks read the same list: the failed result is a tool error whatever its text.
    expect(recordedToolErrors(parsed.metadata)).toEqual(new Set(['call_52118020']));
    expect(parsed.metadata).not.toHaveProperty('user_tool_calls');
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'tau2-bench reward', value: 0 });
  });

  it('merges the chunks of a full-duplex run into turns, spacing utterances as τ² does', () => {
    const run = read('tau2-full-duplex-simulation-a2c0247.json');
    expect(detectFormat(run)).toBe('tau2-bench');
    const parsed = tau2.parse(run);
    expect(parsed.turns).toEqual([
      { role: 'assistant', content: 'Thanks for calling, how can I help?' },
      { role: 'user', content: "Hi, um, I'd like to check my flight. It's reservation EHGLP3." },
      {
        role: 'assistant',
        toolCalls: [{ id: 'call_b7', name: 'get_reservation_details', args: { reservation_id: 'EHGLP3' } }],
      },
      {
        role: 'tool',
        content: '{"reservation_id": "EHGLP3", "origin": "PHX", "destination": "JFK"}',
        toolCallId: 'call_b7',
      },
      { role: 'assistant', content: 'Your flight goes from Phoenix to New York.' },
      { role: 'user', content: 'Great, thanks. Bye!' },
    ]);
    expect(parsed.outcome).toMatchObject({ status: 'success' });
  });

  it("says why a voice run whose ticks hold only audio cannot be read, and marks an unevaluated run's outcome unknown", () => {
    const run = read('tau2-full-duplex-simulation-a2c0247.json');
    const silent = {
      ...run,
      ticks: [{ tick_id: 0, timestamp: 't', agent_chunk: { role: 'assistant', content: null } }],
    };
    expect(() => tau2.parse(silent)).toThrow(RecordError);
    expect(() => tau2.parse(silent)).toThrow(/its 1 ticks hold no text and no tool call/);
    const unevaluated = tau2.parse({ ...run, reward_info: null, termination_reason: 'max_steps' });
    expect(unevaluated.outcome).toEqual({ status: 'unknown', by: 'tau2-bench termination_reason', value: 'max_steps' });
  });

  it('declares the tools a results document lists with tool info, and leaves τ-bench v1 records to their reader', () => {
    const document = read('tau2-telecom-results-d003d75.json');
    const info = document.info as Record<string, Record<string, unknown>>;
    info.environment_info!.tool_defs = {
      get_customer_by_phone: {
        name: 'get_customer_by_phone',
        doc: 'Finds a customer by their phone number.',
        params: { type: 'object', properties: { phone_number: { type: 'string' } }, required: ['phone_number'] },
        returns: null,
      },
    };
    const { records } = recordsInDocument(document)!;
    expect(tau2.parse(records[0] as Record<string, unknown>).tools).toEqual([
      {
        name: 'get_customer_by_phone',
        description: 'Finds a customer by their phone number.',
        parameters: { type: 'object', properties: { phone_number: { type: 'string' } }, required: ['phone_number'] },
      },
    ]);
    expect(detectFormat({ task_id: 3, reward: 1, info: {}, traj: [], trial: 0 })).toBe('tau-bench');
  });

  it('reads the metadata file of the dir layout as a document of no simulations', () => {
    const { simulations: _, ...metadataOnly } = read('tau2-telecom-results-d003d75.json');
    expect(recordsInDocument(metadataOnly)).toMatchObject({ format: 'tau2-bench', records: [] });
  });
});
