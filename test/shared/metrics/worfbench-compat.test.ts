import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/random';
import { lexicalSimilarity, matchNodesAsReference } from '../../../shared/compare/node-matching';
import { scoreWorkflow, type WorkflowScore } from '../../../shared/metrics/worfbench';
import { parseWorkflow, type Workflow } from '../../../shared/plans/workflow-text';
import { parseWorkflowAsReference } from '../../../shared/plans/workflow-text-reference';

/*
 * `--compat` pins the numbers of WorfBench's reference (zjunlp/WorFBench node_eval.py and
 * evaluator/graph_evaluator.py, networkx underneath). Each expected value below is worked out
 * by hand from those rules; the last tests compare with scores the reference itself recorded.
 */

const RECORDED = path.join(__dirname, '..', '..', 'fixtures', 'worfbench', 'reference-scores.json');

const asReference = (text: string): Workflow => {
  const w = parseWorkflowAsReference(text);
  if ('skipped' in w) throw new Error(`skipped: ${w.skipped}`);
  return w;
};

/** Compat score of two texts read by the reference's rules, nodes matched lexically. */
function compat(pred: string, gold: string): WorkflowScore {
  const p = asReference(pred);
  const g = asReference(gold);
  return scoreWorkflow(p, g, lexicalSimilarity(p.nodes, g.nodes), { compat: true });
}

function corrected(pred: string, gold: string): WorkflowScore {
  const p = parseWorkflow(pred);
  const g = parseWorkflow(gold);
  return scoreWorkflow(p, g, lexicalSimilarity(p.nodes, g.nodes));
}

const TWO = 'Node:\n1: search flights\n2: book flight\nEdge: (START,1) (1,2) (2,END)';
const PARALLEL_4 =
  'Node:\n1: check the weather\n2: search hotels\n3: find restaurants\n4: rent a car\n' +
  'Edge: (START,1) (START,2) (START,3) (START,4) (1,END) (2,END) (3,END) (4,END)';
const REPEATED = 'Node:\n1: go to the kitchen\n2: go to the kitchen\nEdge: (START,1) (1,2) (2,END)';

describe('rule 1 — the skip rule (workflow_to_graph_list returns [] and eval_workflow `continue`s)', () => {
  it('skips a text without the word "Node" (case-sensitive), and one without any edge', () => {
    expect(parseWorkflowAsReference('node:\n1: a\nEdge: (START,1) (1,END)')).toEqual({
      skipped: 'no "Node" in the text',
    });
    expect(parseWorkflowAsReference('Steps:\n1: a\nEdge: (START,1) (1,END)')).toEqual({
      skipped: 'no "Node" in the text',
    });
    expect(parseWorkflowAsReference('Node:\n1: a b\n2: c d\n')).toEqual({ skipped: 'no edge in the text' });
    expect(parseWorkflowAsReference('I cannot plan this.')).toEqual({ skipped: 'no "Node" in the text' });
  });

  it('does not skip "Nodes:" (it contains "Node") nor spaces inside an edge', () => {
    expect(parseWorkflowAsReference('Nodes:\n1: a b\nEdge: (START, 1) ( 1 ,END )')).toEqual({
      nodes: ['START', 'a b', 'END'],
      edges: [
        [0, 1],
        [1, 2],
      ],
    });
  });
});

describe('rule 2 — gold orders are the first 20 of networkx’s all_topological_sorts', () => {
  it('scores a verbatim copy of 4 parallel nodes 0.75: the order 1 2 3 4 is the 24th, not among the 20', () => {
    // The best kept orders (e.g. 1 4 2 3) hold 3 of the 4 copied nodes in increasing position:
    // k = 3, P = R = 3/4.
    expect(compat(PARALLEL_4, PARALLEL_4)).toMatchObject({ f1Chain: 0.75, f1Graph: 1 });
    expect(corrected(PARALLEL_4, PARALLEL_4)).toMatchObject({ f1Chain: 1, f1Graph: 1 });
  });

  it('stops with the reference’s error when the gold graph has a cycle, and still scores the graph', () => {
    const gold = 'Node:\n1: a b\n2: c d\nEdge: (START,1) (1,2) (2,1) (2,END)';
    expect(compat(TWO, gold)).toMatchObject({ f1Chain: 0, error: expect.stringMatching(/cycle.*stops with an error/) });
    // The graph metric orders nothing: all 4 nodes of the copy match, every edge is common.
    const copy = 'Node:\n1: a b\n2: c d\nEdge: (START,1) (1,2) (2,END)';
    expect(compat(copy, gold).f1Graph).toBe(1);
  });

  it('stops with the reference’s error when the prediction has no node (max() of an empty DP)', () => {
    // Graph: START↔START and END↔END match; the edge (0,1) is not a gold edge, so each largest
    // component is 1 node: P = 1/2, R = 1/5, F1 = 2·0.5·0.2/0.7.
    const gold =
      'Node:\n1: search flights to Kyoto\n2: book the cheapest flight\n3: email the booking\nEdge: (START,1) (1,2) (2,3) (3,END)';
    const s = compat('Node:\nEdge: (START,END)', gold);
    expect(s.error).toMatch(/no node/);
    expect(s.f1Graph).toBe((2 * 0.5 * 0.2) / (0.5 + 0.2));
  });
});

