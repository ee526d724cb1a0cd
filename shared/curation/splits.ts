import { seededRandom } from '../random';

/** Train / validation / test shares; they need not sum to exactly 1 (they are normalised). */
export interface SplitRatio {
  train: number;
  validation: number;
  test: number;
}

export type SplitName = keyof SplitRatio;

/**
 * Assigns each item a split by ratio, stratified: items are grouped by `stratum` (e.g. the set
 * of tools a trajectory calls), each group is shuffled with the seed and cut by the ratios, so
 * every split sees each kind of trajectory in proportion. Same items, ratio and seed: same split.
 */
export function assignSplits<T extends { id: string }>(
  items: readonly T[],
  ratio: SplitRatio,
  seed: number,
  stratum: (item: T) => string = () => '',
): Map<string, SplitName> {
  const total = ratio.train + ratio.validation + ratio.test;
  const shares = [ratio.train / total, ratio.validation / total, ratio.test / total];
  const names: SplitName[] = ['train', 'validation', 'test'];
  const groups = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    groups.set(stratum(item), [...(groups.get(stratum(item)) ?? []), item]);
  const random = seededRandom(seed);
  const out = new Map<string, SplitName>();
  const assigned = [0, 0, 0];
  const bySplit: { id: string; stratum: string }[][] = [[], [], []];
  let seen = 0;
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
    for (let i = group.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [group[i], group[j]] = [group[j]!, group[i]!];
    }
    // Largest remainder against the running totals, so rounding evens out across groups and
    // the whole set follows the ratio as closely as the group sizes allow.
    seen += group.length;
    const need = shares.map((share, k) => share * seen - assigned[k]!);
    const counts = need.map((n) => Math.max(0, Math.floor(n)));
    let left = group.length - counts.reduce((a, b) => a + b, 0);
    for (const k of need
      .map((n, k) => [n - Math.floor(n), k] as const)
      .sort((x, y) => y[0] - x[0])
      .map(([, k]) => k)) {
      if (left-- <= 0) break;
      counts[k]!++;
    }
    counts.forEach((n, k) => (assigned[k] = assigned[k]! + n));
    let at = 0;
    counts.forEach((n, k) => {
      for (const item of group.slice(at, at + n)) {
        out.set(item.id, names[k]!);
        bySplit[k]!.push({ id: item.id, stratum: key });
      }
      at += n;
    });
  }
  giveEveryShareOne(bySplit, shares, out, names);
  return out;
}

/**
 * Moves items so that every share asked for (share > 0) holds at least one, the larger shares
 * first when there are fewer items than shares: rounding alone gives a 0.8/0.1/0.1 split of 9
 * spread over several strata no test item. The item moved comes from the split furthest above
 * its share, out of that split's largest stratum (the last one it received), so the split stays
 * deterministic and as stratified as it can.
 */
function giveEveryShareOne(
  bySplit: { id: string; stratum: string }[][],
  shares: number[],
  out: Map<string, SplitName>,
  names: SplitName[],
): void {
  const total = bySplit.reduce((n, s) => n + s.length, 0);
  const wanted = [0, 1, 2].filter((k) => shares[k]! > 0).sort((a, b) => shares[b]! - shares[a]! || a - b);
  for (const k of wanted.slice(0, total)) {
    if (bySplit[k]!.length) continue;
    const surplus = (d: number) => bySplit[d]!.length - shares[d]! * total;
    const donor = [0, 1, 2].filter((d) => bySplit[d]!.length > 1).sort((a, b) => surplus(b) - surplus(a) || a - b)[0];
    if (donor === undefined) return;
    const from = bySplit[donor]!;
    const sizes = new Map<string, number>();
    for (const item of from) sizes.set(item.stratum, (sizes.get(item.stratum) ?? 0) + 1);
    const largest = Math.max(...sizes.values());
    const at = from.findLastIndex((item) => sizes.get(item.stratum) === largest);
    const [moved] = from.splice(at, 1);
    bySplit[k]!.push(moved!);
    out.set(moved!.id, names[k]!);
  }
}
