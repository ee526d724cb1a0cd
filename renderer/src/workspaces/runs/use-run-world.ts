import { useMemo } from 'react';
import type { RunView } from '../../../../shared/contract/runs';
import type { Outcome } from '../../../../shared/domain';
import { worldsByTurn, type TurnWorld } from '../../../../shared/environments/world-states';
import { isGoalOutcome, runEnvironment } from '../../../../shared/runs';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';

export interface RunWorld {
  /** The state before and after each tool turn that recorded one, by turn index. */
  worlds: Map<number, TurnWorld>;
  /** The goal check's verdict, once the run has one. */
  verdict: Outcome | null;
}

/**
 * The run's world: where it started and its goal verdict are in its saved record (its metadata
 * and outcome), read again as turns arrive and when the run ends; the states are in its turns.
 */
export function useRunWorld(run: RunView): RunWorld {
  const recordId = run.trajectoryId ?? run.replayOf;
  // A run whose turns recorded a state ran in an environment; any other is read once it ends,
  // for a goal verdict its environment may have given without a call into it.
  const inEnvironment = run.turns.some((t) => t.state !== undefined);
  const ended = run.status === 'finished' || run.status === 'stopped';
  const record = useQuery(
    recordId && (inEnvironment || ended) ? () => api.invoke('trajectories.get', { id: recordId }) : null,
    [recordId, inEnvironment || ended, run.turns.length, run.status],
  ).data;
  const initialState = runEnvironment(record?.metadata)?.initialState;
  const worlds = useMemo(() => worldsByTurn(run.turns, initialState), [run.turns, initialState]);
  const outcome = record?.outcome ?? null;
  return { worlds, verdict: outcome && isGoalOutcome(outcome) ? outcome : null };
}
