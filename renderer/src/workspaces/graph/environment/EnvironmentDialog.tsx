import { lazy, Suspense, useEffect, useState } from 'react';
import type { Result } from '../../../../../shared/contract';
import { api } from '../../../api/api';
import type { Environment } from '../../../../../shared/domain';
import { environmentTemplate } from '../../../../../shared/environments/template';
import { ModalDialog } from '../../../components/ModalDialog';
import { useUi } from '../../../state/ui-store';
import { selectContent, useEditor, useEditorStore } from '../editor/editor-context';
import { useGraphUi } from '../state';
import { EnvironmentTools } from './EnvironmentTools';
import { EnvironmentTry } from './EnvironmentTry';
import { useEnvironmentDraft } from './use-environment-draft';
import './environment.css';

const CodeEditor = lazy(() => import('../../../components/CodeEditor'));
const JsonEditor = lazy(() => import('../../../components/JsonEditor'));

const close = () => useGraphUi.getState().openDialog(null);

/**
 * The graph's environment: the world its tools share across the calls of a run. Its code and
 * initial state are edited here (applied to the graph as typing pauses: saved, undoable), and
 * each tool's call into it can be tried. A graph without one is offered one written from its tools.
 */
export function EnvironmentDialog() {
  const content = useEditor(selectContent);
  const store = useEditorStore();
  const [draft, update] = useEnvironmentDraft(content.environment ?? null, (next) =>
    store.getState().setEnvironment(next),
  );

  // Initial-state text that is not JSON is not applied: closing over it asks twice, so it is not lost unseen.
  const [stateInvalid, setStateInvalid] = useState(false);
  const [closeWarned, setCloseWarned] = useState(false);
  const closeDialog = () => {
    if (stateInvalid && !closeWarned) return setCloseWarned(true);
    close();
  };
  const onStateValid = (valid: boolean) => {
    setStateInvalid(!valid);
    if (valid) setCloseWarned(false);
  };

  const add = () => update(environmentTemplate(content.tools), false);
  const remove = () => {
    update(null, false);
    useUi.getState().notify('The environment is removed. Undo with Ctrl+Z.', 'info', 'graph');
  };

  return (
    <ModalDialog label="Environment" className="environment-dialog" onClose={closeDialog}>
      <header className="environment-header">
        <h2>Environment</h2>
        {draft?.source && <span className="muted">from {draft.source}</span>}
        <span className="spacer" />
        {draft && (
          <button type="button" onClick={remove}>
            Remove environment
          </button>
        )}
        <button type="button" onClick={closeDialog}>
          Close
        </button>
      </header>
      {closeWarned && (
        <p className="error" role="alert">
          The initial state is not valid JSON, so that edit is not applied. Fix it, or close again to drop it.
        </p>
      )}
      {draft ? (
        <EnvironmentForm environment={draft} onChange={update} onStateValid={onStateValid} />
      ) : (
        <div className="empty-state">
          <p>This graph has no environment.</p>
          <p className="muted">
            An environment is a world the graph’s tools share: JavaScript that keeps a state across the calls of a run
            (a cart, a file system, a calendar), and a goal check that judges the run by the state it leaves. Start from
            one written from the graph’s tools: a function per tool and a goal stub.
          </p>
          <button type="button" className="primary" onClick={add}>
            Add environment
          </button>
        </div>
      )}
    </ModalDialog>
  );
}

/** The code and the initial state beside Try it. */
function EnvironmentForm({
  environment,
  onChange,
  onStateValid,
}: {
  environment: Environment;
  onChange(next: Environment, debounce?: boolean): void;
  /** Whether the initial state's text, as typed, is JSON. */
  onStateValid(valid: boolean): void;
}) {
  const tools = useEditor((s) => s.history.present.tools);
  return (
    <div className="environment-body">
      <div className="environment-sources">
        <EnvironmentTools tools={tools} />
        <Suspense fallback={<p className="muted">Loading editor…</p>}>
          <h3>Code</h3>
          <p className="muted">
            <code>const tools = {'{ name(state, args) { … } }'}</code> reads and changes <code>state</code> and returns
            the result; <code>function goal(state, calls)</code> returns <code>{'{ success, reason }'}</code>.
          </p>
          <CodeEditor
            path="inmemory://trellis/environment.js"
            label="Environment code"
            className="environment-code"
            height="340px"
            code={environment.code}
            onChange={(code) => onChange({ ...environment, code })}
          />
          <CodeCheck code={environment.code} />
          <h3>Initial state</h3>
          <JsonEditor
            path="environment.initial-state"
            label="Initial state"
            value={environment.initialState}
            onChange={(initialState) => onChange({ ...environment, initialState })}
            onValid={onStateValid}
            height={160}
          />
        </Suspense>
      </div>
      <EnvironmentTry environment={environment} tools={tools} />
    </div>
  );
}

/** How long typing pauses before the code is run to see what it declares. */
const CHECK_DELAY_MS = 400;

/** What the code declares when it runs (its tools, a goal), or why it does not run, as it is typed. */
function CodeCheck({ code }: { code: string }) {
  const [check, setCheck] = useState<Result<'environments.check'> | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api
        .invoke('environments.check', { code })
        .then((result) => current && setCheck(result))
        .catch(() => current && setCheck(null));
    }, CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code]);
  if (!check) return null;
  if (!check.ok)
    return (
      <p className="error" role="status" data-testid="environment-check">
        {check.error.endsWith('.') ? check.error : `${check.error}.`} Runs and Try it fail until it is fixed.
      </p>
    );
  const count = check.tools.length;
  return (
    <p className="muted" data-testid="environment-check">
      Declares {count} tool function{count === 1 ? '' : 's'}
      {count ? ` (${check.tools.join(', ')})` : ''}
      {check.goal ? ' and a goal.' : '; no goal, so runs end without a verdict.'}
    </p>
  );
}
