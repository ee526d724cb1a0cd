import type { JsonSchema, Tool } from '../domain';
import { singular } from '../graph/field-names';
import { formatFieldPath, parseFieldPath, type PathStep } from '../graph/field-paths';
import { GENERIC_ACTIONS, STOPWORDS, stem, wordsOf } from './intent-words';

/** Fields of a list's elements that name the element, most telling first. */
const LABEL_FIELDS = ['name', 'title', 'label', 'display_name'];

function labelFieldOf(items: JsonSchema, picked: string): string | null {
  const properties = (items.properties ?? {}) as Record<string, JsonSchema>;
  const strings = Object.keys(properties).filter((k) => k !== picked && properties[k]?.type === 'string');
  return LABEL_FIELDS.find((f) => strings.includes(f)) ?? strings.find((k) => /(^|_)name$/.test(k)) ?? null;
}

/** The schema a path's steps lead to, through properties and list items. */
function schemaAt(schema: JsonSchema | undefined, steps: readonly PathStep[]): JsonSchema | undefined {
  let current = schema;
  for (const step of steps)
    current =
      step.kind === 'key'
        ? ((current?.properties ?? {}) as Record<string, JsonSchema>)[step.key]
        : (current?.items as JsonSchema | undefined);
  return current;
}

/** Stems of every word the graph's tools use: names, descriptions, parameter and result fields. */
function graphVocabulary(tools: readonly Tool[]): Set<string> {
  const words = new Set<string>();
  const addSchema = (schema: JsonSchema | undefined): void => {
    for (const [key, value] of Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>)) {
      for (const w of wordsOf(key)) words.add(stem(w));
      // Enum members are arguments' values ("heat"), not names of elements.
      if (Array.isArray(value.enum)) for (const w of wordsOf(value.enum.join(' '))) words.add(stem(w));
      addSchema(value);
      addSchema(value.items as JsonSchema | undefined);
    }
  };
  for (const tool of tools) {
    for (const w of wordsOf(`${tool.name} ${tool.description}`)) words.add(stem(w));
    addSchema(tool.parameters);
    addSchema(tool.returns);
  }
  return words;
}

/**
 * The intent's words that could name one element of a list: runs of words that are not the
 * graph's own vocabulary, not stopwords, actions, numbers or what follows a number ("21
 * degrees"), each run extended by the list's own noun when it follows ("living room").
 */
interface Phrase {
  words: string[];
  /** Right after "the", "my" or "our": a noun phrase rather than a loose word ("warm"). */
  determined: boolean;
}

const DETERMINERS = new Set(['the', 'my', 'our']);

function phrasesNaming(intent: string, noun: string, vocabulary: ReadonlySet<string>): Phrase[] {
  const words = wordsOf(intent);
  const phrases: Phrase[] = [];
  let run: string[] = [];
  let start = 0;
  const close = () => {
    if (run.length) phrases.push({ words: run, determined: DETERMINERS.has(words[start - 1] ?? '') });
    run = [];
  };
  words.forEach((word, i) => {
    const s = stem(word);
    const afterNumber = i > 0 && /^\d/.test(words[i - 1]!);
    if (s === noun && run.length) {
      run.push(word);
      close();
    } else if (
      /\d/.test(word) ||
      afterNumber ||
      STOPWORDS.has(word) ||
      GENERIC_ACTIONS.has(s) ||
      (vocabulary.has(s) && !s.endsWith(noun))
    )
      close();
    else {
      if (!run.length) start = i;
      run.push(word);
    }
  });
  close();
  return phrases;
}

/**
 * An element edge's pick chosen from the intent: `rooms[].room_id` with "make the bedroom 21
 * degrees" becomes `rooms[name=bedroom].room_id` when the list's elements have a name-like
 * field and exactly one phrase of the intent can be the element's name (a phrase holding the
 * list's noun — "bedroom", "living room" — wins, then one after "the"/"my": "in the kitchen").
 * Otherwise the path stays as it
 * is (the first element), for the user or the model to pick at run time.
 */
export function pickFromIntent(producer: Tool, fromPath: string, intent: string, tools: readonly Tool[]): string {
  const steps = parseFieldPath(fromPath);
  const at = steps?.findIndex((s) => s.kind === 'element' && s.pick.by === 'first') ?? -1;
  if (!steps || at < 1 || !intent.trim()) return fromPath;
  const list = steps[at - 1]!;
  const picked = steps[at + 1];
  if (list.kind !== 'key' || picked?.kind !== 'key') return fromPath;
  const items = schemaAt(producer.returns, steps.slice(0, at))?.items as JsonSchema | undefined;
  const label = items && labelFieldOf(items, picked.key);
  if (!label) return fromPath;
  const noun = stem(singular(list.key));
  const phrases = phrasesNaming(intent, noun, graphVocabulary(tools));
  const withNoun = phrases.filter((p) => p.words.some((w) => stem(w).endsWith(noun)));
  const determined = phrases.filter((p) => p.determined);
  const chosen = [withNoun, determined, phrases].find((found) => found.length)?.[0];
  const unique = [withNoun, determined, phrases].find((found) => found.length)?.length === 1;
  if (!chosen || !unique) return fromPath;
  const pick: PathStep = { kind: 'element', pick: { by: 'match', field: label, value: chosen.words.join(' ') } };
  return formatFieldPath([...steps.slice(0, at), pick, ...steps.slice(at + 1)]);
}
