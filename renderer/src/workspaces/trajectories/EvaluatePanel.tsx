import { countOf } from '../../../../shared/text';
import { useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { ErrorNote } from '../../components/ErrorNote';
import { downloadCsv } from './csv';
import { PlotChart, scoreHistogram } from '../../components/PlotChart';

type WorfResult = Result<'evaluation.worfbench'>;
type BfclResult = Result<'evaluation.bfcl'>;

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

/** WorfBench and BFCL scoring of prediction files, with the distribution of scores and CSV export. */
export function EvaluatePanel() {
  const [metric, setMetric] = useState<'worfbench' | 'bfcl'>('worfbench');
  const [files, setFiles] = useState({ pred: '', gold: '', answers: '', entries: '' });
  const [compat, setCompat] = useState(false);
  const [matcher, setMatcher] = useState<'lexical' | 'model'>('lexical');
  const [worf, setWorf] = useState<WorfResult | null>(null);
  const [bfcl, setBfcl] = useState<BfclResult | null>(null);
  const action = useAction();
  const set = (key: keyof typeof files) => (value: string) => setFiles((f) => ({ ...f, [key]: value }));
  const run = () =>
    action.run(async () => {
      if (metric === 'worfbench') {
        setWorf(await api.invoke('evaluation.worfbench', { pred: files.pred, gold: files.gold, compat, matcher }));
      } else {
        setBfcl(
          await api.invoke('evaluation.bfcl', { pred: files.pred, answers: files.answers, entries: files.entries }),
        );
      }
    });
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
            <option value="bfcl">BFCL AST check</option>
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
          </>
        )}
        <button type="button" className="primary" disabled={!ready || action.busy} onClick={() => void run()}>
          {action.busy ? 'Scoring…' : 'Score'}
        </button>
      </div>
      <ErrorNote message={action.error} />
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
  return (
    <div data-testid="eval-results">
      <p>
        AST accuracy <strong>{(100 * result.accuracy).toFixed(1)}%</strong> over {result.items.length} entries (
        {Object.entries(result.byCategory)
          .map(([c, v]) => `${c} ${v.valid}/${v.total}`)
          .join(', ')}
        ).
      </p>
      <button
        type="button"
        onClick={() =>
          downloadCsv(
            'bfcl-scores.csv',
            result.items.map((i) => ({ ...i, error: i.error ?? '' })),
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
          </tr>
        </thead>
        <tbody>
          {result.items.map((i) => (
            <tr key={i.id}>
              <td>{i.id}</td>
              <td>{i.category}</td>
              <td className={i.valid ? 'ok' : 'error'}>{i.valid ? 'valid' : i.error}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
