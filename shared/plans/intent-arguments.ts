import type { Tool } from '../domain';
import { dateWindowFromIntent, emailsInText, type DateWindow, type IntentContext } from '../text-values';
import { personNameInIntent, placesInIntent, type Places } from './intent-entities';
import { contentStems, spellDegrees, stem, wordsOf } from './intent-words';
import { enumMembersSaid, statedArguments } from './stated-values';

interface ParamSchema {
  type?: string;
  format?: string;
  description?: string;
  enum?: unknown[];
}

/** What the intent says once, read for every parameter of every step. */
interface IntentFacts {
  window: DateWindow;
  places: Places;
  person: string | null;
  email: string | null;
  stems: Set<string>;
  intent: string;
  /** Numbers with the one or two words after them: "2 nights", "21 degrees", "3 adult guests". */
  counts: { value: number; words: string[] }[];
}

function readIntent(intent: string, context: IntentContext): IntentFacts {
  const person = personNameInIntent(intent);
  // Dates are not counts: 2026-12-10 holds no "10 …".
  const plain = spellDegrees(intent.replace(/\d{4}-\d{2}-\d{2}/g, ' '));
  const counts = [
    ...plain.matchAll(/(?<![\p{L}\p{N}.:/-])(\d+(?:\.\d+)?)(?![\p{N}:])\s*(\p{L}+)(?:\s+(\p{L}+))?/gu),
  ].map((m) => ({ value: Number(m[1]), words: [m[2]!, m[3] ?? ''].filter(Boolean).map(stem) }));
  return {
    window: dateWindowFromIntent(intent, context),
    places: placesInIntent(intent),
    person,
    email: emailsInText(intent)[0] ?? null,
    stems: new Set(contentStems(intent)),
    intent,
    counts,
  };
}

const PERSON_PARAM =
  /^(?:(?:traveler|traveller|passenger|guest|customer|lead|full|contact|holder|user)_?)?name$|^(?:traveler|traveller|passenger|guest|customer|holder)$/i;
/** Counts of people: one named person and no number ("book it for Ana Silva") is a count of one. */
const PEOPLE_WORDS = new Set(['passenger', 'traveler', 'traveller', 'guest', 'person', 'people', 'adult'].map(stem));
const TEMPERATURE_SCALES = new Set(['celsius', 'fahrenheit', 'kelvin'].map(stem));
const END_WORDS = new Set(['out', 'checkout', 'end', 'to', 'until', 'till', 'return']);

const isDateParam = (name: string, schema: ParamSchema) =>
  schema.format === 'date' ||
  (schema.type === 'string' &&
    !schema.format &&
    (wordsOf(name).includes('date') || /yyyy-mm-dd/i.test(schema.description ?? '')));

/**
 * The value the intent gives one parameter, or undefined. A date parameter named as an end
 * (`check_out`, `end_date`, `to_date`, `return_date`) takes the end of the intent's span, any
 * other the start; so a pair gets start and start + duration, and never the same day twice.
 */
function valueFor(name: string, schema: ParamSchema, facts: IntentFacts): unknown {
  const lower = name.toLowerCase();
  const { places, window } = facts;
  if (isDateParam(name, schema)) return wordsOf(name).some((w) => END_WORDS.has(w)) ? window.end : window.start;
  if (schema.format === 'email') return facts.email ?? undefined;
  if (Array.isArray(schema.enum)) {
    const said = enumMembersSaid(schema.enum, facts.intent);
    return said.length === 1 ? said[0] : undefined;
  }
  if (schema.type === 'string' && !schema.format) {
    if (PERSON_PARAM.test(lower)) return facts.person ?? undefined;
    if (/^(origin|from)(_city)?$/.test(lower)) return places.origin;
    if (/^(destination|to)(_city)?$/.test(lower)) return places.destination;
    if (/city|location|place/.test(lower)) return places.place;
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const own = new Set([...contentStems(name), ...contentStems(schema.description ?? '')]);
    // A parameter named for a scale (`celsius`) takes "21 degrees".
    if ([...own].some((w) => TEMPERATURE_SCALES.has(w))) own.add(stem('degrees'));
    const count = facts.counts.find(
      (c) => c.words.some((w) => own.has(w)) && (schema.type === 'number' || Number.isInteger(c.value)),
    );
    if (count) return count.value;
    return facts.person && contentStems(name).some((w) => PEOPLE_WORDS.has(w)) ? 1 : undefined;
  }
  return undefined;
}

/**
 * Literal arguments the intent gives a tool where they are unambiguous (a heuristic): dates and
 * spans ("for 2 nights from 2026-12-10") for date parameters, "from X to Y" for origin and
 * destination, "in X" for a city, a person ("under the name Ana Silva") for name parameters,
 * an email address, the one enum member the intent says, and a number next to a word of the
 * parameter ("2 guests", "21 degrees"), and a count of people of one where the intent names one
 * person and no number ("book it for Ana Silva": 1 passenger). What the intent states for a
 * parameter outright (`severity: sev2`, `with the message "…"`) comes first.
 */
export function argumentsFromIntent(tool: Tool, intent: string, context: IntentContext = {}): Record<string, unknown> {
  const facts = readIntent(intent, context);
  const properties = (tool.parameters.properties ?? {}) as Record<string, ParamSchema>;
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const value = valueFor(name, schema, facts);
    if (value !== undefined) args[name] = value;
  }
  return { ...args, ...statedArguments(tool, intent) };
}
