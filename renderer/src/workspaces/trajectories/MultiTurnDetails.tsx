import type { BfclMultiTurnDetails } from '../../../../shared/contract/evaluation';

/**
 * Why a BFCL multi-turn entry failed: the turn, what differed there (each attribute of the class,
 * or the ground truth's responses the model never gave), then every turn as it ran — the model's
 * decoded calls with their results beside the ground truth's.
 */
export function MultiTurnDetails({ details }: { details: BfclMultiTurnDetails }) {
  return (
    <div className="multi-turn-details" data-testid="multi-turn-details">
      {details.turn !== undefined && (
        <p>Failed at turn {details.turn} (turns count from 0, as the leaderboard&apos;s messages count them).</p>
      )}
      {!details.turns.length && !details.state && !details.missing && (
        <p>No turn ran: the entry failed before its calls were run (its error says why).</p>
      )}
      {details.state && (
        <table aria-label="State differences">
          <caption>{details.state.className}: attributes that differ</caption>
          <thead>
            <tr>
              <th>Attribute</th>
              <th>Model</th>
              <th>Ground truth</th>
            </tr>
          </thead>
          <tbody>
            {details.state.differences.map((d) => (
              <tr key={d.attribute}>
                <td>{d.attribute}</td>
                <td>
                  {d.at && <FirstDifference path={d.at.path} value={d.at.model} />}
                  <code>{d.model}</code>
                </td>
                <td>
                  {d.at && <FirstDifference path={d.at.path} value={d.at.groundTruth} />}
                  <code>{d.groundTruth}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {details.missing && (
        <div aria-label="Missing responses">
          Ground-truth responses missing from the model&apos;s results so far:
          <ul>
            {details.missing.map((m, i) => (
              <li key={i}>
                <code>{m}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ol className="turns" aria-label="Turns run">
        {details.turns.map((turn, t) => (
          <li key={t}>
            <strong>Turn {t}</strong>
            <div className="turn-sides">
              <div>
                Model
                <ul>
                  {turn.steps.flatMap((step, s) =>
                    step.calls.map((call, c) => (
                      <li key={`${s}-${c}`}>
                        <code>{call}</code> → <code>{step.results[c]}</code>
                      </li>
                    )),
                  )}
                  {turn.skipped.map((skip) => (
                    <li key={`skip-${skip.step}`} className="muted">
                      step {skip.step + 1} skipped: {skip.reason}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                Ground truth
                <ul>
                  {turn.groundTruth.map((call, c) => (
                    <li key={c}>
                      <code>{call}</code> → <code>{turn.groundTruthResults[c]}</code>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Where a nested value first differs, above the whole value, so the eye need not diff two trees. */
function FirstDifference({ path, value }: { path: string; value: string }) {
  return (
    <div className="first-difference">
      at <code>{path}</code>: <code>{value}</code>
    </div>
  );
}
