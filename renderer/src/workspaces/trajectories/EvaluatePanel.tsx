import { countOf } from '../../../../shared/text';
import { Fragment, useState } from 'react';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useJob } from '../../api/use-job';
import { ErrorNote } from '../../components/ErrorNote';
import { JobProgress } from '../../components/JobProgress';
import { MultiTurnDetails } from './MultiTurnDetails';
import { downloadCsv } from './csv';
import { PlotChart, scoreHistogram } from '../../components/PlotChart';
import { useShallow } from '../../state/create-store';
import { selectEvaluate, useEvaluate, type BfclResult, type EvaluateFiles, type WorfResult } from './evaluate-state';

function PathInput({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <label>
      {label}
      <input
        aria-label={label}
        placeholder="/path/to/file.jsonl"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/**
 * WorfBench and BFCL scoring of prediction files, with the distribution of scores and CSV export.
 * BFCL scoring is a job (a multi-turn category runs every entry's calls): its progress and Cancel show.
 * The form and the last scores live in a store (evaluate-state.ts): they outlast the panel.
 */
export function EvaluatePanel() {
  const { metric, files, compat, fc, matcher, worf, bfcl } = useEvaluate(useShallow(selectEvaluate));
  const { setForm, setFile, setWorf, setBfcl } = useEvaluate.getState();
  const setMetric = (value: typeof metric) => setForm({ metric: value });
  const setCompat = (value: boolean) => setForm({ compat: value });
  const setFc = (value: boolean) => setForm({ fc: value });
  const setMatcher = (value: typeof matcher) => setForm({ matcher: value });
  const action = useAction();
  const job = useJob();
  const busy = action.busy || job.busy;
  const set = (key: keyof EvaluateFiles) => (value: string) => setFile(key, value);
  const run = () =>
    metric === 'worfbench'
      ? action.run(async () =>
          setWorf(await api.invoke('evaluation.worfbench', { pred: files.pred, gold: files.gold, compat, matcher })),
        )
      : job.run(async (jobId) =>
          setBfcl(
            await api.invoke('evaluation.bfcl', {
              pred: files.pred,
              answers: files.answers,
              entries: files.entries,
              fc,
              jobId,
            }),
          ),
        );
  const ready =
    files.pred.trim() && (metric === 'worfbench' ? files.gold.trim() : files.answers.trim() && files.entries.trim());

  return (
    <section className="evaluate" aria-label="Evaluate">
      <h2>Evaluate predictions</h2>
      <div className="eval-form">
        <label>
          Metric
          <select aria-label="Metric" value={metric} onChange={(e) => setMetric(e.target.value as typeof metric)}>
            <option value="worfbench">WorfBench F1 chain / graph</option>
            <option value="bfcl">BFCL (AST check, multi-turn)</option>
          </select>
        </label>
        <PathInput label="Predictions" value={files.pred} onChange={set('pred')} />
        {metric === 'worfbench' ? (
          <>
            <PathInput label="Gold workflows" value={files.gold} onChange={set('gold')} />
            <label>
              Node matching
              <select
                aria-label="Node matching"
                value={matcher}
                onChange={(e) => setMatcher(e.target.value as typeof matcher)}
              >
                <option value="lexical">lexical (no model needed)</option>
                <option value="model">embeddings of the loaded model</option>
              </select>
            </label>
            <label className="checkbox">
              <input type="checkbox" checked={compat} onChange={(e) => setCompat(e.target.checked)} /> Reference quirks
              (compat)
            </label>
          </>
        ) : (
          <>
            <PathInput label="Possible answers" value={files.answers} onChange={set('answers')} />
            <PathInput label="Test entries" value={files.entries} onChange={set('entries')} />
            <label className="checkbox">
              <input type="checkbox" checked={fc} onChange={(e) => setFc(e.target.checked)} /> Function-calling model
              results ([{'{'}name: arguments{'}'}])
            </label>
          </>
        )}
        <button type="button" className="primary" disabled={!ready || busy} onClick={() => void run()}>
          {busy ? 'Scoring…' : 'Score'}
        </button>
        {job.busy && (
          <JobProgress progress={job.progress} label="Scoring progress" onCancel={job.cancel}>
            {job.progress && `${job.progress.done} of ${job.progress.total} entries`}
          </JobProgress>
        )}
      </div>
      <ErrorNote message={action.error ?? job.error} />
      {metric === 'worfbench' && worf && <WorfResults result={worf} />}
      {metric === 'bfcl' && bfcl && <BfclResults result={bfcl} />}
    </section>
  );
}

function WorfResults({ result }: { result: WorfResult }) {
  return (
    <div data-testid="eval-results">
      <p>
        Mean over {countOf(result.items.length, 'item')}: F1 chain <strong>{result.mean.f1Chain.toFixed(4)}</strong>, F1
        graph <strong>{result.mean.f1Graph.toFixed(4)}</strong>.{' '}
        <span className="muted">
          Nodes matched{' '}
          {result.matcher === 'lexical' ? 'lexically (word overlap, not embeddings)' : 'by model embeddings'}
          {result.compat ? '; reference quirks reproduced' : ''}.
        </span>
      </p>
      <div className="charts">
        <PlotChart
          label="F1 chain distribution"
          make={() =>
            scoreHistogram(
              result.items.map((i) => i.f1Chain),
              'F1 chain',
            )
          }
          deps={[result]}
        />
        <PlotChart
          label="F1 graph distribution"
          make={() =>
            scoreHistogram(
              result.items.map((i) => i.f1Graph ?? 0),
              'F1 graph',
            )
          }
          deps={[result]}
        />
      </div>
      <button
        type="button"
        onClick={() =>
          downloadCsv(
            'worfbench-scores.csv',
            result.items.map((i) => ({ ...i })),
          )
        }
      >
        Export CSV
      </button>
      <table>
        <thead>
          <tr>
            <th>Item</th>
            <th>F1 chain</th>
            <th>F1 graph</th>
            <th>Matched nodes</th>
            <th>Note</th>
          </tr>
        </thead>
        <tbody>
          {result.items.map((i) => (
            <tr key={i.id}>
              <td>{i.id}</td>
              <td>{i.f1Chain.toFixed(4)}</td>
              <td>{i.f1Graph === null ? '—' : i.f1Graph.toFixed(4)}</td>
              <td>{i.matchedNodes}</td>
              <td>{i.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BfclResults({ result }: { result: BfclResult }) {
  const [open, setOpen] = useState<string | null>(null);
  const multiTurn = result.items.some((i) => i.details);
  return (
    <div data-testid="eval-results">
      <p>
        {multiTurn ? 'Accuracy' : 'AST accuracy'} <strong>{(100 * result.accuracy).toFixed(1)}%</strong> over{' '}
        {result.items.length} entries (
        {Object.entries(result.byCategory)
          .map(([c, v]) => `${c} ${v.valid}/${v.total}`)
          .join(', ')}
        ){result.cancelled ? ' — cancelled: the entries scored so far' : ''}.
      </p>
      <button
        type="button"
        onClick={() =>
          downloadCsv(
            'bfcl-scores.csv',
            result.items.map(({ details: _, ...i }) => ({ ...i, error: i.error ?? '', errorType: i.errorType ?? '' })),
          )
        }
      >
        Export CSV
      </button>
      <table>
        <thead>
          <tr>
            <th>Entry</th>
            <th>Category</th>
            <th>Result</th>
            <th>Error type</th>
          </tr>
        </thead>
        <tbody>
          {result.items.map((i) => (
            <Fragment key={i.id}>
              <tr>
                <td>{i.id}</td>
                <td>{i.category}</td>
                <td className={i.valid ? 'ok' : 'error'}>
                  {i.valid ? 'valid' : i.error}{' '}
                  {i.details && (
                    <button
                      type="button"
                      aria-expanded={open === i.id}
                      aria-label={`Details of ${i.id}`}
                      onClick={() => setOpen(open === i.id ? null : i.id)}
                    >
                      {open === i.id ? 'Hide details' : 'Details'}
                    </button>
                  )}
                </td>
                <td>{i.errorType ?? ''}</td>
              </tr>
              {open === i.id && i.details && (
                <tr>
                  <td colSpan={4}>
                    <MultiTurnDetails details={i.details} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
