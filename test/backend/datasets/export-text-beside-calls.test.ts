import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { tempDir } from '../../helpers/temp';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'text-beside-calls');

/** What the on-call agent said beside its calls, in the fixtures (six of them in the LiteLLM log). */
const SAID_BESIDE_CALLS = [
  "Checking checkout's error rate over the last 15 minutes before touching the deploy.",
  '12% is over the 5% threshold, so I am rolling checkout back to v5.7.9.',
  'Paging identity and opening the SEV1 at the same time.',
  "Let me look at search's last hour.",
  'First the error rate of payments.',
  'Ledger is fine, so the regression is in payments itself. Rolling payments back.',
  'Opening an incident for the record.',
  'And letting the payments on-call know.',
  'Payments first.',
  'Then ledger, in the same breath.',
];

async function onCallDataset() {
  const b = createBackend({ workspace: path.join(tempDir(), 'oncall.trellis'), host: 'cli', seed: false });
  for (const file of ['sre-oncall.jsonl', 'litellm-gateway.jsonl'])
    await importTrajectoryFile(b.store, { file: path.join(FIXTURES, file), mode: 'strict' });
  const dataset = await b.registry.invoke('datasets.create', {
    name: 'oncall',
    filter: {},
    ratio: { train: 1, validation: 0, test: 0 },
  });
  return { b, dataset };
}

describe('an export of turns that say something beside their calls', () => {
  it.each(['openai', 'sharegpt', 'hermes'] as const)('%s writes every word the assistant said', async (format) => {
    const { b, dataset } = await onCallDataset();
    const { files, report } = await b.registry.invoke('datasets.export', { id: dataset.id, format, dir: tempDir() });
    expect(report).toMatchObject({ written: 5, leftOut: 0 });
    // Every record is one JSON line: the words are in it as JSON strings.
    const written = files.map((f) => fs.readFileSync(f.path, 'utf8')).join('\n');
    for (const said of SAID_BESIDE_CALLS) expect(written).toContain(JSON.stringify(said).slice(1, -1));
    b.close();
  });

  it('ShareGPT says, per record, the text it wrote in a call`s thought block; OpenAI and Hermes keep it as text', async () => {
    const { b, dataset } = await onCallDataset();
    const exported = (format: 'openai' | 'sharegpt' | 'hermes') =>
      b.registry.invoke('datasets.export', { id: dataset.id, format, dir: tempDir() }).then((r) => r.report);
    const shareGPT = await exported('sharegpt');
    expect(shareGPT.textAsThought).toEqual({ turns: 9, records: 5 });
    expect(shareGPT.notes).toContainEqual(
      expect.stringMatching(
        /^Text beside calls: 9 assistant turns in 5 records .* written in the call's <think> block/,
      ),
    );
    for (const format of ['openai', 'hermes'] as const) {
      const report = await exported(format);
      expect([format, report.textAsThought]).toEqual([format, { turns: 0, records: 0 }]);
      expect(report.notes.some((n) => n.startsWith('Text beside calls'))).toBe(false);
    }
    b.close();
  });
});
