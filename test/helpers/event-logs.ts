import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  detectFormat,
  eventArrayFormat,
  formatDescriptor,
  type TrajectoryFormat,
} from '../../shared/formats/trajectories/registry';

/** Session logs in their producers' shapes, written for the tests (test/fixtures/trajectories/coding-agents). */
export const CODING_AGENTS = path.join(__dirname, '..', 'fixtures', 'trajectories', 'coding-agents');

/** A JSON Lines file's lines, parsed (blank lines left out). */
export function jsonLines(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * The events read as the import reads a JSON Lines file whose first line is an event of one run:
 * the first line is no record of its own but `format`'s event, and all lines make one record of it.
 */
export function readEventLog(format: TrajectoryFormat, events: unknown[]) {
  const descriptor = formatDescriptor(format);
  expect(detectFormat(events[0])).toBeNull();
  expect(eventArrayFormat(events[0])).toBe(format);
  const record = descriptor.container!.events!.record(events);
  expect(detectFormat(record)).toBe(format);
  return descriptor.parse(record);
}
