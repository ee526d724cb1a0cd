import { ScanSearch, Upload } from 'lucide-react';
import { useEffect } from 'react';
import type { Result } from '../../../../shared/contract';
import type { LoadSettings } from '../../../../shared/contract/models';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useJob } from '../../api/use-job';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { JobProgress } from '../../components/JobProgress';
import { useUi } from '../../state/ui-store';
import { useRegisterAction } from '../../commands/panel-actions';
import { size } from './units';
import { formatCount } from '../../../../shared/text';

type Inspected = Result<'models.inspect'>;
type Status = Result<'models.status'>;

const millions = (n: number | null) =>
  n === null ? 'unknown' : n >= 1e9 ? `${(n / 1e9).toFixed(2)} B` : `${(n / 1e6).toFixed(1)} M`;

/** The GGUF to use, what it is (Inspect), the settings to load it with, and Load / Unload. */
export function LoadModel({
  status,
  path,
  setPath,
  details,
  setDetails,
  settings,
  setSettings,
  onChange,
}: {
  status: Status | undefined;
  path: string;
  setPath(path: string): void;
  details: Inspected | null;
  setDetails(details: Inspected | null): void;
  settings: LoadSettings | null;
  setSettings(update: (s: LoadSettings | null) => LoadSettings | null): void;
  onChange(): void;
}) {
  const info = useQuery(() => api.invoke('system.info', {}), []);
  const action = useAction();
  const loadJob = useJob();
  const busy = action.busy || loadJob.busy;
  const notify = useUi((s) => s.notify);
  const loaded = status?.loaded ?? null;
  // Another file: what was said of the last one (its error, its details) no longer applies.
  const { clear: clearAction } = action;
  const { clear: clearLoad } = loadJob;
  useEffect(() => {
    clearAction();
    clearLoad();
  }, [path, clearAction, clearLoad]);
  const inspect = () =>
    action.run(async () => {
      clearLoad();
      setDetails(await api.invoke('models.inspect', { path }));
      onChange(); // the model process now runs: its binding shows
    });
  const load = () =>
    loadJob.run(async (jobId) => {
      clearAction();
      const result = await api.invoke('models.load', { path, settings: settings!, jobId });
      const asked = settings!.sequences ?? status?.defaults.sequences ?? 1;
      const fewer = result.sequences < asked ? ` Only ${result.sequences} of ${asked} sequences fit in memory.` : '';
      notify(`Loaded ${result.path} (${result.gpu ? `GPU: ${result.gpu}` : 'CPU'}).${fewer}`, 'info', 'models');
      onChange();
    });
  const unload = () => void api.invoke('models.unload', {}).then(onChange);
  // The commands run these buttons, off while the buttons are, saying why.
  const notReady = !path.trim() ? 'Type or pick a GGUF file first' : busy ? 'Working…' : undefined;
  useRegisterAction('inspectModel', () => void inspect(), notReady);
  useRegisterAction('loadModel', () => void load(), notReady ?? (settings ? undefined : 'Reading the load settings…'));
  useRegisterAction('unloadModel', unload, !loaded ? 'No model is loaded' : busy ? 'Working…' : undefined);
  const set = <K extends keyof LoadSettings>(key: K, value: LoadSettings[K]) =>
    setSettings((s) => (s ? { ...s, [key]: value } : s));
  return (
    <section className="load-model" aria-label="Load a model">
      <h2>Load a model</h2>
      <div className="model-path">
        <label>
          GGUF file
          <input
            aria-label="Model path"
            placeholder="/path/to/model.gguf"
            value={path}
            onChange={(e) => {
              setPath(e.target.value);
              setDetails(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && path.trim() && !busy) void inspect();
            }}
          />
        </label>
        {info.data?.host === 'electron' && (
          <button
            type="button"
            onClick={async () => {
              const picked = await api.invoke('system.pickFile', { title: 'GGUF model', extensions: ['gguf'] });
              if (picked.path) setPath(picked.path);
            }}
          >
            Browse…
          </button>
        )}
        <button type="button" disabled={!path.trim() || busy} onClick={() => void inspect()}>
          <ScanSearch size={14} aria-hidden />
          Inspect
        </button>
      </div>
      <ErrorNote message={action.error ?? loadJob.error} />
      {details && (
        <dl className="model-details" aria-label="Model details">
          <dt>Architecture</dt>
          <dd>{details.architecture}</dd>
          <dt>Parameters</dt>
          <dd>{millions(details.parameters)}</dd>
          <dt>File type</dt>
          <dd>{details.fileType ?? 'unknown'}</dd>
          <dt>Trained context</dt>
          <dd>{details.trainedContextLength == null ? 'unknown' : formatCount(details.trainedContextLength)}</dd>
          <dt>Chat template</dt>
          <dd>{details.hasChatTemplate ? 'yes' : 'no (prompts are sent as plain text)'}</dd>
          <dt>File size</dt>
          <dd>{size(details.fileBytes)}</dd>
          <dt>GPU</dt>
          <dd>
            {details.estimate?.gpu
              ? `${details.estimate.gpu}: auto offloads ${details.estimate.autoGpuLayers ?? '?'} of ${details.estimate.totalLayers} layers; all layers need ${size(details.estimate.fullOffloadVramBytes)} VRAM (${size(details.estimate.freeVramBytes)} free)`
              : 'none found: runs on the CPU'}
          </dd>
          <dt>Fits in free RAM</dt>
          <dd>
            {details.fit.fitsInRam ? 'yes' : 'no'} ({size(details.fit.freeRamBytes)} free)
          </dd>
        </dl>
      )}
      {settings && (
        <fieldset className="model-settings" disabled={busy}>
          <legend>Load settings</legend>
          <label>
            GPU layers
            <input
              aria-label="GPU layers"
              value={String(settings.gpuLayers)}
              onChange={(e) => {
                const v = e.target.value.trim();
                set('gpuLayers', v === 'auto' || v === 'max' ? v : Math.max(0, Number.parseInt(v, 10) || 0));
              }}
            />
          </label>
          <NumberSetting
            label="Context size"
            min={128}
            value={settings.contextSize}
            onChange={(v) => set('contextSize', v)}
          />
          <TrainedContextHint
            trained={details?.trainedContextLength ?? null}
            contextSize={settings.contextSize}
            onUse={(v) => set('contextSize', v)}
          />
          <NumberSetting label="Threads" min={1} value={settings.threads} onChange={(v) => set('threads', v)} />
          <NumberSetting label="Batch size" min={1} value={settings.batchSize} onChange={(v) => set('batchSize', v)} />
          <NumberSetting
            label="Sequences"
            min={1}
            value={settings.sequences ?? status?.defaults.sequences ?? 1}
            onChange={(v) => set('sequences', v)}
            title="Generations run at once, decoded in one batch (synthesis, simulated tools, plan candidates); each holds its own context"
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.flashAttention}
              onChange={(e) => set('flashAttention', e.target.checked)}
            />{' '}
            Flash attention
          </label>
          <div className="buttons">
            <button type="button" className="primary" disabled={!path.trim()} onClick={() => void load()}>
              <Upload size={14} aria-hidden />
              {loadJob.busy ? 'Loading…' : 'Load'}
            </button>
            <button type="button" disabled={!loaded} onClick={unload}>
              Unload
            </button>
          </div>
          {loadJob.busy && <JobProgress progress={loadJob.progress} label="Load progress" onCancel={loadJob.cancel} />}
        </fieldset>
      )}
    </section>
  );
}

/** Says when the context asked for is longer than the model was trained on, and offers that length. */
function TrainedContextHint({
  trained,
  contextSize,
  onUse,
}: {
  trained: number | null;
  contextSize: number;
  onUse(contextSize: number): void;
}) {
  if (trained === null || contextSize <= trained) return null;
  const length = formatCount(trained);
  return (
    <p className="setting-hint" role="note">
      Longer than this model’s trained context ({length} tokens): past {length} its answers may degrade.{' '}
      <button type="button" className="link" onClick={() => onUse(trained)}>
        Use {length}
      </button>
    </p>
  );
}

function NumberSetting({
  label,
  min,
  value,
  onChange,
  title,
}: {
  label: string;
  min: number;
  value: number;
  onChange(value: number): void;
  title?: string;
}) {
  return (
    <label title={title}>
      {label}
      <input
        type="number"
        aria-label={label}
        min={min}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}
