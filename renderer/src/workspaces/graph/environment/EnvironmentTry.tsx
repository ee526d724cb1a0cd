import { lazy, Suspense, useState } from 'react';
import type { Result } from '../../../../../shared/contract';
import type { Environment, Tool } from '../../../../../shared/domain';
import { exampleArgs } from '../../../../../shared/runtimes';
import { api } from '../../../api/api';
import { useAction } from '../../../api/use-action';
import { ErrorNote } from '../../../components/ErrorNote';
import { WorldView } from '../../../components/WorldView';

const JsonEditor = lazy(() => import('../../../components/JsonEditor'));

type Tried = Result<'environments.try'> & { tool: string };

/** The function of the environment's `tools` that answers a tool: the one its runtime names, else its own name. */
const environmentMethodOf = (tool: Tool): string =>
  (tool.runtime?.kind === 'environment' ? tool.runtime.method : undefined) ?? tool.name;

/**
 * Calls one tool of the environment as it is on screen (saved or not) and shows its answer and
 * the state before and after. Each try starts from the initial state, or from where the last try
 * left the world, so that a sequence of calls can be tried one by one. Nothing is saved.
 */
export function EnvironmentTry({ environment, tools }: { environment: Environment; tools: readonly Tool[] }) {
  const [toolName, setToolName] = useState(tools[0]?.name ?? '');
  const tool = tools.find((t) => t.name === toolName) ?? tools[0];
  // Arguments typed per tool, kept while another tool is tried.
  const [argsByTool, setArgsByTool] = useState<Record<string, unknown>>({});
  const [goOn, setGoOn] = useState(false);
  const [tried, setTried] = useState<Tried | null>(null);
  const { busy, error: failure, run } = useAction();
  if (!tool) return <p className="muted">Add a tool to the graph to try its call into the environment.</p>;
  const args = argsByTool[tool.name] ?? exampleArgs(tool);

  const tryIt = () =>
    run(async () => {
      const outcome = await api.invoke('environments.try', {
        environment,
        tool: environmentMethodOf(tool),
        args,
        ...(goOn && tried ? { state: tried.after } : {}),
      });
      setTried({ ...outcome, tool: tool.name });
    });

  return (
    <section className="environment-try" aria-label="Try the environment">
      <h3>Try it</h3>
      <p className="muted">
        Calls the environment’s function for the tool, whichever runtime the tool has now; a run calls it only for the
        tools that answer from the environment.
      </p>
      <label>
        Tool
        <select aria-label="Tool to try" value={tool.name} onChange={(e) => setToolName(e.target.value)}>
          {tools.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <Suspense fallback={<p className="muted">Loading editor…</p>}>
        <JsonEditor
          key={tool.name}
          path={`environment.try-args.${tool.name}`}
          label="Arguments to try"
          value={args}
          onChange={(next) => setArgsByTool((all) => ({ ...all, [tool.name]: next }))}
          height={110}
          schema={tool.parameters}
        />
      </Suspense>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={goOn && tried !== null}
          disabled={tried === null}
          onChange={(e) => setGoOn(e.target.checked)}
        />
        Start from the state the last try left (else from the initial state)
      </label>
      <div className="buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void tryIt()}>
          {busy ? 'Running…' : 'Try it'}
        </button>
      </div>
      <ErrorNote message={failure} />
      {tried && (
        <div className="try-outcome" role="status" data-testid="environment-try-outcome">
          {tried.ok ? (
            <>
              <p className="ok">{tried.tool} answered:</p>
              <pre data-testid="environment-try-result">{JSON.stringify(tried.result, null, 2) ?? 'undefined'}</pre>
            </>
          ) : (
            <p className="error" data-testid="environment-try-error">
              {tried.tool} failed: {tried.error}
            </p>
          )}
          <WorldView world={{ before: tried.before, after: tried.after }} label={`World around ${tried.tool}`} />
        </div>
      )}
    </section>
  );
}
