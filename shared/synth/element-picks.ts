import type { PlanStep } from '../domain';
import { formatFieldPath, parseFieldPath, type ElementPick, type PathStep } from '../graph/field-paths';
import { isObject } from '../json';
import { asRef } from '../plans/refs';
import type { Random } from '../random';

/** Which element of an observed list a step took, for the intent: `rooms` by `name = bedroom`, or by position. */
export interface ElementChoice {
  param: string;
  list: string;
  pick: Exclude<ElementPick, { by: 'first' }>;
}

/** Fields that name an element well enough for a user to ask for it. */
const NAMING_FIELDS = ['name', 'title', 'label', 'city'];

/**
 * The element to take from `list`: the one whose field equals another argument of the step
 * (`name: "bedroom"` picks the bedroom), else a seeded random one, described by a naming
 * field when its value is unique in the list, else by its position.
 */
function chooseElement(list: unknown[], others: string[], random: Random): ElementChoice['pick'] {
  const fieldsOf = (item: unknown) =>
    isObject(item) ? Object.entries(item).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  const unique = (field: string, value: string) =>
    list.filter((item) => isObject(item) && String(item[field]).toLowerCase() === value.toLowerCase()).length === 1;
  const usable = (value: string) => !/[[\]]/.test(value) && value.trim() === value && value !== '';
  for (const wanted of others)
    for (const item of list)
      for (const [field, value] of fieldsOf(item))
        if (value.toLowerCase() === wanted.toLowerCase() && unique(field, value) && usable(value))
          return { by: 'match', field, value };
  const index = Math.floor(random() * list.length);
  const naming = fieldsOf(list[index]).find(
    ([field, value]) => NAMING_FIELDS.includes(field) && unique(field, value) && usable(value),
  );
  return naming ? { by: 'match', field: naming[0], value: naming[1] } : { by: 'index', index };
}

/**
 * Makes a step's "any element" references (`s1.result.rooms[].room_id`, which the run would
 * fill with the first element) concrete from the producer's observed result: `rooms[name=bedroom].room_id`
 * or `rooms[2].room_id`. A list that is missing or empty is left as it is (the run then says why).
 */
export function pickElements(
  step: PlanStep,
  results: ReadonlyMap<string, unknown>,
  random: Random,
): { step: PlanStep; choices: ElementChoice[] } {
  const choices: ElementChoice[] = [];
  const others = Object.values(step.args).filter((v): v is string => typeof v === 'string');
  const args = Object.fromEntries(
    Object.entries(step.args).map(([param, value]) => {
      const ref = asRef(value);
      if (!ref || !ref.path.includes('[]')) return [param, value];
      const steps = parseFieldPath(ref.path);
      if (!steps) return [param, value];
      let current: unknown = results.get(ref.step);
      const concrete: PathStep[] = [];
      for (const [i, part] of steps.entries()) {
        if (part.kind === 'key') {
          current = isObject(current) ? current[part.key] : undefined;
          concrete.push(part);
          continue;
        }
        if (!Array.isArray(current) || !current.length || part.pick.by !== 'first') return [param, value];
        const pick = chooseElement(current, others, random);
        choices.push({ param, list: formatFieldPath(steps.slice(0, i), { anyElement: true }), pick });
        current =
          pick.by === 'index'
            ? current[pick.index]
            : current.find(
                (item) => isObject(item) && String(item[pick.field]).toLowerCase() === pick.value.toLowerCase(),
              );
        concrete.push({ kind: 'element', pick });
      }
      return [param, { $ref: `${ref.step}.result.${formatFieldPath(concrete)}` }];
    }),
  );
  return { step: { ...step, args }, choices };
}

/** How a user would ask for the element: `the room named "bedroom"`, `the 2nd of the rooms`. */
export function describeChoice(choice: ElementChoice): string {
  const noun = choice.list.split('.').at(-1)!.replace(/_/g, ' ');
  if (choice.pick.by === 'match')
    return `the ${noun.replace(/s$/, '')} whose ${choice.pick.field} is ${choice.pick.value}`;
  const n = choice.pick.index + 1;
  const suffix =
    n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `the ${n}${suffix} of the ${noun}`;
}
