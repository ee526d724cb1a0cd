import { isObject } from '../../json';
import { agentgymFormat, hermesFormat } from './agent';
import { agentdojoFormat } from './agentdojo';
import { adkFormat } from './adk';
import { bfclFormat } from './bfcl';
import { claudeCodeFormat } from './claude-code';
import { codexCliFormat } from './codex-cli';
import { cursorAgentFormat } from './cursor-agent';
import type { TrajectoryFormatDescriptor } from './descriptor';
import { geminiCliFormat } from './gemini-cli';
import { httpCassetteFormat } from './http-cassette';
import { clineFormat } from './cline';
import { inspectFormat } from './inspect';
import { langfuseFormat } from './langfuse';
import { langsmithFormat } from './langsmith';
import { litellmFormat } from './litellm';
import { miniSweAgentFormat } from './mini-swe-agent';
import { openaiFormat } from './openai';
import { openaiAgentsFormat } from './openai-agents';
import { openhandsFormat } from './openhands';
import { otelSdkFormat } from './otel-sdk';
import { openhandsV1Format } from './openhands-v1';
import { otlpFormat } from './otlp';
import { sharegptFormat } from './sharegpt';
import { smolagentsFormat } from './smolagents';
import { sweAgentFormat } from './swe-agent';
import { tauBenchFormat } from './tau-bench';
import { tau2BenchFormat } from './tau2-bench';
import { toolbenchFormat } from './toolbench';
import { worfbenchFormat } from './worfbench';
import { xlamFormat } from './xlam';

import { RecordError } from './records';

export { RecordError, type ParsedRecord } from './records';
export type { TrajectoryFormatDescriptor } from './descriptor';

/**
 * Every trajectory format Trellis reads, in the order records are tested against them: the
 * harnesses' shapes first, then the chat exports whose keys they share (an inspect sample has
 * `messages`, a WorfBench record `conversations`). Adding a format is one file and one line here.
 */
export const TRAJECTORY_FORMATS = [
  tauBenchFormat,
  tau2BenchFormat,
  sweAgentFormat,
  miniSweAgentFormat,
  inspectFormat,
  openhandsFormat,
  openhandsV1Format,
  clineFormat,
  cursorAgentFormat,
  claudeCodeFormat,
  codexCliFormat,
  geminiCliFormat,
  toolbenchFormat,
  bfclFormat,
  worfbenchFormat,
  xlamFormat,
  agentgymFormat,
  hermesFormat,
  agentdojoFormat,
  smolagentsFormat,
  adkFormat,
  openaiAgentsFormat,
  litellmFormat,
  httpCassetteFormat,
  langfuseFormat,
  langsmithFormat,
  otelSdkFormat,
  sharegptFormat,
  openaiFormat,
  otlpFormat,
] as const;

export type TrajectoryFormat = (typeof TRAJECTORY_FORMATS)[number]['id'];

/** The ids as a non-empty tuple, for the contract's enum. */
export const TRAJECTORY_FORMAT_IDS = TRAJECTORY_FORMATS.map((f) => f.id) as [TrajectoryFormat, ...TrajectoryFormat[]];

/** The same list seen through the descriptor type, so optional parts (`container`) read without casts. */
const DESCRIPTORS: readonly TrajectoryFormatDescriptor<TrajectoryFormat>[] = TRAJECTORY_FORMATS;

const BY_ID = new Map(DESCRIPTORS.map((f) => [f.id, f]));

export function formatDescriptor(id: TrajectoryFormat): TrajectoryFormatDescriptor<TrajectoryFormat> {
  return BY_ID.get(id)!;
}

/** The first format whose descriptor recognises the record. */
export function detectFormat(record: unknown): TrajectoryFormat | null {
  if (!isObject(record)) return null;
  return TRAJECTORY_FORMATS.find((f) => f.detect(record))?.id ?? null;
}

/** The ids joined for usage lines: `openai|sharegpt|…`. */
export const formatIdsText = (separator: string) => TRAJECTORY_FORMAT_IDS.join(separator);

/** What a value that no format recognises looks like, in one line: "one JSON object with keys a, b". */
export function describeShape(value: unknown): string {
  if (Array.isArray(value)) return `a JSON array of ${value.length} elements`;
  if (!isObject(value)) return `a JSON ${value === null ? 'null' : typeof value}`;
  const keys = Object.keys(value);
  const shown = keys.slice(0, 8).join(', ');
  return keys.length
    ? `a JSON object with keys ${shown}${keys.length > 8 ? ` and ${keys.length - 8} more` : ''}`
    : 'an empty JSON object';
}

/**
 * The message for a record no reader claims: what it looks like, and how to bring it in anyway
 * (the known formats are listed where a format is chosen, not in every refusal).
 */
export function unknownRecordMessage(value: unknown): string {
  return `${describeShape(value)}: not a known trajectory format — no reader claims it: map it with --mapping, or open it in the Import form (Map fields…)`;
}

/** The message for a record that is not the format the person chose. */
export const notFormatMessage = (value: unknown, format: TrajectoryFormat): string =>
  `${describeShape(value)}: not ${formatDescriptor(format).label}`;

/** The format whose document layout holds records (one JSON object of many records), with them. */
export function recordsInDocument(
  document: Record<string, unknown>,
): { format: TrajectoryFormat; records: unknown[]; shared: Record<string, unknown> } | null {
  for (const f of DESCRIPTORS) {
    const found = f.container?.recordsIn?.(document);
    if (found) return { format: f.id, ...found };
  }
  return null;
}

/** The format whose archive layout the entry names are (an inspect `.eval`), or null. */
export function archiveFormat(entries: readonly string[]): TrajectoryFormat | null {
  return DESCRIPTORS.find((f) => f.container?.archive?.detect(entries))?.id ?? null;
}

/** The format whose JSON arrays are one run's events (OpenHands), when the first element is one. */
export function eventArrayFormat(first: unknown): TrajectoryFormat | null {
  return DESCRIPTORS.find((f) => f.container?.events?.detect(first))?.id ?? null;
}

/** The format whose records each hold parts of many runs (OTLP export requests), when this record is one. */
export function partsFormat(record: unknown): TrajectoryFormat | null {
  if (!isObject(record)) return null;
  return DESCRIPTORS.find((f) => f.container?.parts?.detect(record))?.id ?? null;
}

/** One record read as the given format (the record must be one that format detects). */
export function parseRecord(format: TrajectoryFormat, record: unknown) {
  if (!isObject(record)) throw new RecordError('a record is a JSON object');
  return formatDescriptor(format).parse(record);
}
