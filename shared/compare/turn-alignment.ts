import { canonicalJson, jsonValueKey, textValue } from '../json';
import type { Turn } from '../domain';
import { callKey } from './parallel-calls';

/**
 * How well two turns fit side by side, in tiers: the same turn (calls' arguments and thought
 * included) above the same content (role, tool names, text) above the same role and tools above
 * the same role alone. Turns of different roles never pair: one of them is inserted or removed.
 * Within the two lower tiers the more similar text wins, never enough to reach the next tier.
 */
const EXACT = 8;
const SAME_CONTENT = 4;
const SAME_TOOLS = 2;
const SAME_ROLE = 1;
const SIMILARITY_SHARE = 0.9;

/** Above this many cell pairs the alignment is by position (memory and time stay bounded). */
const MAX_CELLS = 4_000_000;
/** Above this many, text similarity is left out of the weights (tiers only). */
const MAX_SIMILARITY_CELLS = 250_000;

/** What a turn is to the alignment: its exact form, its content, its role and tools, its words. */
interface TurnShape {
  exact: string;
  content: string;
  tools: string;
  role: string;
  words: Set<string>;
}

const normalized = (text: string | undefined) => (text ?? '').trim().replace(/\s+/g, ' ');

/**
 * The exact form of a turn for a diff: role, thought, the value of its text (JSON text by its
 * value, see `jsonValueKey`) and its calls as a set (call ids and the order of parallel calls
 * ignored, arguments by value).
 */
export function turnSignature(turn: Turn): string {
  const calls = (turn.toolCalls ?? []).map(callKey).sort();
  return canonicalJson([turn.role, turn.thought ?? '', jsonValueKey(textValue(turn.content)), calls]);
}

/** A text for the content tier: the value of JSON text, other text with its spacing folded. */
const contentOf = (text: string | undefined) => {
  const value = textValue(text);
  return typeof value === 'string' ? normalized(value) : jsonValueKey(value);
};

function shapes(turns: readonly Turn[]): TurnShape[] {
  const callNames = new Map(turns.flatMap((t) => t.toolCalls ?? []).map((c) => [c.id, c.name]));
  return turns.map((turn) => {
    // A result names the tool of the call it answers, so two results of different tools never match.
    const names =
      turn.role === 'tool' ? [callNames.get(turn.toolCallId ?? '') ?? ''] : (turn.toolCalls ?? []).map((c) => c.name);
    const text = normalized(turn.content);
    const tools = canonicalJson([turn.role, [...names].sort()]);
    return {
      exact: turnSignature(turn),
      content: canonicalJson([turn.role, [...names].sort(), contentOf(turn.content)]),
      tools,
      role: turn.role,
      words: new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []),
    };
  });
}

/** Dice coefficient of two word sets: 1 for the same words, 0 for none in common. */
function wordSimilarity(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  return (2 * common) / (a.size + b.size);
}

function pairWeight(a: TurnShape, b: TurnShape, withSimilarity: boolean): number {
  if (a.role !== b.role) return 0;
  if (a.exact === b.exact) return EXACT;
  if (a.content === b.content) return SAME_CONTENT;
  const similarity = withSimilarity ? SIMILARITY_SHARE * wordSimilarity(a.words, b.words) : 0;
  return (a.tools === b.tools ? SAME_TOOLS : SAME_ROLE) + similarity;
}

/** An aligned pair of turn indices; null on one side for a turn the other trajectory lacks. */
export interface AlignedPair {
  a: number | null;
  b: number | null;
}

/**
 * Aligns two turn sequences by content, as a diff aligns lines: the pairing of maximum total
 * weight that keeps both orders (a weighted longest common subsequence). Equal turns anchor the
 * alignment; between them a turn pairs with the most alike turn of the same role (an edit), and
 * a turn with nothing to pair with stands beside a gap (inserted or removed). A trajectory that
 * lacks the other's system message is therefore one removed turn, not a shift of every turn.
 */
export function alignTurns(a: readonly Turn[], b: readonly Turn[]): AlignedPair[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) return byPosition(n, m);
  const sa = shapes(a);
  const sb = shapes(b);
  const withSimilarity = n * m <= MAX_SIMILARITY_CELLS;
  const weight = (i: number, j: number) => pairWeight(sa[i]!, sb[j]!, withSimilarity);
  // best[i][j]: the largest total weight aligning a[i..] with b[j..].
  const width = m + 1;
  const best = new Float64Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const w = weight(i, j);
      const paired = w > 0 ? w + best[(i + 1) * width + j + 1]! : 0;
      best[i * width + j] = Math.max(paired, best[(i + 1) * width + j]!, best[i * width + j + 1]!);
    }
  // Walk forward, pairing as early as an optimal alignment allows; a removed turn before an inserted one.
  const pairs: AlignedPair[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const w = weight(i, j);
    if (w > 0 && best[i * width + j] === w + best[(i + 1) * width + j + 1]!) pairs.push({ a: i++, b: j++ });
    else if (best[(i + 1) * width + j]! >= best[i * width + j + 1]!) pairs.push({ a: i++, b: null });
    else pairs.push({ a: null, b: j++ });
  }
  while (i < n) pairs.push({ a: i++, b: null });
  while (j < m) pairs.push({ a: null, b: j++ });
  return pairs;
}

function byPosition(n: number, m: number): AlignedPair[] {
  return Array.from({ length: Math.max(n, m) }, (_, k) => ({ a: k < n ? k : null, b: k < m ? k : null }));
}
