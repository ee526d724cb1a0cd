import { useShallow } from '../../state/create-store';
import { describeToolVariants } from '../../../../shared/formats/tool-variants';
import { TRAJECTORY_FORMATS } from '../../../../shared/formats/trajectories/registry';
import { TRAJECTORY_FILE_EXTENSIONS } from '../../../../shared/formats/trajectories/file-shapes';
import { describeAddedTools, describeImport } from '../../../../shared/formats/trajectories/import-report';
import { countOf, formatCount } from '../../../../shared/text';
import { useEffect, useRef } from 'react';
import type { Result } from '../../../../shared/contract';
import type { TrajectoryFormat } from '../../../../shared/contract/trajectories';
import { api } from '../../api/api';
import { useJob } from '../../api/use-job';
import { useGraphs } from '../../api/use-graphs';
import { ErrorNote } from '../../components/ErrorNote';
import { firstClickOnly } from '../../components/first-click';
import { GraphPicker } from '../../components/GraphPicker';
import { JobProgress } from '../../components/JobProgress';
import { PathField } from '../../components/PathField';
import { QuickPick } from '../../components/QuickPick';
import type { TrajectoryMapping } from '../../../../shared/formats/mapping';
import { MappingEditor } from './MappingEditor';
import { useImportDraft, type ToolTarget } from './state';

type Report = Result<'trajectories.import'>;

