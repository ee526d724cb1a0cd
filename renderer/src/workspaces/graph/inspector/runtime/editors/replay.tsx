import { countOf, trajectoriesCount } from '../../../../../../../shared/text';
import { canonicalJson } from '../../../../../../../shared/json';
import { useGraphUi } from '../../../state';
import type { EditorProps, RuntimeEditor } from './types';

const SHOWN = 8;
const short = (value: unknown) => {
  const text = canonicalJson(value ?? null);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** What a replay runtime answers with: recorded arguments and observations, and where they came from. */
function ReplaySummary({ runtime }: EditorProps<'replay'>) {
  const { trajectories, calls, dropped } = runtime.source;
  return (
    <div className="runtime-fields replay-summary">
      <p data-testid="replay-summary">
        {countOf(runtime.recordings.length, 'recording')} of {countOf(calls, 'call')} in{' '}
        {trajectoriesCount(trajectories)}
        {dropped > 0 &&
          `; the ${dropped} rarest argument sets were left out (at most ${runtime.recordings.length} kept)`}
        .
      </p>
      <p className="muted">
        A call with recorded arguments gets the recorded observation; any other gets the nearest recording’s (most equal
        values, then the most similar text), marked “replayed: nearest to …” in its turn.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Arguments</th>
            <th scope="col">Observation</th>
          </tr>
        </thead>
        <tbody>
          {runtime.recordings.slice(0, SHOWN).map((r, i) => (
            <tr key={i}>
              <td>
                <code>{short(r.args)}</code>
              </td>
              <td>
                <code className={r.error !== undefined ? 'error' : undefined}>
                  {r.error !== undefined ? `error: ${r.error}` : short(r.result)}
                </code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {runtime.recordings.length > SHOWN && <p className="muted">…and {runtime.recordings.length - SHOWN} more.</p>}
      <button type="button" onClick={() => useGraphUi.getState().openDialog('replay')}>
        Make again from trajectories…
      </button>
    </div>
  );
}

/** Made from trajectories in the replay dialog, for one tool or a selection; shown, not edited. */
export const replayEditor: RuntimeEditor<'replay'> = {
  Editor: ReplaySummary,
  opensDialog: 'replay',
  forSelection: { label: 'Replay of recorded calls…', runtimeFor: () => null },
};
