/**
 * Sizes the slices of a long piece of canvas work (a layout's moves) by the time they take, so
 * that each frame does about `budgetMs` of it, on a fast machine and on a busy one alike.
 */
export interface SliceSizer {
  /** How many items the next slice takes. */
  size(): number;
  /** What the last slice, of `count` items, cost in ms. */
  spent(count: number, ms: number): void;
}

/** Older slices count this much less with each new one: costs drift (the JIT, other processes). */
const DECAY = 0.7;

/**
 * Models a slice's cost as a fixed part (every update of React Flow's store re-runs the
 * selectors of all tools and edges, whatever moved) plus a part per item, fitted by least squares
 * to the slices so far, recent ones weighing more. The next slice takes as many items as that
 * says fit in `budgetMs`; where the fixed part alone fills most of the budget, the items still
 * get a third of it, so that a slow machine takes longer frames rather than a thousand of them.
 * Sizes vary by a quarter where they would stay the same, which keeps the two parts apart.
 * It starts at `first` (a probe) and at most doubles from one slice to the next (a cheap slice
 * says little of a bigger one's cost) and at most halves (one slow frame may be another process's), and never goes under `min`.
 */
export function sliceSizer({
  first,
  min = 1,
  budgetMs,
}: {
  first: number;
  min?: number;
  budgetMs: number;
}): SliceSizer {
  let next = Math.max(min, first);
  let w = 0;
  let sumN = 0;
  let sumMs = 0;
  let sumNN = 0;
  let sumNMs = 0;
  let flip = false;
  return {
    size: () => next,
    spent(count, ms) {
      if (count <= 0) return;
      w = w * DECAY + 1;
      sumN = sumN * DECAY + count;
      sumMs = sumMs * DECAY + ms;
      sumNN = sumNN * DECAY + count * count;
      sumNMs = sumNMs * DECAY + count * ms;
      const spread = sumNN * w - sumN * sumN;
      let perItem = spread > 1e-6 * sumNN * w ? (sumNMs * w - sumN * sumMs) / spread : NaN;
      let fixed = 0;
      if (perItem > 0) fixed = Math.min(Math.max(0, (sumMs - perItem * sumN) / w), ms);
      // Not known yet, or lost in the noise: all of the last slice's cost is its items'.
      else perItem = ms / count;
      const room = Math.max(budgetMs - fixed, budgetMs / 3);
      const fits = perItem > 0 ? Math.floor(room / perItem + 1e-6) : count * 2;
      next = Math.max(min, Math.ceil(count / 2), Math.min(count * 2, fits));
      // Slices all of one size would leave the fixed part and the part per item inseparable.
      if (next === count) {
        flip = !flip;
        next = Math.max(min, flip ? count + Math.ceil(count / 4) : count - Math.ceil(count / 4));
      }
    },
  };
}
