import type { JsonSchema, PlanStep, ToolGraph, Trajectory } from '../domain';
import { dependencyEdges } from '../graph/topology';
import { formatFieldPath, type PathStep } from '../graph/field-paths';
import { goalToolsFor } from './goals';
import { argumentsFromIntent } from './intent-arguments';
import { datesInIntent, type IntentContext } from '../text-values/dates';
import { EMAIL_PATTERN, idsIn, labelledTextIn, namesIn, numbersIn, quotedIn, timesIn } from './intent-slots';
import { contentStems } from './intent-words';
import { asRef } from './refs';
import { enumMembersSaid, statedArguments } from './stated-values';
import {
  applyCasing,
  dateMentionsIn,
  recordedRequestOf,
  typedMentionsIn,
  type ArgSource,
  type Mention,
  type RecordedRequest,
} from './recorded-requests';

/** A recording a plan followed: which trajectory, what it was asked, and how alike the requests are (0–1). */
export interface FollowedRecording {
  trajectoryId: string;
  title: string;
  request: string;
  similarity: number;
}

export interface RecordedPlan {
  steps: PlanStep[];
  /** The recordings followed, the one whose tool chain the plan took first. */
  followed: FollowedRecording[];
  /** What could not be taken from the intent, for the user to fill. */
  notes: string[];
}

/** How many recordings of the nearest one's chain lend their readings (and are named), nearest first. */
const MAX_FOLLOWED = 5;
/** Below this similarity the nearest recording is no example: the planner plans as without recordings. */
export const MIN_SIMILARITY = 0.2;

const MONTHS_AND_DAYS = new Set(
  contentStems(
    'jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december ' +
      'monday tuesday wednesday thursday friday saturday sunday today tomorrow next am pm',
  ),
);

/**
 * The words of a request that say what it asks: stems, without what varies from one request to
 * the next: addresses, numbers, months and weekdays, and names (capitalised inside a sentence).
 */
