import path from 'node:path';
import { createBackend, type Backend } from '../../backend/backend';
import { afterEach } from 'vitest';
import { tempDir } from './temp';

const open: Backend[] = [];

/** A backend on a new seeded workspace in a temp folder. */
export function testBackend(options: { seed?: boolean } = {}): Backend {
  const backend = createBackend({
    workspace: path.join(tempDir(), 'test.trellis'),
    host: 'cli',
    seed: true,
    ...options,
  });
  open.push(backend);
  return backend;
}

afterEach(() => {
  for (const backend of open.splice(0)) backend.close();
});