describe('rule 3 — nodes matched by networkx’s max_weight_matching, ties included', () => {
  it('crosses two equal texts as networkx does (pred 0 → gold 1, pred 1 → gold 0)', () => {
    expect(matchNodesAsReference(2, 2, () => 1)).toEqual([1, 0]);
    expect(matchNodesAsReference(2, 2, (i, j) => (i === j ? 1 : 0))).toEqual([0, 1]);
    expect(matchNodesAsReference(2, 2, () => 0.6)).toEqual([-1, -1]); // only pairs above 0.6
  });

  it('scores a verbatim copy of a chain of two equal texts 0.5 (k = 1), where the corrected mode gives 1', () => {
    // Crossed matching: gold positions [1, 0] in predicted order, longest increasing run 1,
    // P = R = 1/2. The graph compares raw index pairs, so the crossing costs it nothing.
    expect(compat(REPEATED, REPEATED)).toMatchObject({ f1Chain: 0.5, f1Graph: 1 });
    expect(corrected(REPEATED, REPEATED)).toMatchObject({ f1Chain: 1, f1Graph: 1 });
  });
});

describe('rule 4 — edges anywhere, nodes over the whole text', () => {
  it('reads edges under "Edges:" or with no header at all', () => {
    for (const pred of [TWO.replace('Edge:', 'Edges:'), TWO.replace('Edge: ', '')])
      expect(compat(pred, TWO)).toMatchObject({ f1Chain: 1, f1Graph: 1 });
    expect(corrected(TWO.replace('Edge:', 'Edges:'), TWO)).toMatchObject({ f1Chain: 1, f1Graph: 1 });
  });

  it('takes numbered lines after the edge list for nodes, which moves END', () => {
    const pred = `${TWO}\nNote:\n1. pay the bill`;
    // Nodes: START, search flights, book flight, pay the bill, END=4; (2,END) reads (2,4).
    expect(asReference(pred)).toEqual({
      nodes: ['START', 'search flights', 'book flight', 'pay the bill', 'END'],
      edges: [
        [0, 1],
        [1, 2],
        [2, 4],
      ],
    });
    // Chain: k = 2 of 3 predicted, 2 gold: P = 2/3, R = 1, F1 = 0.8.
    // Graph: matched pred {0,1,2,4} ↔ gold {0,1,2,3}; raw common edges (0,1) (1,2): components of
    // 3 on both sides; P = 3/5, R = 3/4.
    const s = compat(pred, TWO);
    expect(s.f1Chain).toBe((2 * 1 * (2 / 3)) / (1 + 2 / 3));
    expect(s.f1Graph).toBe((2 * 0.6 * 0.75) / (0.6 + 0.75));
    expect(corrected(pred, TWO)).toMatchObject({ f1Chain: 1, f1Graph: 1 });
  });

  it('reads the patterns with Python’s semantics: any script’s digits, "." up to a newline only, Python’s strip()', () => {
    const w = asReference('Node:\n١: a b\u001c\r\n2: c\rd\nEdge: (START,١) (١,٢) (2,END)');
    expect(w.nodes).toEqual(['START', 'a b', 'c\rd', 'END']);
    expect(w.edges).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });
});

/**
 * The reference's scores of a verbatim copy whose node texts share no word, from the rules
 * stated directly: nodes match themselves; F1 chain is the best over the first 20 orders of
 * networkx's enumeration (rightmost ready node first, then those after it, those before it,
 * those it frees) of the longest increasing run of the copy's positions — or, from 10 nodes,
 * the whole node list against the copy without START/END; F1 graph is the largest connected
 * component of the gold graph over the number of nodes.
 */
