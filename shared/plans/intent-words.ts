/** Words of a text, lower-case, split at anything that is not a letter or digit and at camelCase humps. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** "21°C" and "21 °" say degrees in words, so that numbers and goals can be read from them. */
export const spellDegrees = (text: string): string => text.replace(/°\s*[CF]?\b|°/g, ' degrees ');

/** Spellings and derived forms that suffix stripping does not bring together (stemmed again after). */
const ALIASES: Record<string, string> = {
  traveller: 'traveler',
  reservation: 'reserve',
  booking: 'book',
  flying: 'fly',
  flew: 'fly',
  found: 'find',
  sent: 'send',
  made: 'make',
  temp: 'temperature',
};

/**
 * A crude stem so that flights/flight, booking/booked/book, cities/city and reserve/reserved
 * meet. Not a linguist's stemmer: it only has to make the same word in two forms compare equal.
 */
export function stem(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    stemmed = stemOf(word);
    if (STEMS.size >= MAX_REMEMBERED_STEMS) STEMS.clear();
    STEMS.set(word, stemmed);
  }
  return stemmed;
}

/** Stems already made: checks stem every word of every trajectory, from a vocabulary far smaller. */
const STEMS = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 50_000;

function stemOf(word: string): string {
  let w = word.toLowerCase();
  const alias = ALIASES[w];
  if (alias) return alias === w ? w : stem(alias);
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  // setting → sett → set, but not travell- or class.
  if (w.length > 3 && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  const stemmedAlias = ALIASES[w];
  return stemmedAlias ? stem(stemmedAlias) : w;
}

/** Words that say nothing about which tool is meant. */
export const STOPWORDS = new Set(
  (
    'a an the and or but of in on at to for from with by into onto near about between than as ' +
    'i me my we us our you your it its this that these those there here some any all each every ' +
    'please want wants would like need needs can could should will shall may might must do does ' +
    'is are am be been was were what whats which who whom how when where why then also up out off ' +
    'so just too very one two via per e g eg'
  ).split(' '),
);

/**
 * Generic action verbs (by stem), grouped by meaning: `reserve` means `book`, `find` and
 * `look up` mean `search` or `get`. An action alone does not make a tool a goal; it chooses
 * between tools that the rest of the intent already points at.
 */
const ACTION_GROUPS: string[][] = [
  ['book', 'reserve'],
  ['search', 'find', 'look', 'lookup', 'get', 'fetch', 'show', 'list', 'check', 'query', 'retrieve', 'read'],
  ['set', 'change', 'make', 'adjust', 'turn', 'update', 'put'],
  ['create', 'add', 'schedule', 'new'],
  ['send', 'email', 'mail', 'notify'],
  ['delete', 'remove', 'cancel'],
].map((group) => group.map(stem));

/** Other words of one meaning. */
const WORD_GROUPS: string[][] = [
  ['flight', 'fly', 'plane'],
  ['hotel', 'accommodation', 'lodging'],
  ['convert', 'exchange'],
  ['temperature', 'degree', 'thermostat'],
].map((group) => group.map(stem));

export const GENERIC_ACTIONS = new Set(ACTION_GROUPS.flat());

const synonyms = new Map<string, Set<string>>();
for (const group of [...ACTION_GROUPS, ...WORD_GROUPS])
  for (const word of group) synonyms.set(word, new Set([...(synonyms.get(word) ?? []), ...group]));

/** Stems of the same meaning as this stem, itself included. */
export function synonymsOf(stemmed: string): ReadonlySet<string> {
  return synonyms.get(stemmed) ?? new Set([stemmed]);
}

/** Stems of a text's meaningful words: no stopwords, no numbers. */
export function contentStems(text: string): string[] {
  return wordsOf(text)
    .filter((w) => !STOPWORDS.has(w) && !/\d/.test(w))
    .map(stem);
}
