/** "3,018": every count people read is written one way, with thousands grouped. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** "1 record", "2 records", "3,018 trajectories": a count with its noun, for messages people read. */
export const countOf = (n: number, noun: string, plural = `${noun}s`): string =>
  `${formatCount(n)} ${n === 1 ? noun : plural}`;

/** "1 trajectory", "3 trajectories". */
export const trajectoriesCount = (n: number): string => countOf(n, 'trajectory', 'trajectories');

/** "12 findings in 5 trajectories": findings are counted one by one, trajectories once each; "no findings" for none. */
export const findingsIn = (findings: number, trajectories: number): string =>
  findings ? `${countOf(findings, 'finding')} in ${trajectoriesCount(trajectories)}` : 'no findings';

/** The longest a trajectory's title is stored. */
export const TITLE_MAX = 80;

/**
 * `text` in at most `max` characters: whole, or cut at the last word boundary that fits, with
 * "…" to say it was cut (mid-word only when one word is longer than half of `max`).
 */
export function clipAtWord(text: string, max = TITLE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max);
  const space = room.lastIndexOf(' ');
  const cut = space > max / 2 ? room.slice(0, space) : room.slice(0, max - 1);
  return `${cut.replace(/[\s,;:.–-]+$/, '')}…`;
}

const FORK_SUFFIX = / \(fork at (\d+)\)$/;

/** A fork's title: its source's, cut to fit, and the whole "(fork at N)" that tells them apart. */
export function forkTitle(sourceTitle: string, turnIndex: number, max = TITLE_MAX): string {
  const suffix = ` (fork at ${turnIndex})`;
  return `${clipAtWord(sourceTitle, max - suffix.length)}${suffix}`;
}

/** A title parted into its text and, for a fork, the turn it was forked at. */
export function splitForkTitle(title: string): { text: string; forkAt: number | null } {
  const match = FORK_SUFFIX.exec(title);
  return match ? { text: title.slice(0, match.index), forkAt: Number(match[1]) } : { text: title, forkAt: null };
}

/** When, as a list row says it: the time for today, else the day (and the year, if not this one). */
export function shortWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (at.toDateString() === now.toDateString())
    return at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const sameYear = at.getFullYear() === now.getFullYear();
  return at.toLocaleDateString([], { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
}

/** Text safe to print: control characters (terminal escape sequences among them) become `\u001b`-style escapes. */
export const printable = (text: string): string =>
  text.replace(
    // Matching control characters is the point here.
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * One line safe to show where the user decides (a consent prompt): as `printable`, and newlines,
 * tabs and the bidirectional controls that reorder what is shown become escapes too, so what the
 * line displays is what it holds.
 */
export const printableLine = (text: string): string =>
  printable(text).replace(
    /[\t\n\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** A build output line's own progress: `[ 42%] Building …` (make) or `[42/310] Building …` (ninja). */
const BUILD_PROGRESS = /^\[\s*(\d+)%\]\s*|^\[(\d+)\/(\d+)\]\s*/;

/** How far a build output line says its step is (0…1); null for a line without a progress prefix. */
export function buildProgress(line: string): number | null {
  const match = BUILD_PROGRESS.exec(line);
  if (!match) return null;
  return match[1] !== undefined ? Number(match[1]) / 100 : Number(match[2]) / Number(match[3]);
}

/** The line without its progress prefix: `Building CXX object …`. */
export const withoutBuildProgress = (line: string): string => line.replace(BUILD_PROGRESS, '');
