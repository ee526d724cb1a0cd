import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';

/** WorfBench's gold items and node_eval.py's generator output (zjunlp/WorfBench 38a6455), as written. */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const items = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(HARNESS, file), 'utf8')) as Record<string, unknown>[];

const gold = items('worfbench-gold-38a6455.json');
const generated = items('worfbench-node-eval-generator-38a6455.json');
const worfbench = formatDescriptor('worfbench');

function read(record: Record<string, unknown>) {
  expect(detectFormat(record)).toBe('worfbench');
  return worfbench.parse(record);
}

describe('WorfBench gold items', () => {
  it('reads system, user and the workflow text as the assistant turn, with its parsed graph', () => {
    const parsed = read(gold[0]!);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant']);
    expect(parsed.turns[0]!.content).toMatch(/^You are a helpful task planner\./);
    expect(parsed.turns[1]!.content).toMatch(/^Task: How to Have Fun in the Snow\n/);
    expect(parsed.turns[2]).toEqual({
      role: 'assistant',
      content:
        'Node:\n1: Go skiing.\n2: Try snowboarding.\n3: Go ice skating.\nEdge: (START,1) (START,2) (START,3) (1,END) (2,END) (3,END)',
    });
    expect(parsed.tools).toEqual([]);
    expect(parsed.ignored).toEqual([]);
    expect(parsed.outcome).toBeUndefined();
    expect(parsed.metadata).toEqual({
      harness: 'worfbench',
      task_id: 'wikihow_180',
      workflow_graph: {
        nodes: ['START', 'Go skiing.', 'Try snowboarding.', 'Go ice skating.', 'END'],
        edges: [
          [0, 1],
          [0, 2],
          [0, 3],
          [1, 4],
          [2, 4],
          [3, 4],
        ],
      },
    });
  });

  it('reads a chain, and an item without a category', () => {
    const chain = read(gold[2]!);
    expect(chain.metadata).toMatchObject({
      task_id: 'os_1',
      workflow_graph: {
        nodes: [
          'START',
          'execute bash code to list files in home directory sorted by size',
          'take answer action',
          'END',
        ],
        edges: [
          [0, 1],
          [1, 2],
          [2, 3],
        ],
      },
    });
    const toolbench = read(gold[1]!);
    expect(toolbench.metadata).toMatchObject({ task_id: 'toolbench_103' });
    expect(gold[1]).not.toHaveProperty('category');
  });

  it('keeps every top-level field the files write (the descriptor’s kept fields)', () => {
    const understood = new Set([...worfbench.turnFields, ...(worfbench.kept ?? [])]);
    for (const record of [...gold, ...generated])
      for (const key of Object.keys(record)) expect(understood, key).toContain(key);
    expect(worfbench.kept).toEqual(['id', 'source', 'target', 'category']);
  });
});

describe('WorfBench generator output (node_eval.py gen_workflow)', () => {
  it('reads a generated workflow: the saved prompt, then the model’s workflow; the gold one kept', () => {
    const parsed = read(generated[0]!);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant']);
    expect(parsed.turns[1]!.content).toMatch(/^Now it's your turn\.\nYou are in the middle of a room\./);
    expect(parsed.turns[2]!.content).toBe(generated[0]!.workflow);
    expect(parsed.outcome).toBeUndefined();
    expect(parsed.ignored).toEqual([]);
    expect(parsed.metadata).toEqual({
      harness: 'worfbench',
      task_id: 'alfworld_2471',
      source: 'alfworld',
      target: 'graph',
      category: 'eval',
      expected_workflow:
        'Node:\n1: go to where the book may be placed\n2: take book from where you found it\n3: go to where the sofa is in\n4: put book in/on sofa.\nEdge: (START,1) (1,2) (2,3) (3,4) (4,END)',
      workflow_graph: {
        nodes: [
          'START',
          'go to where the book may be placed',
          'take book from where you found it',
          'go to where the sofa is in',
          'put book in/on sofa',
          'END',
        ],
        edges: [
          [0, 1],
          [1, 2],
          [2, 3],
          [3, 4],
          [4, 5],
        ],
      },
    });
    expect(parsed.notes).toEqual([expect.stringContaining('few-shot')]);
  });

  it('reads a failed generation ({"error": …}) as a failure with no assistant turn', () => {
    const parsed = read(generated[1]!);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user']);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'WorfBench generation error', value: 'HTTP error 500' });
    expect(parsed.metadata).toMatchObject({ task_id: 'webshop_791', source: 'webshop' });
    expect(parsed.metadata).not.toHaveProperty('workflow_graph');
  });
});

describe('WorfBench detection', () => {
  it('comes before ShareGPT, and takes no plain chat or ShareGPT record', () => {
    expect(detectFormat({ messages: [{ role: 'user', content: 'hi' }] })).toBe('openai');
    expect(
      detectFormat({
        conversations: [
          { from: 'human', value: 'Plan it.' },
          { from: 'gpt', value: 'Node:\n1: plan\nEdge: (START,1) (1,END)' },
        ],
      }),
    ).toBe('sharegpt');
    // role/content conversations that are not a workflow are not WorfBench's.
    expect(
      detectFormat({
        id: 'c1',
        source: 'ultrachat',
        conversations: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
      }),
    ).not.toBe('worfbench');
    // WorfBench's .jsonl predictions carry only the model's reply, no prompt: not a trajectory.
    expect(
      detectFormat({ answer: { choices: [{ message: { role: 'assistant', content: 'Node:\n1: a' } }] } }),
    ).not.toBe('worfbench');
  });
});
