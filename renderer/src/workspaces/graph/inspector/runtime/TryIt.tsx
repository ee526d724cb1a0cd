import { lazy, Suspense, useState } from 'react';
import type { Result } from '../../../../../../shared/contract';
import type { Tool } from '../../../../../../shared/domain';
import { exampleArgs } from '../../../../../../shared/runtimes';
import { api } from '../../../../api/api';
import { useAction } from '../../../../api/use-action';
import { ConsentDetails } from '../../../../components/ConsentDetails';
import { ErrorNote } from '../../../../components/ErrorNote';
import { useEditor } from '../../editor/editor-context';

const JsonEditor = lazy(() => import('../../../../components/JsonEditor'));

type Outcome = Result<'tools.tryRuntime'>;

/**
 * Calls the tool once with the runtime as it is being edited, on arguments typed here, and
 * shows the result (checked against `returns`) or the error: nothing is saved or recorded.
 */
export function TryIt({ tool }: { tool: Tool }) {
  const [args, setArgs] = useState<unknown>(() => exampleArgs(tool));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A tool that answers from the graph's environment is tried on its initial state.
  const environment = useEditor((s) => s.history.present.environment ?? null);
  const { busy, error: failure, run } = useAction();

  const tryIt = (allow?: Outcome['consent']) =>
    run(async () => {
      try {
        setOutcome(
          await api.invoke('tools.tryRuntime', {
            tool,
            args,
            ...(tool.runtime?.kind === 'environment' ? { environment } : {}),
            ...(allow ? { allow: { kind: allow.kind, key: allow.key } } : {}),
          }),
        );
      } catch (error) {
        // A failed try leaves no outcome of an earlier one on show.
        setOutcome(null);
        throw error;
      }
    });

  return (
    <section className="try-it" aria-label="Try it">
      <h4>Try it</h4>
      <Suspense fallback={<p className="muted">Loading editor…</p>}>
        <JsonEditor
          path={`${tool.name}.try-args`}
          label="Arguments to try"
          value={args}
          onChange={setArgs}
          height={90}
          schema={tool.parameters}
        />
      </Suspense>
      <div className="buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void tryIt()}>
          {busy ? 'Running…' : 'Try it'}
        </button>
      </div>
      <ErrorNote message={failure} />
      {outcome && <TryOutcome outcome={outcome} onAllow={() => void tryIt(outcome.consent)} />}
    </section>
  );
}

function TryOutcome({ outcome, onAllow }: { outcome: Outcome; onAllow(): void }) {
  const took = `${Math.round(outcome.durationMs)} ms`;
  if (outcome.consent)
    return (
      <div className="try-outcome" role="status">
        <p>{outcome.consent.message}</p>
        <ConsentDetails consent={outcome.consent} />
        <button type="button" onClick={onAllow}>
          Allow and try
        </button>
      </div>
    );
  return (
    <div className="try-outcome" role="status" data-testid="try-outcome">
      {outcome.note && <p className="muted">{outcome.note}</p>}
      {outcome.ok ? (
        <>
          <p className={outcome.problems.length ? 'warning' : 'ok'}>
            {outcome.problems.length
              ? `Result in ${took}, but it does not fit the returns schema:`
              : `Result in ${took}, valid against the returns schema.`}
          </p>
          {outcome.problems.length > 0 && (
            <ul className="try-problems">
              {outcome.problems.map((p) => (
                <li key={`${p.path}:${p.message}`}>
                  <code>{p.path}</code> {p.message}
                </li>
              ))}
            </ul>
          )}
          <pre data-testid="try-result">{JSON.stringify(outcome.result, null, 2)}</pre>
        </>
      ) : (
        <p className="error" data-testid="try-error">
          Error after {took}: {outcome.error}
        </p>
      )}
    </div>
  );
}
