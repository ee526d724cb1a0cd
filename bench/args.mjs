// Shared by the benchmark scripts: `--name value` flags, quick mode and percentiles.

/**
 * Quick mode (`--quick` or BENCH_QUICK=1): tiny sizes, a few seconds a bench, so a test can run
 * every bench and see that it still works (test/bench/). Its figures mean nothing.
 */
export const quick = process.argv.includes('--quick') || ['1', 'true'].includes(process.env.BENCH_QUICK ?? '');

/** The value after `--name` on the command line, else the quick-mode value (in quick mode), else the fallback. */
export function arg(name, fallback, quickValue = fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : quick ? quickValue : fallback;
}

/** The q-quantile (0–1) of a list of numbers, nearest rank. */
export function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
