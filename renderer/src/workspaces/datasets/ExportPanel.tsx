import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TrellisError } from '../../../../shared/errors';
import { api } from '../../api/api';
import type { useJob } from '../../api/use-job';
import { ErrorNote } from '../../components/ErrorNote';
import { PathField } from '../../components/PathField';
import { QuickPick, type QuickPickOption } from '../../components/QuickPick';
import { countOf } from '../../../../shared/text';
import { useUi } from '../../state/ui-store';
import { ExportResult, type Exported } from './ExportResult';
import { useRegisterAction } from '../../commands/panel-actions';
import type { ReasoningMode } from '../../../../shared/formats/export-records';
import { EXPORT_FORMAT_IDS, EXPORT_FORMATS, type ExportFormat } from '../../../../shared/formats/export-formats';

type Format = ExportFormat;

/** How the Thoughts choice names each way of writing them. */
const REASONING_LABELS: Record<ReasoningMode, string> = {
  inline: 'Inline <think>…</think>',
  drop: 'Drop',
  field: 'reasoning_content field',
};

const FORMATS: QuickPickOption<Format>[] = EXPORT_FORMAT_IDS.map((value) => ({
  value,
  label: EXPORT_FORMATS[value].label,
}));

/**
 * The status bar's line for a finished export: short, as the bar has one line; the files, the
 * report and the whole of a refusal are under the form.
 */
function exportedText(result: Exported): string {
  if (result.cancelled) return 'Export cancelled: no file was changed.';
  const { written, leftOut } = result.report;
  const files = countOf(result.files.length, 'file');
  return `Exported ${countOf(written, 'record')} in ${files}${leftOut ? `, ${leftOut} left out` : ''}: see under the Export form.`;
}

/** The first sentence of an error, for the status bar (`Nothing to export: … checks.`). */
const firstSentence = (message: string) => `${message.split(/ \(|\. /)[0]!.replace(/\.$/, '')}.`;

/**
 * Export of a dataset to SFT files. Records that break the format's rules and items labelled
 * rejected or needs-fix are left out unless the boxes include them; the report says which. What
 * an export did (or why it refused) is said in the status bar and shown under the form, scrolled
 * into view: the form sits at the foot of a long panel.
 */
export function ExportPanel({
  datasetId,
  job,
  busy,
}: {
  datasetId: string;
  job: ReturnType<typeof useJob>;
  busy: boolean;
}) {
  const [format, setFormat] = useState<Format>('openai');
  const [dir, setDir] = useState('');
  const [includeRejected, setIncludeRejected] = useState(false);
  const [includeInvalid, setIncludeInvalid] = useState(false);
  /** The Thoughts choice per format: each format's own default until the user picks another. */
  const [reasoningBy, setReasoningBy] = useState<Partial<Record<Format, ReasoningMode>>>({});
  const reasoning = reasoningBy[format] ?? EXPORT_FORMATS[format].reasoning[0]!;
  /** The last export, with the format and folder it was made with: the form may have changed since. */
  const [exported, setExported] = useState<{ result: Exported; format: Format; dir: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The format and folder of an export refused because an earlier export's files are there (E3005). */
  const [refused, setRefused] = useState<{ format: Format; dir: string } | null>(null);
  const [shown, setShown] = useState(0);
  const outcome = useRef<HTMLDivElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const notify = useUi((s) => s.notify);
  useEffect(() => {
    if (shown) outcome.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);

  const run = (replace = false) => {
    if (busy) return;
    if (!dir.trim()) {
      // From the palette with no folder yet: open the form where the folder goes.
      folder.current?.scrollIntoView({ block: 'center' });
      folder.current?.focus();
      notify('Export: type the folder to write the files to, then press Enter or Export.');
      return;
    }
    void job.run(async (jobId) => {
      setError(null);
      setRefused(null);
      try {
        const result = await api.invoke('datasets.export', {
          id: datasetId,
          format,
          dir,
          jobId,
          includeRejected,
          includeInvalid,
          reasoning,
          replace,
        });
        setExported({ result, format, dir });
        notify(exportedText(result));
      } catch (e) {
        // Said here, beside the button, rather than at the top of the panel.
        setExported(null);
        setError((e as Error).message);
        if ((e as TrellisError).code === 'E3005') setRefused({ format, dir });
        notify(firstSentence((e as Error).message), 'error');
      }
      setShown((n) => n + 1);
    });
  };
  useRegisterAction('export', () => run());
  const canReplace = refused?.format === format && refused.dir === dir;

  return (
    <form
      className="export-form"
      aria-label="Export"
      onSubmit={(e) => {
        e.preventDefault();
        run();
      }}
    >
      <div className="row">
        <label>
          Format
          <QuickPick label="Export format" value={format} options={FORMATS} onChange={setFormat} />
        </label>
        <label title="Where each assistant turn's thought goes: OpenAI's fine-tuning schema has no field for it; LLaMA-Factory's reasoning templates read it inline">
          Thoughts
          <QuickPick
            label="Thoughts"
            value={reasoning}
            options={EXPORT_FORMATS[format].reasoning.map((mode, i) => ({
              value: mode,
              label: `${REASONING_LABELS[mode]}${i === 0 ? ' (default)' : ''}`,
            }))}
            disabled={EXPORT_FORMATS[format].reasoning.length < 2}
            onChange={(mode) => setReasoningBy((r) => ({ ...r, [format]: mode }))}
          />
        </label>
        <label className="grow">
          Folder
          <PathField
            inputRef={folder}
            label="Export folder"
            mode="folder"
            placeholder="/path/to/folder"
            value={dir}
            onChange={setDir}
          />
        </label>
        <button type="submit" disabled={!dir.trim() || busy}>
          <Download size={14} aria-hidden />
          Export
        </button>
      </div>
      <div className="row">
        <label>
          <input type="checkbox" checked={includeRejected} onChange={(e) => setIncludeRejected(e.target.checked)} />{' '}
          Include rejected / needs-fix
        </label>
        <label title="An unpaired tool message, a record without a final answer, a role order the trainer refuses">
          <input type="checkbox" checked={includeInvalid} onChange={(e) => setIncludeInvalid(e.target.checked)} />{' '}
          Include records that break the format&apos;s rules
        </label>
      </div>
      <div ref={outcome} className="export-outcome">
        <ErrorNote message={error} />
        {canReplace && (
          <p className="row">
            <span className="muted">Choose another folder, or</span>
            <button type="button" disabled={busy} onClick={() => run(true)}>
              Replace them
            </button>
          </p>
        )}
        {exported && (
          <ExportResult
            result={exported.result}
            made={`Last export: ${FORMATS.find((f) => f.value === exported.format)!.label}, to ${exported.dir}`}
            stale={exported.format !== format}
          />
        )}
      </div>
    </form>
  );
}
