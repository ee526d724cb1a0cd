import { useMemo, useState } from 'react';
import type { Outcome } from '../../../shared/domain';
import { diffStates } from '../../../shared/environments/state-diff';
import type { TurnWorld } from '../../../shared/environments/world-states';
import { JsonTree } from './JsonTree';
import { StateChanges } from './StateChanges';
import './world-view.css';

/**
 * The environment's state around one call: what changed first (the list a person reads), then
 * the whole state before and after, closed until asked for.
 */
export function WorldView({ world, label }: { world: TurnWorld; label: string }) {
  const changes = useMemo(
    () => (world.before === undefined ? null : diffStates(world.before, world.after)),
    [world.before, world.after],
  );
  return (
    <section className="world-view" aria-label={label} data-testid="world-view">
      {changes ? (
        <StateChanges changes={changes} />
      ) : (
        <p className="muted">The state before this call is not known: the run does not say where its world started.</p>
      )}
      {world.before !== undefined && (
        <details>
          <summary>State before</summary>
          <JsonTree value={world.before} label="State before" />
        </details>
      )}
      <details>
        <summary>State after</summary>
        <JsonTree value={world.after} label="State after" />
      </details>
    </section>
  );
}

/** Under a tool turn: a button that shows the world around its call, closed at first. */
export function TurnWorld({ world, index }: { world: TurnWorld; index: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link world-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide the world' : 'World: the state before and after this call'}
      </button>
      {open && <WorldView world={world} label={`World at turn ${index}`} />}
    </>
  );
}

/** The run's verdict from its environment's goal check: met or not, and why. */
export function GoalVerdictNote({ verdict }: { verdict: Outcome }) {
  const said =
    verdict.status === 'success' ? 'Goal met' : verdict.status === 'failure' ? 'Goal not met' : 'Goal not judged';
  const level = verdict.status === 'success' ? 'ok' : verdict.status === 'failure' ? 'error' : 'warning';
  return (
    <p className={`goal-verdict ${level}`} role="status" data-testid="goal-verdict">
      <strong>{said}</strong>
      {verdict.value !== null && verdict.value !== '' && <> — {String(verdict.value)}</>}
      <span className="muted"> (the environment’s goal check)</span>
    </p>
  );
}
