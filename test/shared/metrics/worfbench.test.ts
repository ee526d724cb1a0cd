import { describe, expect, it } from 'vitest';
import { lexicalSimilarity, matchNodes } from '../../../shared/compare/node-matching';
import { longestIncreasing, scoreWorkflow, topologicalOrders } from '../../../shared/metrics/worfbench';
import { parseWorkflow, workflowToText } from '../../../shared/plans/workflow-text';

const score = (pred: string, gold: string, compat = false) => {
  const p = parseWorkflow(pred);
  const g = parseWorkflow(gold);
  return scoreWorkflow(p, g, lexicalSimilarity(p.nodes, g.nodes), { compat });
};

const CHAIN =
  'Node:\n1: search flights to Kyoto\n2: book the cheapest flight\n3: email the booking\nEdge: (START,1) (1,2) (2,3) (3,END)';

describe('WorfBench workflow text', () => {
  it('parses nodes and edges with START at 0 and END last, and writes them back', () => {
    const w = parseWorkflow(
      'Node:\n1: Retrieve values\n2. Gather data\n3: Calculate\nEdge: (START,1) (START, 2) (1,3) (2,END) (3,END)',
    );
    expect(w.nodes).toEqual(['START', 'Retrieve values', 'Gather data', 'Calculate', 'END']);
    expect(w.edges).toEqual([
      [0, 1],
      [0, 2],
      [1, 3],
      [2, 4],
      [3, 4],
    ]);
    expect(parseWorkflow(workflowToText(w))).toEqual(w);
  });
});

describe('node matching', () => {
  it('pairs nodes one to one by maximum total similarity above 0.6', () => {
    // Greedy would take 0↔0 (0.9) and leave 1 unmatched; the maximum-weight matching takes 0↔1, 1↔0.
    expect(
      matchNodes(
        [
          [0.9, 0.85],
          [0.8, 0.1],
        ],
        2,
      ),
    ).toEqual([1, 0]);
    expect(matchNodes([[0.6, 0.5]], 2)).toEqual([-1]);
    expect(matchNodes([[0.7], [0.9]], 1)).toEqual([-1, 0]);
  });
});

describe('F1 chain', () => {
  it('is 1 for an identical chain and best over the gold graph’s topological orders', () => {
    expect(score(CHAIN, CHAIN)).toMatchObject({ f1Chain: 1, f1Graph: 1, matchedNodes: 3 });
    const gold = parseWorkflow('Node:\n1: a\n2: b\n3: c\nEdge: (START,1) (START,2) (1,3) (2,3) (3,END)');
    expect(topologicalOrders(gold, 20)).toEqual([
      [1, 2, 3],
      [2, 1, 3],
    ]);
    // Predicting b then a then c follows the second order exactly.
    expect(score('Node:\n1: b\n2: a\n3: c\nEdge: (START,1) (1,2) (2,3) (3,END)', workflowToText(gold)).f1Chain).toBe(1);
  });

  it('counts the longest run of matched nodes in gold order (reversed chain: k = 1)', () => {
    const reversed =
      'Node:\n1: email the booking\n2: book the cheapest flight\n3: search flights to Kyoto\nEdge: (START,1) (1,2) (2,3) (3,END)';
    expect(score(reversed, CHAIN).f1Chain).toBeCloseTo(1 / 3);
    expect(longestIncreasing([3, 1, 2, 5, 4])).toBe(3);
  });

  it('is 0 with no match, and 0.4 for 2 unmatched vs 3 gold in compat mode (the reference’s DP starts at 1)', () => {
    const unrelated = 'Node:\n1: water the plants\n2: walk the dog\nEdge: (START,1) (1,2) (2,END)';
    expect(score(unrelated, CHAIN).f1Chain).toBe(0);
    expect(score(unrelated, CHAIN, true).f1Chain).toBeCloseTo(0.4);
  });

  it('in compat mode scores a gold graph of 10+ nodes against its raw node list, START and END included', () => {
    const texts = Array.from(
      { length: 8 },
      (_, i) => `step number ${['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'][i]}`,
    );
    const gold = `Node:\n${texts.map((t, i) => `${i + 1}: ${t}`).join('\n')}\nEdge: (START,1) ${texts
      .slice(1)
      .map((_, i) => `(${i + 1},${i + 2})`)
      .join(' ')} (8,END)`;
    // 10 nodes with START/END: recall is k / 10, not k / 8.
    const compat = score(gold, gold, true);
    expect(compat.recallChain).toBeCloseTo(8 / 10);
    expect(compat.precisionChain).toBe(1);
    expect(score(gold, gold).f1Chain).toBe(1);
  });
});

describe('F1 graph', () => {
  it('translates predicted edges through the node matching (corrected)', () => {
    const reversed =
      'Node:\n1: email the booking\n2: book the cheapest flight\n3: search flights to Kyoto\nEdge: (START,1) (1,2) (2,3) (3,END)';
    // All 5 nodes match but no edge agrees once translated: largest component is 1 of 5 nodes.
    expect(score(reversed, CHAIN).f1Graph).toBeCloseTo(0.2);
  });

  it('in compat mode compares raw index pairs, so a reversed 3-chain scores 1.0', () => {
    const reversed =
      'Node:\n1: email the booking\n2: book the cheapest flight\n3: search flights to Kyoto\nEdge: (START,1) (1,2) (2,3) (3,END)';
    expect(score(reversed, CHAIN, true).f1Graph).toBe(1);
  });

  it('uses the largest connected component of common edges over all nodes', () => {
    // Predicted: search → book, then email hangs off START: common edges START-1, 1-2 → component of 3.
    const pred =
      'Node:\n1: search flights to Kyoto\n2: book the cheapest flight\n3: email the booking\nEdge: (START,1) (1,2) (START,3) (3,END)';
    const s = score(pred, CHAIN);
    // Components over common edges {(0,1),(1,2),(3,4)}: {0,1,2} and {3,4} → 3; P = 3/5, R = 3/5.
    expect(s.f1Graph).toBeCloseTo(0.6);
  });

  it('reports the reference’s error in compat mode when nothing matches (START/END aside, lexical matches them)', () => {
    const p = parseWorkflow('Node:\n1: x\nEdge: (START,1) (1,END)');
    const g = parseWorkflow(CHAIN);
    const none = p.nodes.map(() => g.nodes.map(() => 0));
    expect(scoreWorkflow(p, g, none, { compat: true })).toMatchObject({
      f1Graph: null,
      error: expect.stringMatching(/no node matched/),
    });
    expect(scoreWorkflow(p, g, none).f1Graph).toBe(0);
  });
});
