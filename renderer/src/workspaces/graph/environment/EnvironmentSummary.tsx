import { Globe } from 'lucide-react';
import { CommandButton } from '../../../components/CommandButton';
import { useEditor } from '../editor/editor-context';
import './environment.css';

/** Whether the graph has an environment, and the way to edit or add one. */
export function EnvironmentSummary() {
  const environment = useEditor((s) => s.history.present.environment ?? null);
  return (
    <section className="environment-summary" aria-label="Environment">
      <h3>Environment</h3>
      <p className="muted" data-testid="environment-summary">
        {environment
          ? `The tools share a world${environment.source ? ` (${environment.source})` : ''}: runs start from its initial state and keep it across their calls.`
          : 'None: each call is answered on its own. An environment keeps a world the tools share across a run.'}
      </p>
      <CommandButton
        id="graph.editEnvironment"
        icon={Globe}
        label={environment ? 'Edit environment…' : 'Add environment…'}
      />
    </section>
  );
}