function expectedForCopy(count: number, edges: [number, number][]) {
  const n = count - 2;
  const f1 = (recall: number, precision: number) => (2 * recall * precision) / (recall + precision);
  let chain: number;
  if (count >= 10) chain = f1(n / count, 1);
  else {
    const successors = Array.from({ length: count }, () => [] as number[]);
    for (const [a, b] of edges) if (!successors[a]!.includes(b)) successors[a]!.push(b);
    const waiting = new Array<number>(count).fill(0);
    for (const next of successors) for (const b of next) waiting[b]!++;
    const orders: number[][] = [];
    const walk = (ready: number[], placed: number[]) => {
      if (orders.length >= 20) return;
      if (placed.length === count) {
        orders.push(placed.filter((v) => v > 0 && v < count - 1));
        return;
      }
      for (let i = ready.length - 1; i >= 0; i--) {
        const q = ready[i]!;
        const freed = successors[q]!.filter((b) => --waiting[b]! === 0);
        walk([...ready.slice(i + 1), ...ready.slice(0, i), ...freed], [...placed, q]);
        for (const b of successors[q]!) waiting[b]!++;
      }
    };
    walk(
      waiting.flatMap((w, v) => (w === 0 ? [v] : [])),
      [],
    );
    chain = 0;
    for (const order of orders) {
      const positions = Array.from({ length: n }, (_, i) => order.indexOf(i + 1));
      const run = positions.map(() => 1);
      for (let i = 0; i < n; i++)
        for (let j = 0; j < i; j++) if (positions[i]! > positions[j]!) run[i] = Math.max(run[i]!, run[j]! + 1);
      const k = Math.max(...run);
      chain = Math.max(chain, f1(k / n, k / n));
    }
  }
  const neighbours = Array.from({ length: count }, () => [] as number[]);
  for (const [a, b] of edges) {
    neighbours[a]!.push(b);
    neighbours[b]!.push(a);
  }
  const seen = new Set<number>();
  let largest = 0;
  for (let start = 0; start < count; start++) {
    if (seen.has(start)) continue;
    const stack = [start];
    let size = 0;
    seen.add(start);
    while (stack.length) {
      size++;
      for (const next of neighbours[stack.pop()!]!)
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
    }
    largest = Math.max(largest, size);
  }
  return { chain, graph: f1(largest / count, largest / count) };
}

describe('the reference’s numbers', () => {
  it('property: a verbatim copy of a random gold graph scores what the reference’s rules give', () => {
    const random = seededRandom(2024);
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(random() * 9);
      const end = n + 1;
      const edges: [number, number][] = [];
      for (let b = 1; b <= n; b++) for (let a = 1; a < b; a++) if (random() < 0.3) edges.push([a, b]);
      for (let v = 1; v <= n; v++) {
        if (!edges.some(([, b]) => b === v) && random() < 0.85) edges.push([0, v]);
        if (!edges.some(([a]) => a === v) && random() < 0.85) edges.push([v, end]);
      }
      for (let i = edges.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [edges[i], edges[j]] = [edges[j]!, edges[i]!];
      }
      if (!edges.length) edges.push([0, end]);
      const name = (v: number) => (v === 0 ? 'START' : v === end ? 'END' : String(v));
      const text =
        `Node:\n${Array.from({ length: n }, (_, i) => `${i + 1}: task${i}a task${i}b`).join('\n')}\n` +
        `Edge: ${edges.map(([a, b]) => `(${name(a)},${name(b)})`).join(' ')}`;
      const expected = expectedForCopy(n + 2, edges);
      const s = compat(text, text);
      expect([s.f1Chain, s.f1Graph]).toEqual([expected.chain, expected.graph]);
    }
  });

  it('equals the scores the reference recorded for 300 gold/prediction pairs (copies, perturbations, skips, errors)', () => {
    const recorded = JSON.parse(fs.readFileSync(RECORDED, 'utf8')) as {
      cases: { gold: string; pred: string; chain: number | 'skip' | 'error'; graph: number | 'skip' | 'error' }[];
    };
    expect(recorded.cases.length).toBe(300);
    for (const { gold, pred, chain, graph } of recorded.cases) {
      const p = parseWorkflowAsReference(pred);
      if ('skipped' in p) {
        expect([chain, graph]).toEqual(['skip', 'skip']);
        continue;
      }
      const s = compat(pred, gold);
      expect({ pred, gold, chain: s.error && s.f1Chain === 0 && /stops/.test(s.error) ? 'error' : s.f1Chain }).toEqual({
        pred,
        gold,
        chain,
      });
      expect({ pred, gold, graph: s.f1Graph ?? 'error' }).toEqual({ pred, gold, graph });
    }
  });
});
