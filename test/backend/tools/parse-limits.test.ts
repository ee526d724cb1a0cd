import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseToolsOffThread } from '../../../backend/tools/parse-off-thread';
import { testBackend } from '../../helpers/backend';

const FAULTS = path.join(__dirname, '..', '..', 'fixtures', 'faults');

describe('reading tool documents within limits', () => {
  it('cuts an operation whose chained $refs expand exponentially, says so, and stays responsive', async () => {
    const bomb = fs.readFileSync(path.join(FAULTS, 'openapi-ref-bomb.yaml'), 'utf8');
    expect(bomb.length).toBeLessThan(8 * 1024);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const backend = testBackend();
    const read = await backend.registry.invoke('tools.parse', { format: 'openapi', text: bomb });
    clearInterval(ticker);
    expect(read.tools.map((t) => t.name)).toEqual(['boom']);
    expect(read.warnings).toContain(
      '1 operation had schemas too large to expand whole; their deepest parts are kept as untyped objects that name them.',
    );
    // Billions of nodes written out in full would be terabytes; the cut schema stays a few hundred kilobytes.
    expect(JSON.stringify(read.tools[0]!.returns).length).toBeLessThan(2_000_000);
    expect(JSON.stringify(read.tools[0]!.returns)).toContain('not expanded: the schema is too large');
    // The expansion ran in a worker: this thread's timers kept firing meanwhile.
    expect(ticks).toBeGreaterThan(2);
  });

  it('refuses a document whose many operations together expand past the limit', async () => {
    const bomb = fs.readFileSync(path.join(FAULTS, 'openapi-ref-bomb.yaml'), 'utf8');
    const operations = Array.from(
      { length: 200 },
      (_, i) =>
        `  /boom${i}:\n    get:\n      responses:\n        '200':\n          content:\n            application/json:\n` +
        `              schema: { $ref: '#/components/schemas/S0' }\n`,
    ).join('');
    const many = bomb.replace(/^paths:\n/m, `paths:\n${operations}`);
    const backend = testBackend();
    await expect(backend.registry.invoke('tools.parse', { format: 'openapi', text: many })).rejects.toMatchObject({
      code: 'E4001',
      message: expect.stringMatching(/\$refs expand to more than 3,000,000 schema nodes/),
    });
  });

  it('refuses deeply nested text in parallel parses without taking the process down', async () => {
    const backend = testBackend();
    const deep = (n: number) => `openapi: 3.0.0\npaths: ${'['.repeat(n)}${']'.repeat(n)}\n`;
    const results = await Promise.allSettled([
      backend.registry.invoke('tools.parse', { format: 'openapi', text: deep(200_000) }),
      backend.registry.invoke('tools.parse', { format: 'openapi', text: deep(200_000) }),
      backend.registry.invoke('tools.parse', {
        format: 'openai',
        text: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      }),
    ]);
    for (const r of results)
      expect(r).toMatchObject({
        status: 'rejected',
        reason: { code: 'E4001', message: expect.stringContaining('nests brackets more than 512 deep') },
      });
    const ok = await backend.registry.invoke('tools.parse', {
      format: 'openapi',
      text: 'openapi: 3.0.0\npaths:\n  /ping:\n    get:\n      operationId: ping\n',
    });
    expect(ok.tools.map((t) => t.name)).toEqual(['ping']);
  });

  it('stops a parse that runs past its time limit, or past its memory limit', async () => {
    const slow = fs.readFileSync(path.join(FAULTS, 'openapi-ref-bomb.yaml'), 'utf8');
    await expect(parseToolsOffThread('openapi', slow, { timeoutMs: 50, memoryMb: 512 })).rejects.toMatchObject({
      code: 'E4001',
      message: expect.stringContaining('took longer than 0.05 s'),
    });
    await expect(parseToolsOffThread('openapi', slow, { timeoutMs: 60_000, memoryMb: 8 })).rejects.toMatchObject({
      code: 'E4001',
      message: expect.stringContaining('more than 8 MB of memory'),
    });
  });
});
