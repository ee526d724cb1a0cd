import { canonicalJson, jsonValueKey } from '../json';
import { MAX_RECORDINGS, type Recording, type ToolRuntime } from '../domain';
import { isObject } from '../json';
import type { RecordedCall } from './calls';
import { REPLAYED_MARK } from './calls';
import { textSimilarity } from './similarity';

export type ReplayRuntime = Extract<ToolRuntime, { kind: 'replay' }>;

/** Which recording answers a call, and how it was found. */
export type ReplayMatch =
  | { kind: 'exact'; recording: Recording }
  | { kind: 'nearest'; recording: Recording; equalValues: number; similarity: number };

/** A call's arguments as named values; anything but an object is one unnamed value. */
const named = (args: unknown): Record<string, unknown> => (isObject(args) ? args : { '': args ?? null });

/** How many arguments have the same value (`jsonValueKey`), and how alike all values are (0–1, by name). */
function closeness(a: Record<string, unknown>, b: Record<string, unknown>): { equal: number; similarity: number } {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  let equal = 0;
  let similarity = 0;
  for (const name of names) {
    if (!(name in a) || !(name in b)) continue;
    const x = jsonValueKey(a[name]);
    const y = jsonValueKey(b[name]);
    if (x === y) equal++;
    const text = (v: unknown, json: string) => (typeof v === 'string' ? v : json);
    similarity += textSimilarity(text(a[name], x), text(b[name], y));
  }
  return { equal, similarity: names.size ? similarity / names.size : 1 };
}

/**
 * The recording that answers `args`. Rules, in order: (1) exact — the same arguments by value
 * (`jsonValueKey`: key order, spacing and number spelling ignored, JSON text read); (2) nearest — the most arguments with equal values, then
 * the highest mean text similarity of the values by name, then the earlier recording (the
 * builder puts the most frequent first). Null only when there is no recording at all.
 */
export function matchRecording(recordings: readonly Recording[], args: unknown): ReplayMatch | null {
  const wanted = jsonValueKey(args ?? {});
  const exact = recordings.find((r) => jsonValueKey(r.args ?? {}) === wanted);
  if (exact) return { kind: 'exact', recording: exact };
  let best: Extract<ReplayMatch, { kind: 'nearest' }> | null = null;
  for (const recording of recordings) {
    const { equal, similarity } = closeness(named(args), named(recording.args));
    if (!best || equal > best.equalValues || (equal === best.equalValues && similarity > best.similarity))
      best = { kind: 'nearest', recording, equalValues: equal, similarity };
  }
  return best;
}

const NOTE_ARGS_CHARS = 160;

/** What a replayed observation says about itself, in its turn: `replayed: exact` or `replayed: nearest to {…}`. */
export function replayNote(match: ReplayMatch, echoed: readonly string[] = []): string {
  if (match.kind === 'exact') return `${REPLAYED_MARK} exact`;
  const args = canonicalJson(match.recording.args ?? {});
  const shown = args.length > NOTE_ARGS_CHARS ? `${args.slice(0, NOTE_ARGS_CHARS)}…` : args;
  return `${REPLAYED_MARK} nearest to ${shown}${echoed.length ? ` (${echoed.join(', ')} from this call)` : ''}`;
}

/**
 * What a replay answers a call with: the recording's result or error, the note for its turn, and
 * (an exact match) the answer's text as recorded, to be written byte for byte.
 */
export type ReplayAnswer =
  { result: unknown; note: string; text?: string } | { error: string; note: string; text?: string };

/**
 * The answer of a matched recording to `args`. Rule 5: a nearest recording's result field that
 * repeats one of its own arguments (same name, same value) repeats this call's instead, so
 * `set_thermostat(room_id: r2, celsius: 19)` answered from r1's recording says r2 and 19; the
 * note names the fields taken from the call. Exact answers are given as recorded.
 */
export function replayAnswer(match: ReplayMatch, args: unknown): ReplayAnswer {
  const { recording } = match;
  // The recorded text is the answer to the recorded arguments; a nearest match's may be adapted.
  const text = match.kind === 'exact' && recording.text !== undefined ? { text: recording.text } : {};
  if (recording.error !== undefined) return { error: recording.error, note: replayNote(match), ...text };
  const result = recording.result ?? null;
  if (match.kind === 'exact' || !isObject(result) || !isObject(recording.args) || !isObject(args))
    return { result, note: replayNote(match), ...text };
  const recorded = recording.args;
  const echoed = Object.keys(result).filter(
    (k) => k in recorded && k in args && jsonValueKey(result[k]) === jsonValueKey(recorded[k]),
  );
  const adapted = { ...result, ...Object.fromEntries(echoed.map((k) => [k, args[k]])) };
  const changed = echoed.filter((k) => jsonValueKey(recorded[k]) !== jsonValueKey(args[k]));
  return { result: adapted, note: replayNote(match, changed) };
}

/**
 * A replay runtime per tool from recorded calls: one recording per distinct arguments (the
 * answer given most often for them, the first on a tie), the most frequent arguments first,
 * at most `cap` per tool; what the cap left out is counted in `source.dropped`.
 */
export function buildReplayRuntimes(
  calls: readonly RecordedCall[],
  trajectoriesByTool: ReadonlyMap<string, number>,
  cap = MAX_RECORDINGS,
): Map<string, ReplayRuntime> {
  type Group = {
    args: unknown;
    first: number;
    count: number;
    answers: Map<string, { answer: Recording; count: number }>;
  };
  const byTool = new Map<string, Map<string, Group>>();
  const callsByTool = new Map<string, number>();
  calls.forEach((call, index) => {
    callsByTool.set(call.tool, (callsByTool.get(call.tool) ?? 0) + 1);
    const groups = byTool.get(call.tool) ?? new Map<string, Group>();
    byTool.set(call.tool, groups);
    const key = jsonValueKey(call.args ?? {});
    const group = groups.get(key) ?? { args: call.args ?? {}, first: index, count: 0, answers: new Map() };
    groups.set(key, group);
    group.count++;
    const text = call.text !== undefined ? { text: call.text } : {};
    const answer: Recording =
      call.error !== undefined
        ? { args: group.args, error: call.error, ...text }
        : { args: group.args, result: call.result, ...text };
    const answerKey = jsonValueKey([answer.result ?? null, answer.error ?? null]);
    const seen = group.answers.get(answerKey) ?? { answer, count: 0 };
    seen.count++;
    group.answers.set(answerKey, seen);
  });
  const runtimes = new Map<string, ReplayRuntime>();
  for (const [tool, groups] of byTool) {
    const ordered = [...groups.values()].sort((a, b) => b.count - a.count || a.first - b.first);
    const recordings = ordered.slice(0, cap).map((g) => {
      let best: { answer: Recording; count: number } | null = null;
      for (const candidate of g.answers.values()) if (!best || candidate.count > best.count) best = candidate;
      return best!.answer;
    });
    runtimes.set(tool, {
      kind: 'replay',
      recordings,
      source: {
        trajectories: trajectoriesByTool.get(tool) ?? 0,
        calls: callsByTool.get(tool) ?? 0,
        dropped: Math.max(0, ordered.length - cap),
      },
    });
  }
  return runtimes;
}
