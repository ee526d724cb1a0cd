import type { Tool } from '../../../../../shared/domain';
import { countOf } from '../../../../../shared/text';
import { useUi } from '../../../state/ui-store';
import { useEditorStore } from '../editor/editor-context';

const answersFromEnvironment = (tool: Tool) => tool.runtime?.kind === 'environment';

/**
 * How many of the graph's tools answer from the environment, and the offer to switch the others
 * to it at once (one undoable edit); a single tool switches in the inspector's runtime picker.
 */
export function EnvironmentTools({ tools }: { tools: readonly Tool[] }) {
  const store = useEditorStore();
  const others = tools.filter((t) => !answersFromEnvironment(t));
  const useForOthers = () => {
    store.getState().updateTools(others.map((tool) => ({ ...tool, runtime: { kind: 'environment' } })));
    useUi
      .getState()
      .notify(
        `${countOf(others.length, 'tool')} now answer${others.length === 1 ? 's' : ''} from the environment. Undo with Ctrl+Z.`,
        'info',
        'graph',
      );
  };
  return (
    <div className="environment-tools">
      <p data-testid="environment-tools">
        {tools.length - others.length} of {countOf(tools.length, 'tool')} answer from the environment.{' '}
        <span className="muted">
          A tool does when its runtime is “Environment (shared world)” (the inspector’s runtime picker).
        </span>
      </p>
      {others.length > 0 && (
        <button type="button" onClick={useForOthers}>
          {others.length === tools.length
            ? `Use it for all ${countOf(tools.length, 'tool')}`
            : `Use it for the other ${countOf(others.length, 'tool')}`}
        </button>
      )}
    </div>
  );
}
