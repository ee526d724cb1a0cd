import { describe, expect, it } from 'vitest';
import { boundJsonNumbers } from '../../../backend/llm/json-grammar';

describe('JSON number rules for constrained output', () => {
  it('drops the exponent from integers and bounds it for fractions', async () => {
    const { getLlama } = await import('node-llama-cpp');
    const llama = await getLlama({ build: 'never', gpu: false });
    const grammar = await llama.createGrammarForJsonSchema({
      type: 'object',
      properties: { n: { type: 'integer' }, x: { type: 'number' } },
      required: ['n', 'x'],
    });
    const bounded = boundJsonNumbers(grammar.grammar);
    const rule = (name: string) => bounded.split('\n').find((l) => l.startsWith(`${name} `))!;
    expect(rule('integer-number-rule')).not.toMatch(/\[eE\]/);
    expect(rule('fractional-number-rule')).toMatch(/\[eE\] \[-\+\]\? \[0-9\]\{1,2\}/);
    await expect(llama.createGrammar({ grammar: bounded })).resolves.toBeDefined();
  });
});
