import { FileText, Save } from 'lucide-react';
import { countOf } from '../../../../shared/text';
import { CommandButton } from '../../components/CommandButton';
import { useShallow } from '../../state/create-store';
import { usePlans } from './plans-state';

/** The plan editor's title bar: how many steps and problems, the WorfBench text toggle, Save plan. */
export function PlanHeader({ showText, onShowText }: { showText: boolean; onShowText(show: boolean): void }) {
  const { steps, problems, checking } = usePlans(
    useShallow((s) => ({ steps: s.steps, problems: s.problems, checking: s.checking })),
  );
  return (
    <header>
      <strong>Plan</strong>
      <span className="muted" data-testid="plan-summary">
        {countOf(steps.length, 'step')} · {checking ? 'checking…' : countOf(problems.length, 'problem')}
      </span>
      <span className="plan-tools">
        <button
          type="button"
          className="icon-button"
          aria-expanded={showText}
          title={showText ? 'Hide the WorfBench text' : 'The plan as WorfBench text (read or write)'}
          onClick={() => onShowText(!showText)}
        >
          <FileText size={15} aria-hidden />
          {/* Named by text, not aria-label: the WorfBench text field is the one labelled so. */}
          <span className="visually-hidden">{showText ? 'Hide text' : 'WorfBench text…'}</span>
        </button>
        <CommandButton id="plan.save" icon={Save} iconSize={15} iconOnly label="Save plan" />
      </span>
    </header>
  );
}
