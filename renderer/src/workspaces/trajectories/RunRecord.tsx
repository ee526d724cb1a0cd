import { countOf } from '../../../../shared/text';
import { describeOutcome, outcomeWord, type Trajectory } from '../../../../shared/domain';

/** A metadata value in one line: text as it is, anything else as compact JSON, cut for the eye. */
function shortValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * What the record says of its run besides its turns: the outcome its harness gave, and the
 * metadata (task, model, harness, and every field no turn holds), each value whole on demand.
 */
export function RunRecord({ trajectory }: { trajectory: Pick<Trajectory, 'outcome' | 'metadata'> }) {
  const { outcome, metadata } = trajectory;
  const fields = Object.entries(metadata ?? {});
  if (!outcome && !fields.length) return null;
  return (
    <div className="run-record" data-testid="run-record">
      {outcome && (
        <p className={`outcome outcome-${outcome.status}`} data-testid="trajectory-outcome">
          <strong>{outcomeWord(outcome)}</strong> · {describeOutcome(outcome)}
        </p>
      )}
      {fields.length > 0 && (
        <details>
          <summary>Metadata ({countOf(fields.length, 'field')})</summary>
          <dl className="metadata" aria-label="Metadata">
            {fields.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd title={typeof value === 'string' ? value : JSON.stringify(value, null, 2)}>{shortValue(value)}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
