import { isObject } from '../../json';
import type { RunField } from './propose';
import type { TrajectoryMapping } from './schema';

/** What a proposal guesses of a run's outcome, system prompt, model and task id from its own fields (see `propose.ts`). */

const OUTCOME_FIELDS = [
  'resolved',
  'success',
  'succeeded',
  'passed',
  'correct',
  'solved',
  'reward',
  'score',
  'outcome',
  'verdict',
  'status',
  'result',
  'grade',
];
const MODEL_FIELDS = ['model', 'model_name', 'modelName', 'llm', 'engine', 'model_id'];
const TASK_FIELDS = [
  'task_id',
  'taskId',
  'instance_id',
  'problem_id',
  'question_id',
  'sample_id',
  'case_id',
  'task',
  'case',
  'id',
];
const SUCCESS_WORDS = [
  'success',
  'succeeded',
  'passed',
  'pass',
  'resolved',
  'correct',
  'solved',
  'completed',
  'true',
  'yes',
];
const SYSTEM_FIELDS = ['system', 'system_prompt', 'systemPrompt', 'instructions', 'system_message'];

/** Scalar fields of the runs (arrays, the messages among them, are not looked into), two levels into objects, with a few examples. */
export function scalarFields(runs: unknown[]): RunField[] {
  const fields = new Map<string, Set<string | number | boolean>>();
  const visit = (value: unknown, path: string, depth: number) => {
    if (!isObject(value) || depth > 2) return;
    for (const [key, child] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (typeof child === 'string' || typeof child === 'number' || typeof child === 'boolean') {
        const seen = fields.get(at) ?? new Set();
        if (seen.size < 5) seen.add(typeof child === 'string' && child.length > 80 ? `${child.slice(0, 79)}…` : child);
        fields.set(at, seen);
      } else visit(child, at, depth + 1);
    }
  };
  for (const run of runs.slice(0, 200)) visit(run, '', 0);
  return [...fields].map(([path, examples]) => ({ path, examples: [...examples] }));
}

const lastKey = (path: string) => path.split('.').at(-1)!;

/** The outcome (and what counts as success), system prompt, model and task id among a run's fields, by their names. */
export function runGuesses(fields: RunField[]): Partial<TrajectoryMapping> {
  const pick = (names: readonly string[], ok: (f: RunField) => boolean = () => true) =>
    names.flatMap((n) => fields.filter((f) => lastKey(f.path) === n && ok(f)))[0];
  const outcome = pick(OUTCOME_FIELDS);
  const model = pick(MODEL_FIELDS, (f) => f.examples.every((e) => typeof e === 'string'));
  const system = pick(SYSTEM_FIELDS, (f) => f.examples.every((e) => typeof e === 'string'));
  // A run's own identifier stands in for a task id when none is named as one.
  const task = pick(TASK_FIELDS) ?? fields.find((f) => /(_id|Id)$/.test(lastKey(f.path)) && !f.path.includes('.'));
  return {
    ...(outcome ? { outcome: { path: outcome.path, success: successOf(outcome) } } : {}),
    ...(model ? { model: model.path } : {}),
    ...(system ? { system: system.path } : {}),
    ...(task ? { taskId: task.path } : {}),
  };
}

/** What counts as success in an outcome field, from the values it holds: true, at least 1, or its success words. */
export function successOf(field: RunField): NonNullable<TrajectoryMapping['outcome']>['success'] {
  if (field.examples.some((e) => typeof e === 'boolean')) return [true];
  if (field.examples.every((e) => typeof e === 'number')) return { atLeast: 1 };
  const words = field.examples.filter((e) => SUCCESS_WORDS.includes(String(e).toLowerCase()));
  return words.length ? words : ['success'];
}