/** Import a file of trajectories (JSONL, a JSON array or object, Parquet, an inspect .eval; gzip or not) from a path on the machine that runs the backend. */
export function ImportForm({ focusAsked = 0 }: { focusAsked?: number }) {
  const {
    path,
    format,
    lenient,
    target,
    report,
    mapping: mappingOpen,
    patch,
  } = useImportDraft(
    useShallow(({ path, format, lenient, target, report, mapping, patch }) => ({
      path,
      format,
      lenient,
      target,
      report,
      mapping,
      patch,
    })),
  );
  const setPath = (value: string) => patch({ path: value });
  const setFormat = (value: '' | TrajectoryFormat) => patch({ format: value });
  const setLenient = (value: boolean) => patch({ lenient: value });
  const setTarget = (value: ToolTarget) => patch({ target: value });
  const file = useRef<HTMLInputElement>(null);
  // Asked for from the palette: where the user types or chooses the file.
  useEffect(() => {
    if (focusAsked) file.current?.focus();
  }, [focusAsked]);
  const job = useJob();
  const { busy, error, progress } = job;
  const graphs = useGraphs();
  const setReport = (value: Report | null) => patch({ report: value });
  /** A new graph needs a name: without one the records would go in linked to no graph. */
  const unnamedGraph = target.kind === 'new' && !target.name.trim();

  /** Imports the file, found by its format's reader or by the mapping given. */
  const run = (mapping?: TrajectoryMapping) =>
    job.run(async (jobId) => {
      setReport(null);
      const result = await api.invoke('trajectories.import', {
        jobId,
        path,
        mode: lenient ? 'lenient' : 'strict',
        ...(mapping ? { mapping } : {}),
        ...(format ? { format } : {}),
        ...(target.kind === 'existing' ? { graphId: target.graphId } : {}),
        ...(target.kind === 'new' ? { newGraphName: target.name.trim() } : {}),
      });
      setReport(result);
      // Mapped and imported: the editor folds away so the report and the list have the room (its
      // mapping stays in the draft for Map fields… to show again).
      if (mapping && result.committed) patch({ mapping: false });
      // The new graph exists now: a next import goes into it rather than asking for the same name again.
      if (target.kind === 'new' && result.committed && result.tools)
        setTarget({ kind: 'existing', graphId: result.tools.graphId });
    });

  return (
    <section className="import-form" aria-label="Import trajectories">
      <div className="import-fields">
        <label>
          File
          <PathField
            label="Trajectory file"
            mode="file"
            extensions={TRAJECTORY_FILE_EXTENSIONS}
            placeholder="/path/to/logs.jsonl, session.jsonl, run.json, task.traj, log.eval, cassette.yaml, train.parquet or .gz"
            value={path}
            onChange={setPath}
            inputRef={file}
          />
        </label>
        <label>
          Format
          <QuickPick<'' | TrajectoryFormat>
            label="Format"
            value={format}
            options={[
              { value: '', label: 'detect' },
              ...TRAJECTORY_FORMATS.map((f) => ({ value: f.id, label: f.label, title: f.versions })),
            ]}
            onChange={setFormat}
          />
        </label>
        <label>
          Declared tools
          <GraphPicker
            label="Declared tools"
            graphs={graphs.data}
            value={target.kind === 'existing' ? target.graphId : target.kind}
            onChange={(v) =>
              setTarget(
                v === 'none'
                  ? { kind: 'none' }
                  : v === 'new'
                    ? { kind: 'new', name: '' }
                    : { kind: 'existing', graphId: v },
              )
            }
            before={
              <>
                <option value="none">ignore</option>
                <option value="new">into a new graph…</option>
              </>
            }
            optionText={(g) => `into ${g.name}`}
          />
        </label>
        {target.kind === 'new' && (
          <label>
            New graph name
            <input
              aria-label="New graph name"
              // Chosen "into a new graph…": the name is what is asked next.
              autoFocus
              value={target.name}
              aria-invalid={unnamedGraph}
              aria-describedby={unnamedGraph ? 'import-graph-name-needed' : undefined}
              onChange={(e) => setTarget({ kind: 'new', name: e.target.value })}
            />
          </label>
        )}
        {unnamedGraph && (
          <span id="import-graph-name-needed" className="muted" role="note">
            Name the new graph to import into it.
          </span>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={lenient} onChange={(e) => setLenient(e.target.checked)} /> Skip bad records
        </label>
        <button
          type="button"
          className="primary"
          disabled={!path.trim() || unnamedGraph || busy}
          title={unnamedGraph ? 'Name the new graph first' : undefined}
          onClick={firstClickOnly(() => void run())}
        >
          {busy ? 'Importing…' : 'Import'}
        </button>
        <button
          type="button"
          aria-pressed={mappingOpen}
          disabled={!path.trim()}
          title={path.trim() ? 'Say where the runs, turns and outcome are in this file' : 'Choose a file first'}
          onClick={() => patch({ mapping: !mappingOpen })}
        >
          Map fields…
        </button>
      </div>
      {mappingOpen && path.trim() && <MappingEditor path={path.trim()} busy={busy} onImport={(m) => void run(m)} />}
      {busy && progress && (
        <JobProgress progress={progress} label="Import progress" onCancel={job.cancel}>
          {countOf(progress.detail?.lines ?? 0, 'line')} read, {formatCount(progress.detail?.imported ?? 0)} imported,{' '}
          {formatCount(progress.detail?.rejected ?? 0)} rejected…
        </JobProgress>
      )}
      <ErrorNote message={error} />
      {report && <ImportReportView report={report} />}
      {report && unclaimed(report) && !mappingOpen && (
        <p role="note">
          No reader claims this file.{' '}
          <button type="button" onClick={() => patch({ mapping: true })}>
            Map fields…
          </button>
        </p>
      )}
    </section>
  );
}

/** Nothing imported because no reader recognised the records: a mapping is what is missing. */
const unclaimed = (report: Report) => !report.committed && !report.cancelled && !report.format && !report.mapping;

/** What an import did: counts, the fields it left out, conflicting tool declarations, and each rejected record. */
function ImportReportView({ report }: { report: Report }) {
  return (
    <div data-testid="import-report" className="import-report" aria-live="polite">
      <p>
        {describeImport(report)}
        {!report.committed &&
          !report.cancelled &&
          report.rejectedCount > 0 &&
          // Skipping records no reader claims would import nothing: Map fields… is the way in.
          !unclaimed(report) &&
          ` Fix ${report.rejectedCount === 1 ? 'it' : 'them'}, or tick "Skip bad records".`}
        {report.tools && ` ${describeAddedTools(report.tools, 'list')}`}
      </p>
      {(report.notUnderstood.length > 0 || report.notes.length > 0) && (
        <ul className="import-notes" aria-label="Fields kept as metadata">
          {report.notUnderstood.map((n) => (
            <li key={n.field}>
              Kept <code>{n.field}</code> as metadata in {countOf(n.records, 'record')} (first: record {n.firstRecord}).
            </li>
          ))}
          {report.notes.map((n) => (
            <li key={n.note}>
              {n.note} ({countOf(n.records, 'record')})
            </li>
          ))}
        </ul>
      )}
      {report.tools && report.tools.conflicts.length > 0 && (
        <ul className="import-notes" aria-label="Tool conflicts">
          {report.tools.conflicts.map((c) => (
            <li key={c.name}>
              <code>{c.name}</code> is declared {c.variants.length} different ways ({describeToolVariants(c.variants)});
              each record keeps its own.
            </li>
          ))}
        </ul>
      )}
      {report.rejected.length > 0 && (
        <ul className="rejected">
          {report.rejected.slice(0, 50).map((r) => (
            <li key={`${r.line}-${r.offset}`}>
              <span>
                {r.record === undefined ? `line ${r.line}` : `record ${r.record} (line ${r.line}`}
                {r.record === undefined ? ' (' : ', '}byte {r.offset}): {r.reason}
              </span>
              {r.snippet && <code className="snippet">{r.snippet}</code>}
            </li>
          ))}
          {report.rejectedCount > 50 && <li className="muted">… and {report.rejectedCount - 50} more.</li>}
        </ul>
      )}
    </div>
  );
}
