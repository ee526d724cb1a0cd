import type { RunTurns } from '../executor/run-turns';
import type { WorkspaceStore } from '../store/workspace-store';

/**
 * A saved run's turns, kept by the store alone. The engine adds turns at the end; its edits go
 * through the store's turn edits like curation's do, so each side sees the other's edits (and
 * the original is kept for revert).
 */
export function storedRunTurns(store: WorkspaceStore, trajectoryId: string): RunTurns {
  return {
    read: () => store.trajectories.turns(trajectoryId),
    append: (turn) => store.trajectories.appendTurn(trajectoryId, turn),
    update: (index, turn) => store.turnEdits.edit(trajectoryId, index, turn),
  };
}
