import type { Tool } from '../domain';

/** First words of tool names that read as a request: `search_flights` → "search flights". */
const VERBS = new Set(
  'add book buy calculate call cancel check close compute confirm convert create delete download email fetch find get invite list look make move notify open order pay play post query rate read remove rename reserve resolve schedule search send set share start stop submit track translate turn update upload write'.split(
    ' ',
  ),
);
/** Verbs that take one thing: "book a flight", "send an itinerary email". */
const TAKES_ONE = new Set(
  'add book buy cancel confirm create make order post reserve schedule send submit write'.split(' '),
);
/** Verbs that ask about a known thing: "get the weather forecast". */
const TAKES_THE = new Set(['get', 'check', 'fetch', 'look', 'track']);

export interface ToolPhrase {
  verb: string;
  /** What the verb acts on, with its article ("a flight"); empty when said by the description. */
  object: string;
  /** The words of the thing named, for "book one" after "search flights". */
  noun: string | null;
}

const words = (name: string) =>
  name
    .split(/[_\-\s]+|(?<=[a-z])(?=[A-Z])/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
const singular = (noun: string) => noun.replace(/s$/, '');

/** A tool's description as a request, with the other tools it names left out ("found by search_hotels"). */
function describedPhrase(tool: Pick<Tool, 'name' | 'description'>, toolNames: readonly string[]): ToolPhrase {
  let text = tool.description.trim().replace(/\.$/, '');
  for (const name of toolNames)
    text = text.replace(
      new RegExp(
        `\\s*(?:(?:found|returned|given|listed|made)\\s+)?(?:by|from|of|via|with|using)\\s+(?:the\\s+)?${name}\\b`,
        'g',
      ),
      '',
    );
  // Any identifier left is said as words.
  text = text.replace(/\b\w+(?:_\w+)+\b/g, (id) => words(id).join(' '));
  const [first = '', ...rest] = text.split(' ');
  const lower = first.toLowerCase();
  if (!text) return { verb: 'use', object: `the ${words(tool.name).join(' ')} tool`, noun: null };
  if (VERBS.has(lower)) return { verb: lower, object: rest.join(' '), noun: null };
  if (lower === 'whether') return { verb: 'check', object: `whether ${rest.join(' ')}`, noun: null };
  return { verb: 'get', object: `the ${lower}${rest.length ? ` ${rest.join(' ')}` : ''}`, noun: null };
}

/**
 * How a request names what a tool does, without its identifier: a phrase from its name when that
 * starts with a verb ("search flights", "book a flight"), else its description's words ("resolve
 * a city name to coordinates", "get the daily weather forecast for a location").
 */
export function toolPhrase(tool: Pick<Tool, 'name' | 'description'>, toolNames: readonly string[]): ToolPhrase {
  const [verb, ...rest] = words(tool.name);
  if (!verb || !VERBS.has(verb) || !rest.length) return describedPhrase(tool, toolNames);
  const noun = rest.join(' ');
  const article = TAKES_ONE.has(verb) && !noun.endsWith('s') ? (/^[aeiou]/.test(noun) ? 'an ' : 'a ') : '';
  return { verb, object: `${TAKES_THE.has(verb) ? 'the ' : article}${noun}`, noun };
}

/** "book one" when the tool before spoke of the same thing ("search flights, then book one"). */
export function sayTool(phrase: ToolPhrase, before: ToolPhrase | undefined): string {
  if (phrase.noun && before?.noun && singular(phrase.noun) === singular(before.noun))
    return `${phrase.verb} ${before.noun.endsWith('s') ? 'one' : 'it'}`;
  return phrase.object ? `${phrase.verb} ${phrase.object}` : phrase.verb;
}
