import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';
import { RecordError } from '../../../../shared/formats/trajectories/records';

/** Lines of BFCL v4's own data files (gorilla 6ea5797), as published. */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const lines = (file: string) =>
  fs
    .readFileSync(path.join(HARNESS, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const questions = new Map(lines('bfcl-v4-questions-6ea5797.jsonl').map((r) => [r.id as string, r]));
const answers = new Map(lines('bfcl-v4-possible-answers-6ea5797.jsonl').map((r) => [r.id as string, r]));
const entry = (id: string) => questions.get(id)!;
const bfcl = formatDescriptor('bfcl');

function read(record: Record<string, unknown>) {
  expect(detectFormat(record)).toBe('bfcl');
  return bfcl.parse(record);
}

describe('BFCL v4 question entries', () => {
  it('reads a simple entry: the user question as the only turn, its function as a JSON Schema tool', () => {
    const parsed = read(entry('simple_python_0'));
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'Find the area of a triangle with a base of 10 units and height of 5 units.' },
    ]);
    expect(parsed.tools).toEqual([
      {
        name: 'calculate_triangle_area',
        description: 'Calculate the area of a triangle given its base and height.',
        parameters: {
          type: 'object',
          properties: {
            base: { type: 'integer', description: 'The base of the triangle.' },
            height: { type: 'integer', description: 'The height of the triangle.' },
            unit: { type: 'string', description: "The unit of measure (defaults to 'units' if not specified)" },
          },
          required: ['base', 'height'],
        },
      },
    ]);
    expect(parsed.outcome).toBeUndefined();
    expect(parsed.ignored).toEqual([]);
    expect(parsed.metadata).toEqual({ harness: 'bfcl', task_id: 'simple_python_0', category: 'simple_python' });
    expect(parsed.notes).toEqual([expect.stringContaining('no model answers')]);
  });

  it('keeps dotted function names as declared and reads nested python types', () => {
    const parsed = read(entry('parallel_multiple_0'));
    expect(parsed.tools.map((t) => t.name)).toEqual([
      'math_toolkit.sum_of_multiples',
      'math_toolkit.product_of_primes',
    ]);
    expect(parsed.tools[0]!.parameters).toMatchObject({
      type: 'object',
      properties: { multiples: { type: 'array', items: { type: 'integer' } } },
      required: ['lower_limit', 'upper_limit', 'multiples'],
    });
    expect(parsed.metadata).toMatchObject({ category: 'parallel_multiple' });
  });

  it('reads a live entry with its system prompt, and earlier assistant replies inside one turn', () => {
    const live = read(entry('live_simple_257-137-1'));
    expect(live.turns).toEqual([
      { role: 'system', content: 'call HANDOVER function to transfer the request if user asks a question.' },
      { role: 'user', content: 'Can you tell me what is the minimum package arrival time? ' },
    ]);
    expect(live.metadata).toMatchObject({ task_id: 'live_simple_257-137-1', category: 'live_simple' });
    expect(live.tools[0]!.parameters.properties).toMatchObject({
      urgency: { type: 'string', enum: ['low', 'medium', 'high'], default: 'medium' },
    });

    const irrelevance = read(entry('live_irrelevance_292-72-1'));
    expect(irrelevance.turns).toHaveLength(15);
    expect(irrelevance.turns.slice(8, 11)).toEqual([
      { role: 'user', content: 'dede' },
      { role: 'assistant', content: 'mabar' },
      { role: 'user', content: 'ede' },
    ]);
    expect(irrelevance.turns.some((t) => t.toolCalls)).toBe(false);
    expect(irrelevance.metadata).toMatchObject({ category: 'live_irrelevance' });
    expect(irrelevance.metadata).not.toHaveProperty('messages_per_turn');
  });

  it('reads a multi-turn entry: one user turn per question turn, a silent turn counted, tools unknown', () => {
    const record = entry('multi_turn_miss_func_0');
    const parsed = read(record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'user', 'user', 'user']);
    expect(parsed.turns[0]!.content).toBe(
      "Move 'final_report.pdf' within document directory to 'temp' directory in document. Make sure to create the directory",
    );
    expect(parsed.turns[3]!.content).toMatch(/^Move 'previous_report.pdf'/);
    expect(parsed.tools).toEqual([]);
    expect(parsed.metadata).toEqual({
      harness: 'bfcl',
      task_id: 'multi_turn_miss_func_0',
      category: 'multi_turn_miss_func',
      messages_per_turn: [1, 1, 1, 0, 1],
    });
    expect(parsed.notes).toEqual([
      expect.stringContaining('no model answers'),
      expect.stringContaining('tools are unknown'),
    ]);
    // Its environment and the withheld function are kept as they are (the descriptor's `kept`).
    expect(bfcl.kept).toEqual(
      expect.arrayContaining(['initial_config', 'path', 'involved_classes', 'missed_function', 'excluded_function']),
    );
  });

  it('understands every top-level field the published files write, so a strict import keeps them', () => {
    const understood = new Set([...bfcl.turnFields, ...(bfcl.kept ?? [])]);
    for (const record of [...questions.values(), ...answers.values()])
      for (const key of Object.keys(record)) expect(understood, `${String(record.id)}.${key}`).toContain(key);
  });
});

