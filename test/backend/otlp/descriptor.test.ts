import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..', '..');

describe('the OTLP protobuf descriptor', () => {
  it('is what the vendored opentelemetry-proto files make (node scripts/otlp-descriptor.mjs)', async () => {
    const script = pathToFileURL(path.join(ROOT, 'scripts', 'otlp-descriptor.mjs')).href;
    const { descriptorModule } = (await import(script)) as { descriptorModule(): string };
    const committed = fs.readFileSync(path.join(ROOT, 'backend', 'otlp', 'descriptor.ts'), 'utf8');
    expect(committed).toBe(descriptorModule());
  });
});
