import type { Result } from '../../../../shared/contract';
import { describeOutcome, type Turn } from '../../../../shared/domain';
import { countOf } from '../../../../shared/text';
import { ErrorNote } from '../../components/ErrorNote';

type Preview = Result<'mappings.preview'>;

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What a turn says in one line: its text, its calls as `name(args)`, the call a result answers. */
function turnLine(turn: Turn): string {
  const parts: string[] = [];
  if (turn.thought) parts.push(`(thinks) ${turn.thought}`);
  if (turn.content) parts.push(turn.content);
  for (const call of turn.toolCalls ?? []) parts.push(`→ ${call.name}(${JSON.stringify(call.args)}) [${call.id}]`);
  if (turn.toolCallId) parts.unshift(`[answers ${turn.toolCallId}]`);
  return clip(parts.join(' ') || '(empty)');
}

/** The first trajectories a mapping finds in the file, live, with every problem it meets. */
export function MappingPreviewView({
  preview,
  error,
  stale,
}: {
  preview: Preview | undefined;
  error: string | undefined;
  stale: boolean;
}) {
  return (
    <section className="mapping-preview" aria-label="Mapping preview" aria-busy={stale}>
      <h4>
        Preview
        {preview && (
          <span className="muted">
            {' '}
            {countOf(preview.runs, 'run')} in the first {countOf(preview.sample.records, 'record')}
          </span>
        )}
      </h4>
      <ErrorNote message={error} />
      {preview && preview.problems.length > 0 && (
        <ul className="mapping-problems" aria-label="Mapping problems">
          {preview.problems.slice(0, 8).map((p, i) => (
            <li key={i}>
              {p.where}: {p.reason}
            </li>
          ))}
          {preview.problems.length > 8 && <li>… and {preview.problems.length - 8} more.</li>}
        </ul>
      )}
      {preview?.trajectories.map(({ where, parsed }) => (
        <article key={where} className="mapping-run" data-testid="mapping-run">
          <header>
            <strong>{where}</strong>
            <span className="muted">
              {' '}
              {countOf(parsed.turns.length, 'turn')},{' '}
              {countOf(parsed.turns.flatMap((t) => t.toolCalls ?? []).length, 'call')}
              {parsed.outcome ? `, ${describeOutcome(parsed.outcome)} (${parsed.outcome.status})` : ', no outcome'}
              {typeof parsed.metadata?.model === 'string' ? `, model ${parsed.metadata.model}` : ''}
              {typeof parsed.metadata?.task_id === 'string' ? `, task ${parsed.metadata.task_id}` : ''}
            </span>
          </header>
          <ol>
            {parsed.turns.slice(0, 12).map((turn, i) => (
              <li key={i} className={`mapping-turn role-${turn.role}`}>
                <span className="mapping-role">{turn.role}</span> {turnLine(turn)}
              </li>
            ))}
            {parsed.turns.length > 12 && <li className="muted">… and {parsed.turns.length - 12} more turns.</li>}
          </ol>
        </article>
      ))}
    </section>
  );
}
