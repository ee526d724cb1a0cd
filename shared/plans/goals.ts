import type { Tool, ToolGraph } from '../domain';
import { planForGoals } from './deterministic';
import { contentStems, GENERIC_ACTIONS, spellDegrees, stem, STOPWORDS, synonymsOf, wordsOf } from './intent-words';

/** A tool the intent points at: how strongly, and the intent's words that matched it. */
export interface GoalMatch {
  tool: string;
  score: number;
  /** Intent words that matched (`book`, `hotel`), or the tool's name when the intent names it. */
  matched: string[];
}

/** A word of the tool's name scores most, a synonym of one less, a word of its description or parameters least. */
const NAME = 3;
const NAME_SYNONYM = 2;
const OTHER = 1;
/** One word of the name, or three weaker matches, make a candidate. */
const THRESHOLD = 3;
/** A tool the intent names outright. */
const NAMED = 10;

/** Tools an intent names: `book_flight`, or its words in order (`book flight`, `Book the flight` does not count). */
export function toolsNamedIn(intent: string, graph: Pick<ToolGraph, 'tools'>): string[] {
  const text = ` ${intent.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  return graph.tools
    .filter((t) => text.includes(` ${t.name.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `))
    .map((t) => t.name);
}

interface ToolWords {
  tool: string;
  name: Set<string>;
  /** Stems of the description, the parameter names and descriptions, and enum members. */
  other: Set<string>;
}

function toolWords(tool: Tool): ToolWords {
  const other = contentStems(tool.description);
  const properties = (tool.parameters.properties ?? {}) as Record<string, { description?: unknown; enum?: unknown }>;
  for (const [param, schema] of Object.entries(properties)) {
    other.push(...contentStems(param));
    if (typeof schema.description === 'string') other.push(...contentStems(schema.description));
    if (Array.isArray(schema.enum))
      for (const member of schema.enum) if (typeof member === 'string') other.push(...contentStems(member));
  }
  return { tool: tool.name, name: new Set(contentStems(tool.name)), other: new Set(other) };
}

interface Word {
  text: string;
  stem: string;
}

/** Words that introduce a value ("under the name …"), not a tool. */
const VALUE_WORDS = new Set(['name', 'named', 'called']);

const intentWords = (text: string): Word[] =>
  wordsOf(spellDegrees(text).replace(/\blook(?:ing)? (?:up|for)\b/gi, 'search'))
    .filter((w) => !STOPWORDS.has(w) && !VALUE_WORDS.has(w) && !/\d/.test(w))
    .map((w) => ({ text: w, stem: stem(w) }));

interface Scored extends GoalMatch {
  /** Whether a word other than a generic action matched: "book" alone points at no tool. */
  specific: boolean;
  words: ToolWords;
}

function score(words: readonly Word[], tool: ToolWords): Scored {
  const seen = new Set<string>();
  const matched: string[] = [];
  let total = 0;
  let specific = false;
  for (const word of words) {
    if (seen.has(word.stem)) continue;
    seen.add(word.stem);
    const points = tool.name.has(word.stem)
      ? NAME
      : [...synonymsOf(word.stem)].some((s) => tool.name.has(s))
        ? NAME_SYNONYM
        : tool.other.has(word.stem)
          ? OTHER
          : 0;
    if (!points) continue;
    total += points;
    matched.push(word.text);
    if (!GENERIC_ACTIONS.has(word.stem)) specific = true;
  }
  return { tool: tool.tool, score: total, matched, specific, words: tool };
}

const byScore = (a: GoalMatch, b: GoalMatch) => b.score - a.score;
const match = ({ tool, score: s, matched }: GoalMatch): GoalMatch => ({ tool, score: s, matched });

/** Every tool the intent's words point at, best first (for "closest tools" and for showing why). */
export function rankToolsForIntent(intent: string, graph: Pick<ToolGraph, 'tools'>): GoalMatch[] {
  const words = intentWords(intent);
  return graph.tools
    .map((t) => score(words, toolWords(t)))
    .filter((s) => s.score > 0)
    .sort(byScore)
    .map(match);
}

const best = (sorted: Scored[]) => sorted.filter((c) => c.score === sorted[0]?.score);

/**
 * The goals of one clause. Candidates need a specific word ("hotel", not only "book"). When the
 * clause has an action word ("book", "search", or the first word of a tool's name), the
 * candidates whose names say that word are kept, all of them ("convert the price of the booked
 * flight" keeps both; goals the others already need are dropped later; "list the rooms" keeps
 * list_rooms, not get_temperature). Failing that, the best of those whose names say a synonym
 * ("reserve" → book_hotel); without an action, the best candidates.
 */
function clauseGoals(words: readonly Word[], tools: readonly ToolWords[], actionWords: ReadonlySet<string>): Scored[] {
  const candidates = tools
    .map((t) => score(words, t))
    .filter((s) => s.score >= THRESHOLD && s.specific)
    .sort(byScore);
  const actions = words.filter((w) => actionWords.has(w.stem) || GENERIC_ACTIONS.has(w.stem));
  const saying = candidates.filter((c) => actions.some((a) => c.words.name.has(a.stem)));
  if (saying.length) return saying;
  const meaning = candidates.filter((c) =>
    actions.some((a) => [...synonymsOf(a.stem)].some((s) => c.words.name.has(s))),
  );
  return best(meaning.length ? meaning : candidates);
}

/** Words by which a clause points back at what an earlier one found: "book it", "reserve that one". */
const REFERRING = new Set(['it', 'them', 'that', 'this', 'those', 'these', 'one']);

/**
 * Goal tools for an intent in plain words. The intent is read clause by clause ("and", "then",
 * commas): a clause that names tools outright (`book_hotel`) has those as goals; otherwise its
 * words are matched against each tool's name split into words, description and parameters,
 * with stems and synonyms (reserve → book, find → search/get). A clause without an action
 * word borrows the previous clause's ("book a flight and a hotel"); one whose action has no
 * object that points at a tool ("… and book it", "… and reserve") takes the earlier clause's
 * objects ("find a flight … and book it" books the flight). Goals that another goal's plan
 * includes anyway are dropped, unless the intent names them.
 */
export function goalToolsFor(intent: string, graph: Pick<ToolGraph, 'tools' | 'edges'>): GoalMatch[] {
  const tools = graph.tools.map(toolWords);
  const actionWords = new Set(graph.tools.map((t) => contentStems(t.name)[0]).filter((w): w is string => !!w));
  const isAction = (w: Word) => actionWords.has(w.stem) || GENERIC_ACTIONS.has(w.stem);
  const goals = new Map<string, GoalMatch>();
  let lastActions: Word[] = [];
  // What the last clause that found something was about ("cheapest flight Lisbon Paris").
  let lastObjects: Word[] = [];
  // Quoted text is a value the intent gives ("saying "paged the db team""), not a task it asks for.
  const asked = intent.replace(/"[^"]*"|“[^”]*”/g, ' ');
  for (const clause of asked.split(/\s*(?:[,;!?]|\.(?!\d)|\b(?:and|then|also|plus|afterwards)\b)\s*/i)) {
    const named = toolsNamedIn(clause, graph);
    for (const tool of named) if (!goals.has(tool)) goals.set(tool, { tool, score: NAMED, matched: [tool] });
    let words = intentWords(clause);
    const actions = words.filter(isAction);
    const objects = words.filter((w) => !isAction(w));
    if (actions.length) lastActions = actions;
    else words = [...lastActions, ...words];
    if (named.length) {
      lastObjects = objects;
      continue;
    }
    let found = clauseGoals(words, tools, actionWords);
    if (found.length) lastObjects = objects;
    else if (actions.length && (!objects.length || wordsOf(clause).some((w) => REFERRING.has(w))))
      found = clauseGoals([...words, ...lastObjects], tools, actionWords);
    for (const goal of found) if (!goals.has(goal.tool)) goals.set(goal.tool, match(goal));
  }
  const all = [...goals.values()];
  return all.filter((goal) => {
    if (goal.score === NAMED) return true;
    const others = all.filter((g) => g !== goal).map((g) => g.tool);
    return !planForGoals(graph, others, intent).some((step) => step.tool === goal.tool);
  });
}
