import { describe, expect, it } from 'vitest';
import { environmentTemplate } from '../../../shared/environments/template';
import { tool } from '../../helpers/graphs';

type Module = {
  tools: Record<string, (state: unknown, args: unknown) => unknown>;
  goal: (state: unknown, calls: unknown[]) => unknown;
};

/** The template's code evaluated as the sandbox evaluates it: the module, then its names. */
const evaluate = (code: string) => new Function(`${code}\nreturn { tools, goal };`)() as Module;

describe("an environment template written from a graph's tools", () => {
  const tools = [
    tool('add_item', { item: 'string' }, { count: 'integer' }),
    tool('get-weather', {}, { temp: 'number' }),
  ];

  it('declares one function per tool, each answering from the state and counting its call', () => {
    const { code, initialState } = environmentTemplate(tools);
    const module = evaluate(code);
    expect(Object.keys(module.tools)).toEqual(['add_item', 'get-weather']);
    const state = structuredClone(initialState) as { calls: number; answers: Record<string, unknown> };
    expect(module.tools.add_item!(state, { item: 'milk' })).toEqual(state.answers.add_item);
    expect(module.tools['get-weather']!(state, {})).toEqual(state.answers['get-weather']);
    expect(state.calls).toBe(2);
    expect(code).toContain('// args: args.item');
  });

  it('has a goal stub that judges the calls', () => {
    const { code } = environmentTemplate(tools);
    const { goal } = evaluate(code);
    expect(goal({}, [{ name: 'add_item', args: {}, ok: true }])).toEqual({
      success: true,
      reason: 'calls made: 1, failed: 0',
    });
    expect(goal({}, [{ name: 'add_item', args: {}, ok: false }])).toMatchObject({ success: false });
  });

  it('is valid for a graph without tools', () => {
    const { code, initialState } = environmentTemplate([]);
    expect(Object.keys(evaluate(code).tools)).toEqual([]);
    expect(initialState).toEqual({ calls: 0, answers: {} });
  });
});