describe('BFCL possible answers', () => {
  it('keeps a merged ground_truth as the expected calls', () => {
    const single = read({ ...entry('parallel_multiple_0'), ...answers.get('parallel_multiple_0')! });
    expect(single.metadata?.expected_calls).toEqual([
      { 'math_toolkit.sum_of_multiples': { lower_limit: [1], upper_limit: [1000], multiples: [[3, 5]] } },
      { 'math_toolkit.product_of_primes': { count: [5] } },
    ]);

    const multi = read({ ...entry('multi_turn_miss_func_0'), ...answers.get('multi_turn_miss_func_0')! });
    const expected = multi.metadata?.expected_calls as string[][];
    expect(expected).toHaveLength(5);
    expect(expected[0]).toEqual([
      "cd(folder='document')",
      "mkdir(dir_name='temp')",
      "mv(source='final_report.pdf', destination='temp')",
    ]);
    expect(expected[2]).toEqual([]);
  });

  it('keeps a memory answer as the expected answer, not as calls', () => {
    // BFCL_v4_memory.json and possible_answer/BFCL_v4_memory.json, memory_0-customer-0.
    const memory = read({
      id: 'memory_0-customer-0',
      question: [[{ role: 'user', content: 'What is my first name?' }]],
      involved_classes: ['MemoryAPI'],
      scenario: 'customer',
      ground_truth: ['Michael'],
      source: 'My name is Michael, and this is my first time interacting with your company...',
    });
    expect(memory.metadata).toEqual({
      harness: 'bfcl',
      task_id: 'memory_0-customer-0',
      category: 'memory',
      expected_answer: ['Michael'],
    });
    expect(memory.tools).toEqual([]);
  });

  it('recognises a possible-answer line alone and refuses it, naming the question file', () => {
    const answer = answers.get('simple_python_0')!;
    expect(detectFormat(answer)).toBe('bfcl');
    expect(() => bfcl.parse(answer)).toThrow(RecordError);
    expect(() => bfcl.parse(answer)).toThrow(/simple_python_0 is a BFCL possible answer.*BFCL_v4_<category>\.json/);
  });
});

describe('BFCL detection', () => {
  it('does not take other formats’ records', () => {
    expect(detectFormat({ messages: [{ role: 'user', content: 'hi' }] })).toBe('openai');
    expect(detectFormat({ conversations: [{ from: 'human', value: 'hi' }] })).toBe('sharegpt');
    expect(detectFormat({ id: 'q1', messages: [{ role: 'user', content: 'hi' }], ground_truth: ['x'] })).not.toBe(
      'bfcl',
    );
    expect(detectFormat({ id: 1, query: 'Weather in Paris?', answers: '[]', tools: '[]' })).not.toBe('bfcl');
    // A question that is not a list of turns of messages is someone else's.
    expect(detectFormat({ id: 'x', question: 'What is 2 + 2?' })).not.toBe('bfcl');
  });
});
