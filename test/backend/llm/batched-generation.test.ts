import Ajv from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelSupervisor } from '../../../backend/llm/supervisor';
import { TEST_SETTINGS, testSupervisor, tinyModel } from '../../helpers/models';

const supervisors: ModelSupervisor[] = [];
function supervisor(): ModelSupervisor {
  const s = testSupervisor();
  supervisors.push(s);
  return s;
}
afterEach(async () => {
  for (const s of supervisors.splice(0)) await s.stop();
});

const CALL_SCHEMA = {
  type: 'object',
  properties: {
    tool: { type: 'string', enum: ['search_flights', 'book_flight', 'search_hotels'] },
    passengers: { type: 'integer' },
    city: { type: 'string', enum: ['Lisbon', 'Paris', 'Kyoto'] },
  },
  required: ['tool', 'passengers', 'city'],
  additionalProperties: false,
};

/** Sends `count` constrained generations at once; says which request each streamed chunk belonged to. */
async function generateAtOnce(s: ModelSupervisor, count: number) {
  const arrivals: number[] = [];
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      s.generate(
        {
          prompt: `Call a tool for trip ${i}`,
          chat: true,
          maxTokens: 200,
          temperature: 0.9,
          seed: i + 1,
          jsonSchema: CALL_SCHEMA,
        },
        () => arrivals.push(i),
      ),
    ),
  );
  return { results, arrivals };
}

/** Whether some request streamed between another's first and last chunk. */
function interleaved(arrivals: number[]): boolean {
  return arrivals.some((who, at) => {
    const first = arrivals.indexOf(who);
    const last = arrivals.lastIndexOf(who);
    return at > first && at < last && arrivals.slice(first, last).some((other) => other !== who);
  });
}

describe('many sequences in one context (real helper, tiny model)', () => {
  it('runs 8 grammar-constrained generations on 4 sequences: all complete and schema-valid, decoded together', async () => {
    const s = supervisor();
    const loaded = await s.load(tinyModel(), { ...TEST_SETTINGS, contextSize: 512, sequences: 4 });
    expect(loaded.sequences).toBe(4);
    const validate = new Ajv().compile(CALL_SCHEMA);
    const { results, arrivals } = await generateAtOnce(s, 8);
    for (const [i, r] of results.entries()) {
      expect(r.cancelled).toBe(false);
      expect(validate(JSON.parse(r.text)), `request ${i}: ${r.text}`).toBe(true);
      expect(r.tokens!.prompt).toBeGreaterThan(5);
      expect(r.tokens!.completion).toBeGreaterThan(3);
    }
    expect(interleaved(arrivals), 'the sequences streamed one after another').toBe(true);
  }, 120_000);

  it('with one sequence, requests sent at once still all complete, one after another', async () => {
    const s = supervisor();
    const loaded = await s.load(tinyModel(), { ...TEST_SETTINGS, sequences: 1 });
    expect(loaded.sequences).toBe(1);
    const validate = new Ajv().compile(CALL_SCHEMA);
    const { results, arrivals } = await generateAtOnce(s, 3);
    for (const r of results) expect(validate(JSON.parse(r.text))).toBe(true);
    expect(interleaved(arrivals)).toBe(false);
    // The sequence is kept: the same prompt again re-reads little, and still counts whole.
    const again = await generateAtOnce(s, 1);
    expect(again.results[0]!.tokens!.prompt).toBe(results[0]!.tokens!.prompt);
  }, 120_000);

  it('a request cancelled while it waits for a sequence ends at once with nothing generated', async () => {
    const s = supervisor();
    await s.load(tinyModel(), { ...TEST_SETTINGS, sequences: 1 });
    const first = new AbortController();
    let started!: () => void;
    const firstStreaming = new Promise<void>((resolve) => (started = resolve));
    const long = s.generate(
      { prompt: 'Go on', chat: false, maxTokens: 100_000, temperature: 0.8, seed: 2 },
      () => started(),
      first.signal,
    );
    await firstStreaming;
    const waiting = new AbortController();
    const queued = s.generate(
      { prompt: 'Me too', chat: false, maxTokens: 50, temperature: 0 },
      undefined,
      waiting.signal,
    );
    waiting.abort();
    await expect(queued).resolves.toMatchObject({ text: '', cancelled: true, tokens: { prompt: 0, completion: 0 } });
    first.abort();
    expect((await long).cancelled).toBe(true);
  }, 60_000);
});
