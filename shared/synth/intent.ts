import type { PlanStep, ToolGraph } from '../domain';
import type { ChainSample } from './sample';
import { sayTool, toolPhrase, type ToolPhrase } from './tool-phrases';
import { sayLiterals, stepLiterals } from './value-phrases';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whether a step takes something from the step before it (then "book one" reads right). */
const takesFrom = (step: PlanStep, before: PlanStep | undefined) =>
  before !== undefined && JSON.stringify(step.args).includes(`"${before.id}.`);

/**
 * The intent of a sample as a person would ask for it: each step of its plan in the tool's own
 * words (never its identifier) with its literal values — every one, since the checks ask that
 * a value the user did not say come from a result. A chain reads "A, then B"; branches that
 * join read "A. Also B. With both, C."; unrelated sub-tasks "A. Separately, B."
 */
export function templateIntent(graph: Pick<ToolGraph, 'tools'>, sample: ChainSample, steps: PlanStep[]): string {
  const names = graph.tools.map((t) => t.name);
  const said = new Set<string>();
  /** One task: its steps in order, each after the one it follows. */
  const task = (group: PlanStep[]) => {
    let phrase: ToolPhrase | undefined;
    return group
      .map((step, i) => {
        const tool = graph.tools.find((t) => t.name === step.tool);
        const current = tool
          ? toolPhrase(tool, names)
          : { verb: 'use', object: `the ${step.tool.replace(/_/g, ' ')} tool`, noun: null };
        const action = sayTool(current, takesFrom(step, group[i - 1]) ? phrase : undefined);
        phrase = current;
        const values = sayLiterals(
          stepLiterals(step.args).filter(
            ({ key, value }) => !said.has(`${key}=${value}`) && said.add(`${key}=${value}`),
          ),
        );
        return values ? `${action} ${values}` : action;
      })
      .join(', then ');
  };
  const at = (tool: string | undefined) => steps.findIndex((s) => s.tool === tool);
  const split = at(sample.tools[0]) + 1;
  if (sample.kind === 'parallel' && split > 0 && at(sample.tools[2]) === steps.length - 1 && split < steps.length - 1)
    return `${capital(task(steps.slice(0, split)))}. Also ${task(steps.slice(split, -1))}. With both, ${task(steps.slice(-1))}.`;
  if (sample.kind === 'isolated' && split > 0 && split < steps.length)
    return `${capital(task(steps.slice(0, split)))}. Separately, ${task(steps.slice(split))}.`;
  return `${capital(task(steps))}.`;
}
