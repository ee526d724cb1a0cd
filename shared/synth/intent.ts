import type { PlanStep, ToolGraph } from '../domain';
import { isObject } from '../json';
import { asRef } from '../plans/refs';
import type { ChainSample } from './sample';

/** A literal as the intent says it: `check in 2027-03-04`. */
interface Phrase {
  key: string;
  value: string;
}
const spoken = (p: Phrase) => `${p.key} ${p.value}`;

/** Every literal of a step's arguments, nested ones by their last key, lists of scalars joined. */
function literalPhrases(args: Record<string, unknown>): Phrase[] {
  const phrases: Phrase[] = [];
  const visit = (key: string, value: unknown) => {
    if (value === undefined || value === null || asRef(value)) return;
    if (Array.isArray(value)) {
      const scalars = value.filter((v) => typeof v !== 'object');
      if (scalars.length) phrases.push({ key: key.replace(/_/g, ' '), value: scalars.map(String).join(', ') });
      for (const v of value) if (typeof v === 'object') visit(key, v);
    } else if (isObject(value)) for (const [k, v] of Object.entries(value)) visit(k, v);
    else phrases.push({ key: key.replace(/_/g, ' '), value: String(value) });
  };
  for (const [k, v] of Object.entries(args)) visit(k, v);
  return phrases;
}

/**
 * The intent of a sample, from templates over the tools' descriptions. Every literal argument
 * of the plan is said in it — the named tools' in their clause, the helper steps' in a closing
 * sentence — because the checks ask that a value the user did not say come from a result.
 */
export function templateIntent(graph: Pick<ToolGraph, 'tools'>, sample: ChainSample, steps: PlanStep[]): string {
  const said = new Set<string>();
  const fresh = (phrases: Phrase[]) =>
    phrases.filter((p) => {
      if (said.has(spoken(p))) return false;
      said.add(spoken(p));
      return true;
    });
  const describe = (name: string) => {
    const tool = graph.tools.find((t) => t.name === name);
    const text = (tool?.description ?? name).replace(/\.$/, '');
    const literals = fresh(literalPhrases(steps.find((s) => s.tool === name)?.args ?? {}));
    return `${text.charAt(0).toLowerCase()}${text.slice(1)}${literals.length ? ` (${literals.map(spoken).join(', ')})` : ''}`;
  };
  const [first, ...rest] = sample.tools;
  let text: string;
  switch (sample.kind) {
    case 'serial':
      text = `Please ${describe(first!)}, then ${rest.map(describe).join(', then ')}.`;
      break;
    case 'parallel':
      text = `Please ${describe(sample.tools[0]!)} and ${describe(sample.tools[1]!)}, and with both results ${describe(sample.tools[2]!)}.`;
      break;
    case 'isolated':
      text = `Two separate things: ${describe(first!)}; and also ${rest.map(describe).join('; and also ')}.`;
  }
  const helpers = fresh(
    steps.filter((s) => !sample.tools.includes(s.tool)).flatMap((s) => literalPhrases(s.args)),
  ).filter((p) => !text.toLowerCase().includes(p.value.toLowerCase()));
  return helpers.length ? `${text} Use ${helpers.map(spoken).join(', ')}.` : text;
}
