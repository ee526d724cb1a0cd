import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the OTLP protobuf descriptor', () => {
  it('is what the vendored opentelemetry-proto files make (node scripts/otlp-descriptor.mjs)', async () => {
    const { descriptorModule } = (await import('../../../scripts/otlp-descriptor.mjs')) as {
      descriptorModule(): string;
    };
    const committed = fs.readFileSync(path.join(__dirname, '../../../backend/otlp/descriptor.ts'), 'utf8');
    expect(committed).toBe(descriptorModule());
  });
});
