import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';

/**
 * ToolBench answer files from the repository's `data_example/answer` (DFSDT with ChatGPT): long
 * strings shortened and the search tree cut below depth 3, everything else as written.
 */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const answer = (name: string) =>
  JSON.parse(
    fs.readFileSync(path.join(HARNESS, `toolbench-d56fdd8-${name}_ChatGPT_DFS_woFilter_w2.json`), 'utf8'),
  ) as Record<string, unknown>;
const answered = answer('G1-10');
const gaveUp = answer('G2-119');
const unfinished = answer('G1-69');
const toolbench = formatDescriptor('toolbench');

function parse(record: Record<string, unknown>) {
  expect(detectFormat(record)).toBe('toolbench');
  return toolbench.parse(record);
}

describe('ToolBench answers', () => {
  it('reads an answered query: the finished chain as turns, calls and their results paired', () => {
    const parsed = parse(answered);
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(parsed.turns[0]!.content).toMatch(/^You are AutoGPT, you can use many tools\(functions\)/);
    expect(parsed.turns[1]!.content).toMatch(/^\nCan you retrieve the contact details of the 'Gondrand'/);
    const calls = parsed.turns.flatMap((t) => t.toolCalls ?? []);
    expect(calls.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: 'transitaires_for_transitaires', args: {} },
      { name: 'transitaire_for_transitaires', args: { is_id: 'ACT_AGENCE_CALEDONIENNE_DE_TRANSIT' } },
      {
        name: 'Finish',
        args: {
          return_type: 'give_answer',
          final_answer: expect.stringMatching(/^The contact details of the 'Gondrand' customs agency/) as unknown,
        },
      },
    ]);
    expect(parsed.turns[3]!.toolCallId).toBe(calls[0]!.id);
    expect(parsed.turns[5]!.toolCallId).toBe(calls[1]!.id);
    expect(parsed.turns[5]!.content).toMatch(
      /^\{"error": "", "response": "\{.id.: .ACT_AGENCE_CALEDONIENNE_DE_TRANSIT/,
    );
    expect(parsed.outcome).toEqual({ status: 'success', by: 'toolbench Finish', value: 'give_answer' });
    expect(parsed.ignored).toEqual([]);
  });

  it('declares the functions of the answer, Finish among them', () => {
    const parsed = parse(answered);
    expect(parsed.tools.map((t) => t.name)).toEqual([
      'transitaire_for_transitaires',
      'transitaires_for_transitaires',
      'Finish',
    ]);
    expect(parsed.tools[0]!.parameters).toMatchObject({
      type: 'object',
      properties: { is_id: { type: 'string' } },
      required: ['is_id'],
    });
    expect(parsed.tools[2]!.parameters).toMatchObject({
      properties: { return_type: { type: 'string', enum: ['give_answer', 'give_up_and_restart'] } },
      required: ['return_type'],
    });
  });

  it('keeps the query as the task, the counts as metadata and the search as it is', () => {
    const parsed = parse(answered);
    expect(parsed.metadata).toEqual({
      harness: 'toolbench',
      task: expect.stringMatching(/^Can you retrieve the contact details/) as unknown,
      finish_type: 'give_answer',
      query_count: 3,
      total_tokens: 2916,
    });
    expect(parsed.notes).toHaveLength(1);
    expect(toolbench.turnFields).toEqual(['answer_generation']);
    for (const record of [answered, gaveUp, unfinished])
      expect(
        Object.keys(record).filter((k) => !toolbench.turnFields.includes(k) && !toolbench.kept!.includes(k)),
      ).toEqual([]);
  });

  it('reads a give-up as a failure, with each of the search prompts sent along the chain and the thoughts beside calls', () => {
    const parsed = parse(gaveUp);
    const generation = gaveUp.answer_generation as { train_messages: { content: string }[][] };
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
    // The first prompt survives only in the first step's context, the second in the last one's.
    expect(parsed.turns[2]!.content).toBe(generation.train_messages[0]![2]!.content);
    expect(parsed.turns[7]!.content).toBe(generation.train_messages.at(-1)![6]!.content);
    expect(parsed.turns[2]!.content).toMatch(/^This is not the first time you try this task/);
    expect(parsed.metadata).toMatchObject({ finish_type: 'give_up', search_prompt_turns: [2, 7] });
    expect(parsed.turns[3]).toMatchObject({
      role: 'assistant',
      thought: expect.stringMatching(/^Based on the previous action and its failure/) as unknown,
      toolCalls: [{ name: 'api_tracking_for_pack_send', args: { reference: 'ABC456' } }],
    });
    expect(parsed.turns[3]!.content).toBeUndefined();
    expect(parsed.turns[8]!.toolCalls!.map(({ name, args }) => ({ name, args }))).toEqual([
      { name: 'Finish', args: { return_type: 'give_up_and_restart' } },
    ]);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'toolbench Finish', value: 'give_up_and_restart' });
    expect(parsed.ignored).toEqual([]);
  });

  it('reads a query whose search never finished as its query alone, failed', () => {
    const parsed = parse(unfinished);
    expect(parsed.turns).toEqual([
      { role: 'user', content: (unfinished.answer_generation as { query: string }).query },
    ]);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'toolbench valid_data', value: false });
    expect(parsed.tools.map((t) => t.name)).toContain('Finish');
    expect(parsed.metadata).not.toHaveProperty('finish_type');
  });

  it('names the answer fields it does not know', () => {
    const record = structuredClone(answered);
    (record.answer_generation as Record<string, unknown>).rating = 5;
    const generation = record.answer_generation as { train_messages: Record<string, unknown>[][] };
    generation.train_messages.at(-1)![2]!.logprobs = [];
    expect(toolbench.parse(record).ignored).toEqual([
      'answer_generation.rating',
      'answer_generation.train_messages[2][2].logprobs',
    ]);
  });

  it('leaves plain OpenAI chat, ShareGPT and tau-bench records to their own formats', () => {
    expect(detectFormat({ messages: [{ role: 'user', content: 'hi' }] })).toBe('openai');
    expect(detectFormat({ conversations: [{ from: 'human', value: 'hi' }] })).toBe('sharegpt');
    expect(detectFormat({ task_id: 0, reward: 1, info: {}, traj: [], trial: 0 })).toBe('tau-bench');
    expect(detectFormat({ answer_generation: 'not an object' })).not.toBe('toolbench');
  });
});
