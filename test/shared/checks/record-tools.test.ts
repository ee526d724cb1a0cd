import { describe, expect, it } from 'vitest';
import { checkTrajectory } from '../../../shared/checks/trajectory';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import { recordOverGraph } from '../../../backend/checks/checker';
import type { DeclaredTool, ToolGraph, Turn } from '../../../shared/domain';
import { makeTool } from '../../../shared/formats/tools/parsed';

const object = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
  required: names,
});
const graph: Pick<ToolGraph, 'tools' | 'edges'> = {
  tools: [
    makeTool('get_stock_price', 'Price of a company', object('company'), { type: 'object' }),
    makeTool('find_contact', 'A contact', object('name'), { type: 'object' }),
  ],
  edges: [],
};
const declared: DeclaredTool[] = [
  { name: 'get_stock_price', description: 'Price of a ticker', parameters: object('symbol') },
];
const call = (name: string, args: object, id = 'c1'): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args }] });
const answered: Turn[] = [
  { role: 'user', content: 'Price of AAPL?' },
  call('get_stock_price', { symbol: 'AAPL' }),
  { role: 'tool', toolCallId: 'c1', content: '{"price": 190}' },
  { role: 'assistant', content: 'AAPL is at 190.' },
];

function checked(turns: Turn[]) {
  const { graph: merged, conflicts } = recordOverGraph(declared, graph);
  return checkTrajectory(turns, { graph: merged, validate: argumentValidator(merged), toolsFrom: 'both', conflicts });
}

describe("a record's own tools over its graph", () => {
  it('checks a call against the definition the record declared, and says once where the graph differs', () => {
    const findings = checked(answered);
    expect(findings.map((f) => f.code)).toEqual(['tool-conflict']);
    expect(findings[0]!.severity).toBe('warning');
    expect(findings[0]!.message).toBe(
      "The record declares get_stock_price(symbol); the graph defines get_stock_price(company). The call is checked against the record's definition.",
    );
  });

  it("takes the graph's definition of a tool the record does not declare, and refuses a tool neither has", () => {
    const turns: Turn[] = [
      { role: 'user', content: 'Mail Ana' },
      call('find_contact', {}, 'c1'),
      { role: 'tool', toolCallId: 'c1', content: '{}' },
      call('send_fax', { to: 'Ana' }, 'c2'),
      { role: 'tool', toolCallId: 'c2', content: '{}' },
      { role: 'assistant', content: 'Done.' },
    ];
    const findings = checked(turns);
    expect(findings.find((f) => f.code === 'schema-violation')!.message).toBe(
      'find_contact: missing required argument name.',
    );
    expect(findings.find((f) => f.code === 'unknown-tool')!.message).toBe(
      '"send_fax" is neither a tool the record declares nor a tool of the graph.',
    );
  });

  it('says where the graph differs also when no argument validator is given', () => {
    const { graph: merged, conflicts } = recordOverGraph(declared, graph);
    const findings = checkTrajectory(answered, { graph: merged, toolsFrom: 'both', conflicts });
    expect(findings.map((f) => f.code)).toEqual(['tool-conflict']);
  });

  it('finds no conflict where the record declares what the graph has', () => {
    const same = recordOverGraph([{ ...declared[0]!, parameters: object('company') }], graph);
    expect(same.conflicts.size).toBe(0);
  });
});

describe('a trajectory that ends on its calls', () => {
  it('is a complete example: its last calls are not unanswered and it needs no final answer', () => {
    expect(checked(answered.slice(0, 2)).map((f) => f.code)).toEqual(['tool-conflict']);
  });

  it('still has no final answer when it ends on a result, a user turn or an empty answer', () => {
    for (const turns of [
      answered.slice(0, 3),
      [...answered, { role: 'user', content: 'And MSFT?' } as Turn],
      [...answered.slice(0, 3), { role: 'assistant', content: '  ' } as Turn],
    ])
      expect(checked(turns).map((f) => f.code)).toContain('no-final-answer');
  });

  it('still says a call before the last turn got no result', () => {
    const turns: Turn[] = [
      answered[0]!,
      call('get_stock_price', { symbol: 'AAPL' }),
      { role: 'assistant', content: 'Hm.' },
    ];
    expect(checked(turns).map((f) => f.code)).toContain('unanswered-call');
  });
});