function termsOf(text: string): string[] {
  const plain = text.replace(EMAIL_PATTERN, ' ').replace(/(?<=[\p{L}\p{N},;:'’"]\s+)\p{Lu}[\p{L}'’-]*/gu, ' ');
  return contentStems(plain).filter((w) => !MONTHS_AND_DAYS.has(w) && w.length > 1);
}

/**
 * How alike an intent is to each recorded request: the cosine of their TF-IDF vectors over
 * stemmed words (a word that every request says counts little; one that few say counts much).
 */
export function requestSimilarities(intent: string, requests: readonly string[]): number[] {
  const docs = requests.map(termsOf);
  const df = new Map<string, number>();
  for (const doc of docs) for (const w of new Set(doc)) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log((docs.length + 1) / ((df.get(w) ?? 0) + 1)) + 1;
  const vector = (terms: string[]) => {
    const v = new Map<string, number>();
    for (const w of terms) v.set(w, (v.get(w) ?? 0) + idf(w));
    return v;
  };
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  const query = vector(termsOf(intent));
  const qn = norm(query);
  return docs.map((doc) => {
    const v = vector(doc);
    const n = norm(v);
    let dot = 0;
    for (const [w, x] of query) dot += x * (v.get(w) ?? 0);
    return qn && n ? dot / (qn * n) : 0;
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Determiners stand for each other: "my design review" and "the team retro" sit in the same place. */
const DETERMINERS = ['my', 'the', 'our', 'your', 'a', 'an', 'this', 'that'];
const DETERMINER = `(?:${DETERMINERS.join('|')})`;
/**
 * Prepositions of place stand for each other too, before a determiner: "on my personal calendar",
 * "in my personal calendar". Anywhere else a preposition is only itself: "the total in USD" read
 * as "on …" took the day of "… on 2026-06-01" for a currency.
 */
const PLACE_PREPOSITIONS = ['on', 'in', 'into', 'onto'];
const PLACE_PREPOSITION = `(?:${PLACE_PREPOSITIONS.join('|')})`;
/** A literal of the recorded request as a pattern: spaces loose, determiners and prepositions of place interchangeable. */
const loose = (literal: string) =>
  literal
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i, words) =>
      DETERMINERS.includes(w.toLowerCase())
        ? DETERMINER
        : PLACE_PREPOSITIONS.includes(w.toLowerCase()) && DETERMINERS.includes(words[i + 1]?.toLowerCase() ?? '')
          ? PLACE_PREPOSITION
          : escape(w),
    )
    .join('\\s+');

const wordCount = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;
/** Where text read after a label ends: "and", "then", a comma, a sentence's end. */
const CLAUSE_END = /\s*(?:,|;|\s(?:and|then|but)\s|[.!?](?:\s|$)|$)/iu;
/** Where a value read after the recorded words ends: a clause's end, or a label that starts another value ("with the message …"). */
const VALUE_END = /\s*(?:,|;|\s(?:and|then|but|with|saying|about|titled|called|named)\s|\s["“]|[.!?](?:\s|$)|$)/iu;

/** The mentions a template cuts the request at: in order, none overlapping. */
function templateMentions(recording: RecordedRequest): number[] {
  const order = recording.mentions
    .map((_, i) => i)
    .sort((a, b) => recording.mentions[a]!.at - recording.mentions[b]!.at);
  const kept: number[] = [];
  let end = -1;
  for (const i of order) {
    const m = recording.mentions[i]!;
    if (m.at < end) continue;
    kept.push(i);
    end = m.at + m.text.length;
  }
  return kept;
}

type Values = Map<number, string | number | null>;

/** Words that stand around a name, never in it: "the events in my work calendar" names `work`. */
const AROUND_NAMES = new Set([...DETERMINERS, 'in', 'on', 'at', 'for', 'of']);
const nameLike = (text: string) =>
  !text
    .trim()
    .split(/\s+/)
    .some((w) => AROUND_NAMES.has(w.toLowerCase()));

/** The mentions a recorded call picked a result's element by ("home" for `calendars[name=home]`). */
function pickMentions(recording: RecordedRequest): Set<number> {
  const picks = new Set<number>();
  const walk = (source: ArgSource): void => {
    if (source.from === 'result') {
      for (const step of source.path) if (step.kind === 'said-pick') picks.add(step.mention);
    } else if (source.from === 'array') source.items.forEach(walk);
    else if (source.from === 'object') Object.values(source.entries).forEach(walk);
  };
  for (const step of recording.steps) Object.values(step.sources).forEach(walk);
  return picks;
}

/** A typed mention's value read from text said in its place: an address, a day, a time, a number. */
function readTyped(kind: Mention['kind'], text: string, context: IntentContext): string | number | null {
  switch (kind) {
    case 'email':
      return new RegExp(`^${EMAIL_PATTERN.source}$`).test(text.trim()) ? text.trim() : null;
    case 'date':
      return dateMentionsIn(text, context.today)[0]?.value ?? datesInIntent(text, context)[0] ?? null;
    case 'time':
      return timesIn(text)[0]?.value ?? null;
    case 'number':
      return numbersIn(text)[0]?.value ?? null;
    default:
      return text.trim() || null;
  }
}

/**
 * What the new intent says in place of each mention of the recorded request. First the whole
 * request as a template (its literal text fixed, its mentions free); then each typed mention
 * as the same-numbered one of its kind (the 2nd date, the 1st address); each text mention by
 * the words around it ("my … calendar", "subject … and"), in quotes as it was, after the same
 * label, as the same-numbered name, or as the same words when the intent says them too.
 */
function mentionValues(recording: RecordedRequest, intent: string, context: IntentContext): Values {
  const values: Values = new Map();
  const cut = templateMentions(recording);
  const { request, mentions } = recording;
  // 1. The template.
  // Spaces around a literal stay spaces: "from (.+?) to" must not end inside "Porto".
  const literal = (raw: string) =>
    raw.trim() ? `${/^\s/.test(raw) ? '\\s+' : ''}${loose(raw)}${/\s$/.test(raw) ? '\\s+' : ''}` : raw ? '\\s+' : '';
  let pattern = '^\\s*';
  let last = 0;
  for (const i of cut) {
    const m = mentions[i]!;
    pattern += `${literal(request.slice(last, m.at))}(.+?)`;
    last = m.at + m.text.length;
  }
  pattern += `${literal(request.slice(last).replace(/[.!?]+\s*$/, ''))}\\s*[.!?]*\\s*$`;
  const whole = new RegExp(pattern, 'iu').exec(intent);
  const picks = pickMentions(recording);
  if (whole)
    cut.forEach((i, k) => {
      const value = readTyped(mentions[i]!.kind, whole[k + 1]!, context);
      if (value !== null && !(picks.has(i) && typeof value === 'string' && !nameLike(value))) values.set(i, value);
    });
  const typed = typedMentionsIn(intent, context.today);
  const quoted = quotedIn(intent);
  const names = namesIn(intent);
  const recordedQuoted = quotedIn(request);
  const recordedNames = namesIn(request);
  mentions.forEach((m, i) => {
    if (values.has(i) || !m.used) return;
    if (m.kind !== 'text') {
      const found = typed[m.kind][m.index];
      if (found) values.set(i, found.value);
      return;
    }
    values.set(
      i,
      textMention(recording, i, cut, intent, { picks, quoted, names, recordedQuoted, recordedNames }, values),
    );
  });
  return values;
}

interface Readings {
  /** Mentions that name an element picked from a result ("home" in "my home calendar"). */
  picks: ReadonlySet<number>;
  quoted: ReturnType<typeof quotedIn>;
  names: ReturnType<typeof namesIn>;
  recordedQuoted: ReturnType<typeof quotedIn>;
  recordedNames: ReturnType<typeof namesIn>;
}

const LABELS = [
  'subject',
  'body',
  'titled',
  'title',
  'called',
  'named',
  'saying',
  'message',
  'reason',
  'because',
  'about',
  'note',
];

function textMention(
  recording: RecordedRequest,
  index: number,
  cut: number[],
  intent: string,
  readings: Readings,
  values: Values,
): string | null {
  const { request, mentions } = recording;
  const m = mentions[index]!;
  const end = m.at + m.text.length;
  // An id or a version is read as the intent's id in the same place among its ids: INC-4411 → INC-5120.
  const recordedIds = idsIn(request);
  const idAt = recordedIds.findIndex((id) => id.at === m.at && id.text === m.text);
  if (idAt >= 0) return idsIn(intent)[idAt]?.value ?? null;
  const pick = readings.picks.has(index);
  // An element's name ("my home calendar") is a name: "events in my work" is the phrase around one.
  const limit = pick ? Math.max(2, wordCount(m.text) + 1) : wordCount(m.text) + 4;
  const fits = (s: string | undefined) => {
    const t = s?.trim();
    if (!t || wordCount(t) > limit || new RegExp(EMAIL_PATTERN.source).test(t)) return null;
    return pick && !nameLike(t) ? null : t;
  };
  if (pick) {
    const called = new RegExp(
      `\\b(?:called|named)\\s+["“']?([\\p{L}\\p{N}][\\p{L}\\p{N}' -]*?)["”']?(?=\\s+(?:on|for|at|in|and|to|from|with)\\b|[,.;!?]|$)`,
      'iu',
    ).exec(intent);
    const value = fits(called?.[1]);
    if (value) return value;
  }
  // The literal text either side, up to the neighbouring mentions.
  const before = cut.filter((i) => mentions[i]!.at + mentions[i]!.text.length <= m.at).pop();
  const after = cut.find((i) => mentions[i]!.at >= end);
  const left = request.slice(before === undefined ? 0 : mentions[before]!.at + mentions[before]!.text.length, m.at);
  const right = request
    .slice(end, after === undefined ? request.length : mentions[after]!.at)
    .replace(/[.!?]+\s*$/, '');
  const leftWords = left.trim().split(/\s+/).filter(Boolean);
  const rightWords = right.trim().split(/\s+/).filter(Boolean);
  // Glued to the neighbour: "Mia's" has "'s" right after the name.
  const rightGlued = right.length > 0 && !/^\s/.test(right);
  const neighbour = before === undefined ? undefined : values.get(before);
  for (let l = Math.min(3, leftWords.length); l >= 1; l--)
    for (let r = Math.min(2, rightWords.length); r >= 1; r--) {
      const rightPattern =
        rightGlued && r >= 1
          ? `${loose(rightWords.slice(0, r).join(' '))}`
          : `\\s+${loose(rightWords.slice(0, r).join(' '))}`;
      // Every place the left words stand, not only the first: "the events in my work calendar".
      const around = new RegExp(
        `(?<![\\p{L}\\p{N}])${loose(leftWords.slice(-l).join(' '))}\\s+(.+?)${rightPattern}(?![\\p{L}\\p{N}])`,
        'iuy',
      );
      for (let at = 0; at < intent.length; at++) {
        around.lastIndex = at;
        const value = fits(around.exec(intent)?.[1]);
        if (value) return value;
      }
    }
  // Right after the neighbouring mention's new value ("Buy 3 notebooks"), up to the same right words.
  if (!leftWords.length && typeof neighbour === 'string' && neighbour) {
    const at = intent.toLowerCase().indexOf(neighbour.toLowerCase());
    if (at >= 0) {
      const rest = intent.slice(at + neighbour.length);
      const stop = rightWords.length
        ? new RegExp(`\\s+${loose(rightWords[0]!)}`, 'iu').exec(rest)
        : CLAUSE_END.exec(rest);
      const value = fits(rest.slice(0, stop ? stop.index : rest.length));
      if (value) return value;
    }
  }
  if (!leftWords.length && typeof neighbour === 'number') {
    const number = numbersIn(intent).find((n) => n.value === neighbour);
    if (number) {
      const rest = intent.slice(number.at + number.text.length);
      const stop = rightWords.length
        ? new RegExp(`\\s+${loose(rightWords[0]!)}`, 'iu').exec(rest)
        : CLAUSE_END.exec(rest);
      const value = fits(rest.slice(0, stop ? stop.index : rest.length));
      if (value) return value;
    }
  }
  const quotedAt = readings.recordedQuoted.findIndex((q) => q.at === m.at);
  if (quotedAt >= 0 && readings.quoted[quotedAt]) return readings.quoted[quotedAt].value;
  const label = LABELS.find((w) =>
    new RegExp(`\\b${w}\\s*:?\\s*$`, 'i').test(left.replace(/\b(?:the|a|an)\s*$/i, '').trimEnd() + ' '),
  );
  if (label) {
    const found = labelledTextIn(intent, label);
    if (found) return found.value;
  }
  const nameAt = readings.recordedNames.findIndex((n) => n.at === m.at);
  if (nameAt >= 0 && readings.names[nameAt]) return readings.names[nameAt].value;
  if (new RegExp(`(?<![\\p{L}\\p{N}])${escape(m.text)}(?![\\p{L}\\p{N}])`, 'iu').test(intent)) return m.text;
  // After the same left words, up to the clause's end.
  for (let l = Math.min(3, leftWords.length); l >= 1; l--) {
    const found = new RegExp(`(?<![\\p{L}\\p{N}])${loose(leftWords.slice(-l).join(' '))}\\s+`, 'iu').exec(intent);
    if (!found) continue;
    const rest = intent.slice(found.index + found[0].length);
    const stop = VALUE_END.exec(rest);
    const value = fits(rest.slice(0, stop ? stop.index : rest.length));
    if (value) return value;
  }
  return null;
}

interface Filling {
  recording: RecordedRequest;
  values: Values;
}

const MISSING = Symbol('missing');

/** Whether the intent says a recorded constant itself, as whole words ("in staging" for `staging`). */
const saysConstant = (intent: string, value: unknown) =>
  typeof value === 'string' &&
  value.trim().length > 1 &&
  new RegExp(`(?<![\\p{L}\\p{N}])${escape(value.trim())}(?![\\p{L}\\p{N}])`, 'iu').test(intent);

/**
 * An argument's value for the new intent from its recorded source, or MISSING. A constant (a
 * value neither the recorded request nor an earlier result gave: another incident's title, a
 * version that came from nowhere) is that run's own and is not taken again, unless the intent
 * says it too.
 */
function fill(source: ArgSource, filling: Filling, intent: string, refs: Set<number>): unknown {
  switch (source.from) {
    case 'constant':
      return saysConstant(intent, source.value) ? source.value : MISSING;
    case 'enum': {
      const said = enumMembersSaid(source.members, intent);
      return said.length === 1 ? said[0] : MISSING;
    }
    case 'intent': {
      const parts: string[] = [];
      for (const piece of source.pieces) {
        if (typeof piece === 'string') {
          parts.push(piece);
          continue;
        }
        const value = filling.values.get(piece.mention);
        if (value === undefined || value === null) return MISSING;
        parts.push(typeof value === 'string' ? applyCasing(value, piece.casing) : String(value));
      }
      const text = parts.join('');
      if (source.as === 'number') return Number.isFinite(Number(text)) ? Number(text) : MISSING;
      return text;
    }
    case 'result': {
      const steps: PathStep[] = [];
      for (const step of source.path) {
        if (step.kind !== 'said-pick') {
          steps.push(step);
          continue;
        }
        const value = filling.values.get(step.mention);
        steps.push({
          kind: 'element',
          pick:
            value === undefined || value === null
              ? { by: 'first' }
              : { by: 'match', field: step.field, value: String(value) },
        });
      }
      refs.add(source.step);
      return { $ref: `s${source.step + 1}.result.${formatFieldPath(steps)}` };
    }
    case 'array': {
      const items = source.items.map((s) => fill(s, filling, intent, refs));
      return items.includes(MISSING) ? MISSING : items;
    }
    case 'object': {
      const entries = Object.entries(source.entries)
        .map(([k, s]) => [k, fill(s, filling, intent, refs)] as const)
        .filter(([, v]) => v !== MISSING);
      return Object.fromEntries(entries);
    }
  }
}

const namesTools = (intent: string, graph: Pick<ToolGraph, 'tools'>) =>
  graph.tools.some((t) => /[_-]/.test(t.name) && new RegExp(`(?<![\\w-])${t.name}(?![\\w-])`).test(intent));

/** A recorded request without the values its calls took from it: what it asks, not about what. */
export function skeletonOf(recording: RecordedRequest): string {
  let text = recording.request;
  for (const m of recording.mentions)
    if (m.used && m.kind === 'text')
      text = text.slice(0, m.at) + ' '.repeat(m.text.length) + text.slice(m.at + m.text.length);
  return text;
}

const chainOf = (r: RecordedRequest) => r.steps.map((s) => s.tool).join(' → ');

/**
 * A plan for an intent from the graph's recorded requests, or null when none is near enough
 * (similarity below MIN_SIMILARITY). The nearest recording gives the tool chain; every argument
 * comes back the way it came in the recording: words of the request are read again from the
 * intent (in the same place, or as the same kind of value), a value from an earlier call's
 * result becomes a reference to that step's result (an element the request named is picked by
 * the new intent's words), and a value the recorded run gave of its own (a constant) is not
 * taken again. What the intent states outright for a parameter (`service: auth`, quoted text
 * after its label) is that parameter's value. The other recordings of the same chain (sharing a
 * word with the intent) lend their readings where the nearest one's find nothing, and the
 * arguments they read from their requests where the intent says them too ("… and tell the
 * attendees"); an argument still unread is taken as the planner without recordings would (from
 * the intent's words, else a required one's schema default), or left empty with a note that it
 * needs a value. The last steps the intent does not ask for are left out (see withoutUnasked).
 */
export function planFromRecordings(
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
  intent: string,
  recordings: readonly RecordedRequest[],
  context: IntentContext = {},
): RecordedPlan | null {
  // An intent that writes a tool's name (`get_weather_forecast`) has its goals: it is planned for
  // them, as without recordings.
  if (!recordings.length || namesTools(intent, graph)) return null;
  const similarities = requestSimilarities(intent, recordings.map(skeletonOf));
  const ranked = recordings
    .map((recording, i) => ({ recording, similarity: similarities[i]! }))
    .sort((a, b) => b.similarity - a.similarity);
  // The nearest recording that does all the intent asks for: a goal tool the intent's words point
  // at is in its chain, or its own request's words point at it too (so a goal read wrongly from
  // the words is read wrongly from both). "… and a hotel" asks more than a flight's recording does.
  const goals = goalToolsFor(intent, graph).map((g) => g.tool);
  const best = ranked.find(({ recording, similarity }) => {
    if (similarity < MIN_SIMILARITY) return false;
    const extra = goals.filter((g) => !recording.steps.some((s) => s.tool === g));
    if (!extra.length) return true;
    const own = new Set(goalToolsFor(recording.request, graph).map((g) => g.tool));
    return extra.every((g) => own.has(g));
  });
  if (!best) return null;
  const chain = chainOf(best.recording);
  const alike = [best, ...ranked.filter((r) => r !== best && chainOf(r.recording) === chain && r.similarity > 0)].slice(
    0,
    MAX_FOLLOWED,
  );
  const fillings: Filling[] = alike.map(({ recording }) => ({
    recording,
    values: mentionValues(recording, intent, context),
  }));
  const tools = new Map(graph.tools.map((t) => [t.name, t]));
  const edges = dependencyEdges(graph);
  const notes: string[] = [];
  // Steps whose arguments the request gave and the intent does not: `index` → the parameters.
  const unsaid = new Map<number, string[]>();
  // Steps with a required value the plan could not fill.
  const unfilled = new Set<number>();
  const steps: PlanStep[] = best.recording.steps.map((recorded, index) => {
    const tool = tools.get(recorded.tool)!;
    const id = `s${index + 1}`;
    const refs = new Set<number>();
    const args: Record<string, unknown> = {};
    const properties = (tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
    // What the intent states for a parameter outright is its value, whatever the recording did.
    const stated = statedArguments(tool, intent);
    let fromIntent: Record<string, unknown> | null = null;
    // The nearest recording's arguments, and those the others of its chain read from their requests.
    const params = new Set(Object.keys(recorded.sources));
    for (const { recording } of alike.slice(1))
      for (const [param, source] of Object.entries(recording.steps[index]?.sources ?? {}))
        if (source.from === 'intent' || source.from === 'enum') params.add(param);
    for (const param of Object.keys(stated)) params.add(param);
    for (const param of params) {
      if (param in stated) {
        args[param] = stated[param];
        continue;
      }
      const own = param in recorded.sources;
      let value: unknown = MISSING;
      for (const filling of fillings) {
        const source = filling.recording.steps[index]?.sources[param];
        if (!source || (!own && source.from !== 'intent' && source.from !== 'enum')) continue;
        const taken = new Set<number>();
        value = fill(source, filling, intent, taken);
        if (value !== MISSING) {
          for (const r of taken) refs.add(r);
          break;
        }
      }
      if (value === MISSING && !own) continue;
      if (value === MISSING) {
        fromIntent ??= argumentsFromIntent(tool, intent, context);
        const required = ((tool.parameters.required ?? []) as string[]).includes(param);
        value = fromIntent[param] ?? (required ? properties[param]?.default : undefined) ?? MISSING;
        if (value === MISSING && required) {
          unfilled.add(index);
          notes.push(
            recorded.sources[param]?.from === 'constant'
              ? `${id} ${recorded.tool}.${param} needs a value: the intent does not give one, and "${best.recording.request}" had its own.`
              : `${id} ${recorded.tool}.${param} needs a value: the intent does not say it the way "${best.recording.request}" did.`,
          );
          if (recorded.sources[param]?.from === 'intent') unsaid.set(index, [...(unsaid.get(index) ?? []), param]);
        }
      }
      if (value !== MISSING) args[param] = value;
    }
    // A step that takes an edge's parameter from elsewhere still runs after the edge's producer.
    for (const edge of edges) {
      if (edge.toTool !== recorded.tool) continue;
      const producers = best.recording.steps.slice(0, index).flatMap((s, i) => (s.tool === edge.fromTool ? [i] : []));
      if (producers.length && !producers.some((p) => refs.has(p))) refs.add(producers[producers.length - 1]!);
    }
    return { id, tool: recorded.tool, args, dependsOn: [...refs].sort((a, b) => a - b).map((r) => `s${r + 1}`) };
  });
  const round = (x: number) => Math.round(x * 100) / 100;
  // A step the recorded request's words asked for ("… and page the on-call") and the intent's do
  // not, which the intent gives no value for either.
  const recordedGoals = new Set(goalToolsFor(best.recording.request, graph).map((g) => g.tool));
  const unasked = new Set(
    best.recording.steps.flatMap((s, i) =>
      recordedGoals.has(s.tool) && !goals.includes(s.tool) && unfilled.has(i) ? [i] : [],
    ),
  );
  const asked = withoutUnasked(steps, unsaid, unasked, notes);
  if (!asked.length) return null;
  return {
    steps: asked,
    followed: alike.map(({ recording, similarity }) => ({
      trajectoryId: recording.trajectoryId,
      title: recording.title,
      request: recording.request,
      similarity: round(similarity),
    })),
    notes,
  };
}

/**
 * The plan without the last steps the intent does not ask for: a step nothing after it uses,
 * whose required value the recorded request said and the intent does not ("… and tell me the
 * total in USD" converts; "book it" does not), or that the recorded request's words asked for
 * and the intent's do not, with a required value left empty ("… and page the on-call"), is left
 * out, and so on back. The steps left are numbered again.
 */
function withoutUnasked(
  steps: PlanStep[],
  unsaid: ReadonlyMap<number, string[]>,
  unasked: ReadonlySet<number>,
  notes: string[],
): PlanStep[] {
  const kept = [...steps];
  for (let i = kept.length - 1; i >= 0; i--) {
    const step = kept[i]!;
    const index = steps.indexOf(step);
    const used = kept.some((s) => s.dependsOn.includes(step.id));
    if (used || (!unsaid.has(index) && !unasked.has(index))) continue;
    notes.push(
      unsaid.has(index)
        ? `Left out ${step.id} ${step.tool}: the intent does not say its ${unsaid.get(index)!.join(', ')}.`
        : `Left out ${step.id} ${step.tool}: the intent does not ask for it.`,
    );
    kept.splice(i, 1);
  }
  if (kept.length === steps.length) return steps;
  const ids = new Map(kept.map((s, i) => [s.id, `s${i + 1}`]));
  const renumber = (value: unknown): unknown => {
    const ref = asRef(value);
    if (ref) return { $ref: `${ids.get(ref.step) ?? ref.step}.result${ref.path ? `.${ref.path}` : ''}` };
    if (Array.isArray(value)) return value.map(renumber);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renumber(v)]));
    return value;
  };
  return kept.map((s) => ({
    ...s,
    id: ids.get(s.id)!,
    args: renumber(s.args) as PlanStep['args'],
    dependsOn: s.dependsOn.map((d) => ids.get(d) ?? d),
  }));
}

/** The graph's trajectories read as recorded requests: those with a request and calls to its tools. */
export function recordedRequestsOf(
  trajectories: readonly (Pick<Trajectory, 'id' | 'title' | 'turns'> & { outcome?: Trajectory['outcome'] })[],
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
): RecordedRequest[] {
  return trajectories.map((t) => recordedRequestOf(t, graph)).filter((r): r is RecordedRequest => r !== null);
}
