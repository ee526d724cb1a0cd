/** Ten bins of width 0.1 over [0, 1] (1 falls in the last), with how many scores fall in each. */
export function scoreBins(values: readonly number[]): { x1: number; x2: number; count: number }[] {
  const bins = Array.from({ length: 10 }, (_, i) => ({ x1: i / 10, x2: (i + 1) / 10, count: 0 }));
  for (const v of values) if (Number.isFinite(v)) bins[Math.min(9, Math.max(0, Math.floor(v * 10)))]!.count++;
  return bins;
}
