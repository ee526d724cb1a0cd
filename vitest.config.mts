import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two cores: the crash and browser tests each start processes of their own.
    maxWorkers: 2,
    // The user's own config (consent to start commands) goes to a throwaway folder, never ~/.config.
    // A model load in the app or `trellis serve` would start a native llama.cpp build (many minutes
    // of compiling): tests turn it on themselves, with a fake builder (autoNativeBuild).
    env: { TRELLIS_HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-test-home-')), TRELLIS_NATIVE_BUILD: 'off' },
    // Polls wait for work done elsewhere (a model's first token, a backend reply); on a busy
    // machine that can take seconds, so they wait long and return as soon as it is there.
    expect: { poll: { timeout: 30_000 } },
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
