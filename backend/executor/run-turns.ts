import type { Turn } from '../../shared/domain';

/**
 * Where a run's turns live. The engine keeps no copy: it reads them before each step or edit
 * and writes only the turn it adds or changes, so an edit made elsewhere (curation) survives
 * the next step and is what that step builds on.
 */
export interface RunTurns {
  /** The turns as they are now. */
  read(): Turn[];
  /** Adds a turn after the last one; returns its index. */
  append(turn: Turn): number;
  /** Replaces the turn at `index` (an edit). */
  update(index: number, turn: Turn): void;
}

/** Turns held in memory: a replay (saved nowhere until forked), synthesis before it keeps a run, tests. */
export function memoryTurns(initial: readonly Turn[] = []): RunTurns {
  let turns = [...initial];
  return {
    read: () => turns,
    append: (turn) => {
      turns = [...turns, turn];
      return turns.length - 1;
    },
    update: (index, turn) => {
      turns = turns.map((t, i) => (i === index ? turn : t));
    },
  };
}
