import { isObject } from '../json';
import { asRef } from '../plans/refs';

/** A literal argument of a step: its last key and the value as the intent says it. */
export interface Literal {
  key: string;
  value: string;
}

/** Every literal of a step's arguments, nested ones by their last key, lists of scalars joined. */
export function stepLiterals(args: Record<string, unknown>): Literal[] {
  const literals: Literal[] = [];
  const visit = (key: string, value: unknown) => {
    if (value === undefined || value === null || asRef(value)) return;
    if (Array.isArray(value)) {
      const scalars = value.filter((v) => typeof v !== 'object');
      if (scalars.length) literals.push({ key, value: scalars.map(String).join(', ') });
      for (const v of value) if (typeof v === 'object') visit(key, v);
    } else if (isObject(value)) for (const [k, v] of Object.entries(value)) visit(k, v);
    else literals.push({ key, value: String(value) });
  };
  for (const [k, v] of Object.entries(args)) visit(k, v);
  return literals;
}

const COUNTED = /^(passengers|guests|people|travell?ers|adults|children|nights|rooms|seats|tickets)$/;

/** How a person says a value of a parameter, by the parameter's name: `origin` → "from Lisbon". */
const SAYINGS: [RegExp, (value: string, key: string) => string][] = [
  [/^(to|target|into)_currency$/, (v) => `into ${v}`],
  [/^from_currency$/, (v) => `from ${v}`],
  [/^(origin|from|source|departure)(_city|_airport)?$/, (v) => `from ${v}`],
  [/^(destination|dest|to|arrival|recipient)(_\w+)?$/, (v) => `to ${v}`],
  [/(^|_)(check_?in|start)(_date|_time)?$/, (v) => `from ${v}`],
  [/(^|_)(check_?out|end|until)(_date|_time)?$/, (v) => `until ${v}`],
  [/(^|_)(date|day)$/, (v) => `on ${v}`],
  [COUNTED, (v, key) => `for ${v} ${v === '1' ? key.replace(/s$/, '') : key}`],
  [/^(name|(\w+_)?(traveler|traveller|guest|passenger|customer|lead|contact)_name)$/, (v) => `for ${v}`],
  [/^(city|location|place|region|address)$/, (v) => `in ${v}`],
  [/^citizenship$|^nationality$/, (v) => `for citizens of ${v}`],
  [/^currency$/, (v) => `in ${v}`],
  [/^(amount|price|total)$/, (v) => `of ${v}`],
  [/^(title|subject|summary)$/, (v) => `titled "${v}"`],
  [/^(body|message|text|content|note)$/, (v) => `saying "${v}"`],
];

/**
 * A step's literals as words after its verb: "from Lisbon to Paris on 2026-06-01 for 2
 * passengers"; values without a saying go in brackets by name ("(mode: walk)"). Every value
 * appears as written: the checks look for it in the request.
 */
export function sayLiterals(literals: readonly Literal[]): string {
  const said: string[] = [];
  const named: string[] = [];
  for (const { key, value } of literals) {
    const saying = SAYINGS.find(([pattern]) => pattern.test(key));
    if (saying) said.push(saying[1](value, key.replace(/_/g, ' ')));
    else named.push(`${key.replace(/_/g, ' ')}: ${value}`);
  }
  if (named.length) said.push(`(${named.join(', ')})`);
  return said.join(' ');
}
