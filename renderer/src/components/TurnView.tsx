import type { Finding, Turn } from '../../../shared/domain';
import { ProblemLine } from './ProblemLine';
import { formatCount } from '../../../shared/text';

/** 0.17 ms, 72.5 ms, 1,204 ms: enough digits to compare turns, no more. */
const formatMs = (ms: number) => `${ms < 100 ? ms.toFixed(ms < 1 ? 2 : 1) : formatCount(Math.round(ms))} ms`;

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** One turn: role, thought, text, calls with their arguments as JSON, and the findings on it. */
export function TurnView({
  turn,
  index,
  findings = [],
  editedAt,
  failed = false,
}: {
  turn: Turn;
  index: number;
  findings?: Finding[];
  /** When the turn was edited (its recorded original is kept); absent for a turn as recorded. */
  editedAt?: string;
  /** An observation whose call failed (its result is an error): marked so, in the error colour. */
  failed?: boolean;
}) {
  const worst = failed || findings.some((f) => f.severity === 'error') ? 'error' : findings.length ? 'warning' : '';
  return (
    <article className={`turn turn-${turn.role} ${worst}`} data-testid={`turn-${index}`} aria-label={`Turn ${index}`}>
      <header>
        <span className="turn-index">#{index}</span> <span className="role">{turn.role}</span>
        {editedAt && (
          <span className="edited-mark" title={`Edited ${editedAt}; the recorded original is kept`}>
            edited
          </span>
        )}
        {turn.toolCallId && <span className="muted"> ← {turn.toolCallId}</span>}
        {failed && (
          <span className="failed-mark" data-testid="call-failed" title="The call answered an error">
            call failed
          </span>
        )}
        {turn.timing && (
          <span className="muted" data-testid="turn-timing">
            {' · '}
            {formatMs(turn.timing.durationMs)}
          </span>
        )}
        {turn.tokens && (
          <span className="muted" data-testid="turn-tokens" title="Tokens the model read (its prompt) and wrote">
            {' '}
            · {formatCount(turn.tokens.prompt)} prompt + {formatCount(turn.tokens.completion)} generated tokens
          </span>
        )}
      </header>
      {turn.thought && <p className="thought">{turn.thought}</p>}
      {turn.content && <pre className="content">{turn.content}</pre>}
      {turn.toolCalls?.map((call) => (
        <div key={call.id} className="call">
          <span className="call-name">{call.name}</span> <span className="muted">{call.id}</span>
          <pre>{pretty(call.args)}</pre>
        </div>
      ))}
      {findings.length > 0 && (
        <ul className="findings" aria-label={`Findings on turn ${index}`}>
          {findings.map((f, i) => (
            <li key={i} className={f.severity}>
              <ProblemLine problem={f} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
