import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: the crash and browser tests each start processes of their own.
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
