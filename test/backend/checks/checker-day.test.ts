import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createChecker } from '../../../backend/checks/checker';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { tempDir } from '../../helpers/temp';

const LABELLED = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'labelled', 'calendar-email.jsonl');
const DENTIST = 'cal-02-dentist-tomorrow';

describe('the checker reads a stored trajectory on the day its record carries', () => {
  let store: WorkspaceStore | null = null;
  afterEach(() => {
    store?.close();
    store = null;
  });

  const findingsOf = async (lines: string[]) => {
    store = openWorkspaceStore(path.join(tempDir(), 'day.trellis'));
    const file = path.join(tempDir(), 'day.jsonl');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const report = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(report.committed).toBe(true);
    const check = createChecker(store);
    return store.trajectories
      .allIds()
      .map((t) => check(store!.trajectories.get(t.id)).map((f) => `${f.code} ${f.where.path}`));
  };

  // "Move my dentist appointment tomorrow to 4:30 pm": the record says when (`created`), not its text.
  const dentist = fs
    .readFileSync(LABELLED, 'utf8')
    .split('\n')
    .find((line) => line.includes(DENTIST))!;

  it('grounds "tomorrow at 4:30 pm" from the record’s `created` time (a strict import keeps it)', async () => {
    expect(await findingsOf([dentist])).toEqual([[]]);
  });

  it('does not guess a day the record does not carry', async () => {
    const undated = JSON.stringify({ ...JSON.parse(dentist), created: undefined, id: 'undated' });
    // The listing's own days then give the new start's day; "tomorrow" alone gave the listed day.
    expect(await findingsOf([undated])).toEqual([['ungrounded-value $.toolCalls[0].args.date']]);
  });
});
