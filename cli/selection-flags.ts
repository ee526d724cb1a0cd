import path from 'node:path';
import { TrajectoryFilter } from '../shared/domain';
import { TrellisError } from '../shared/errors';
import type { VerbOption } from './verb';

/** The Trajectories browser's filters as flags, for verbs that select trajectories. */
export const FILTER_OPTIONS: Record<string, VerbOption> = {
  label: { type: 'string', description: 'Review label: accepted, rejected, needs-fix or unlabelled' },
  finding: { type: 'string', description: 'A finding kind, "any" (some finding) or "none" (no finding)' },
  source: { type: 'string', description: 'The file the trajectories were imported from ("runs" for runs)' },
  tool: { type: 'string', description: 'Trajectories that call this tool' },
  query: { type: 'string', description: 'Full-text search over turns, thoughts and tool calls' },
  'min-turns': { type: 'string', description: 'At least this many turns' },
  'max-turns': { type: 'string', description: 'At most this many turns' },
  outcome: { type: 'string', description: "The run's outcome: success, failure, unknown or none" },
  meta: {
    type: 'string',
    multiple: true,
    description: 'A metadata field and its value, e.g. task_id=12 or harness=tau-bench (repeatable)',
  },
};

/** `--meta task_id=12 --meta model=gpt-4o` as one record of fields. */
function metaFromFlags(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  const pairs = (Array.isArray(value) ? value : [value]).map(String);
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new TrellisError('E1002', `--meta takes FIELD=VALUE, e.g. task_id=12, not "${pair}".`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** Split options of verbs that split a selection. */
export const SPLIT_OPTIONS: Record<string, VerbOption> = {
  split: { type: 'string', description: 'train,validation,test shares (default 0.8,0.1,0.1)' },
  seed: { type: 'string', description: 'Seed of the split (default 1)' },
};

function turns(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new TrellisError('E1002', `--${flag} takes a whole number, not "${String(value)}".`);
  return n;
}

/** The filter the flags describe, or null when no filter flag is given. */
export function filterFromFlags(values: Record<string, unknown>): TrajectoryFilter | null {
  if (!Object.keys(FILTER_OPTIONS).some((flag) => values[flag] !== undefined)) return null;
  const filter = {
    ...(typeof values.query === 'string' ? { text: values.query } : {}),
    // Trajectories remember the file name they came from, not the path it was read at.
    ...(typeof values.source === 'string' ? { source: path.basename(values.source) } : {}),
    ...(typeof values.tool === 'string' ? { tool: values.tool } : {}),
    ...(typeof values.finding === 'string' ? { finding: values.finding } : {}),
    ...(typeof values.label === 'string' ? { label: values.label } : {}),
    minTurns: turns('min-turns', values['min-turns']),
    maxTurns: turns('max-turns', values['max-turns']),
    ...(typeof values.outcome === 'string' ? { outcome: values.outcome } : {}),
    meta: metaFromFlags(values.meta),
  };
  const parsed = TrajectoryFilter.safeParse(filter);
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === 'label'))
      throw new TrellisError(
        'E1002',
        `--label must be accepted, rejected, needs-fix or unlabelled, not "${String(values.label)}".`,
      );
    if (parsed.error.issues.some((i) => i.path[0] === 'outcome'))
      throw new TrellisError(
        'E1002',
        `--outcome must be success, failure, unknown or none, not "${String(values.outcome)}".`,
      );
    throw new TrellisError('E1002', `Invalid filter: ${parsed.error.issues.map((i) => i.message).join('; ')}.`);
  }
  return parsed.data;
}

/** Train / validation / test shares from `--split`, or null when it is not given. */
export function ratioFromFlag(text: unknown): { train: number; validation: number; test: number } | null {
  if (typeof text !== 'string') return null;
  const parts = text.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n) || n < 0) || parts.every((n) => n === 0))
    throw new TrellisError('E1002', `--split takes three shares, e.g. 0.8,0.1,0.1, not "${text}".`);
  return { train: parts[0]!, validation: parts[1]!, test: parts[2]! };
}

/** The seed from `--seed` (1 when not given). */
export function seedFromFlag(value: unknown): number {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new TrellisError('E1002', `--seed takes a whole number, not "${String(value)}".`);
  return n;
}
