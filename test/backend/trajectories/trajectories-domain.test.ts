import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { tempDir } from '../../helpers/temp';

describe('trajectories domain', () => {
  it('checks a large workspace in batches, reporting progress and staying responsive between them', async () => {
    const b = createBackend({ workspace: path.join(tempDir(), 'check.trellis'), host: 'cli', seed: true });
    const file = path.join(tempDir(), 'many.jsonl');
    const record = (n: number) => JSON.stringify({ messages: [{ role: 'user', content: `question ${n}` }] });
    fs.writeFileSync(file, Array.from({ length: 600 }, (_, i) => record(i)).join('\n'));
    await b.registry.invoke('trajectories.import', { path: file, mode: 'strict' });
    const progress: { done: number; total: number }[] = [];
    b.events.subscribe((name, p) => name === 'jobs.progress' && progress.push(p as { done: number; total: number }));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    const summary = await b.registry.invoke('trajectories.checkAll', {});
    clearInterval(ticker);
    expect(summary).toMatchObject({ checked: 602, byKind: { 'no-final-answer': expect.any(Number) } });
    expect(progress.map((p) => p.done)).toEqual([250, 500, 602]);
    expect(ticks).toBeGreaterThan(0);
    b.close();
  });
});
