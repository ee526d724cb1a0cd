// Shared by the benchmark scripts: `--name value` flags and percentiles.

/** The value after `--name` on the command line, or the fallback. */
export function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** The q-quantile (0–1) of a list of numbers, nearest rank. */
export function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
