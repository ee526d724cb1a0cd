/** Adjacent character pairs of a text, counted. */
function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i++) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/**
 * How alike two texts are, from 0 to 1: the Dice coefficient of their character pairs, case
 * and surrounding space ignored (so "Bedroom" and "bedroom " are 1, "bedroom" and "bathroom" 0.46).
 */
export function textSimilarity(a: string, b: string): number {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  if (x === y) return 1;
  if (x.length < 2 || y.length < 2) return 0;
  const pairs = bigrams(x);
  let shared = 0;
  for (const [pair, n] of bigrams(y)) {
    const m = pairs.get(pair) ?? 0;
    shared += Math.min(n, m);
  }
  return (2 * shared) / (x.length - 1 + (y.length - 1));
}
