import { ScanSearch, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import type { LoadSettings } from '../../../../shared/contract/models';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useJob } from '../../api/use-job';
import { useQuery } from '../../api/use-query';
import { useUi } from '../../state/ui-store';
import { BinaryPanel } from './BinaryPanel';
import { NoModelGuide } from './NoModelGuide';
import { Playground } from './Playground';
import { RemoteServerForm } from './RemoteServerForm';
import { ErrorNote } from '../../components/ErrorNote';

type Inspected = Result<'models.inspect'>;

const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
const millions = (n: number | null) =>
  n === null ? 'unknown' : n >= 1e9 ? `${(n / 1e9).toFixed(2)} B` : `${(n / 1e6).toFixed(1)} M`;

/** Models workspace: pick a GGUF, see what it is, load it with settings, try it out. */
export function ModelsWorkspace() {
  const status = useQuery(() => api.invoke('models.status', {}), []);
  const info = useQuery(() => api.invoke('system.info', {}), []);
  const [path, setPath] = useState('');
  const [settings, setSettings] = useState<LoadSettings | null>(null);
  const [details, setDetails] = useState<Inspected | null>(null);
  const action = useAction();
  const loadJob = useJob();
  const busy = action.busy || loadJob.busy;
  const notify = useUi((s) => s.notify);

  // The last model used and its settings come back; otherwise this machine's defaults.
  useEffect(() => {
    if (!status.data || settings) return;
    setSettings(status.data.last?.settings ?? status.data.defaults);
    setPath((p) => p || status.data!.last?.path || '');
  }, [status.data, settings]);

  const inspect = () =>
    action.run(async () => {
      setDetails(await api.invoke('models.inspect', { path }));
      status.reload(); // the model process now runs: its binding shows
    });
  const load = () =>
    loadJob.run(async (jobId) => {
      const loaded = await api.invoke('models.load', { path, settings: settings!, jobId });
      const asked = settings!.sequences ?? status.data?.defaults.sequences ?? 1;
      const fewer = loaded.sequences < asked ? ` Only ${loaded.sequences} of ${asked} sequences fit in memory.` : '';
      notify(`Loaded ${loaded.path} (${loaded.gpu ? `GPU: ${loaded.gpu}` : 'CPU'}).${fewer}`, 'info', 'models');
      status.reload();
    });
  const loaded = status.data?.loaded ?? null;
  // Nothing to generate with yet: the guide comes first, what to load and how after it.
  const none = status.data !== undefined && !loaded && !status.data.remote;
  const guide = (
    <NoModelGuide
      onPick={(picked) => {
        setPath(picked);
        setDetails(null);
        document.querySelector<HTMLInputElement>('[aria-label="Model path"]')?.focus();
      }}
    />
  );
  const set = <K extends keyof LoadSettings>(key: K, value: LoadSettings[K]) =>
    setSettings((s) => (s ? { ...s, [key]: value } : s));

  return (
    <section className="page models" aria-label="Models">
      <h1>Models</h1>
      <p className="muted">
        A local GGUF model runs in a separate helper process: a crash there never touches your workspace.
      </p>
      {none && guide}
      {none && <h2>Load a model</h2>}
      <div className="model-path">
        <label>
          GGUF file
          <input
            aria-label="Model path"
            placeholder="/path/to/model.gguf"
            value={path}
            onChange={(e) => setPath(e.target.value)}
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
          <dd>{details.trainedContextLength ?? 'unknown'}</dd>
          <dt>Chat template</dt>
          <dd>{details.hasChatTemplate ? 'yes' : 'no (prompts are sent as plain text)'}</dd>
          <dt>File size</dt>
          <dd>{gib(details.fileBytes)}</dd>
          <dt>GPU</dt>
          <dd>
            {details.estimate?.gpu
              ? `${details.estimate.gpu}: auto offloads ${details.estimate.autoGpuLayers ?? '?'} of ${details.estimate.totalLayers} layers; all layers need ${gib(details.estimate.fullOffloadVramBytes)} VRAM (${gib(details.estimate.freeVramBytes)} free)`
              : 'none found: runs on the CPU'}
          </dd>
          <dt>Fits in free RAM</dt>
          <dd>
            {details.fit.fitsInRam ? 'yes' : 'no'} ({gib(details.fit.freeRamBytes)} free)
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
          <NumberSetting label="Threads" min={1} value={settings.threads} onChange={(v) => set('threads', v)} />
          <NumberSetting label="Batch size" min={1} value={settings.batchSize} onChange={(v) => set('batchSize', v)} />
          <NumberSetting
            label="Sequences"
            min={1}
            value={settings.sequences ?? status.data?.defaults.sequences ?? 1}
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
            <button
              type="button"
              disabled={!loaded}
              onClick={() => void api.invoke('models.unload', {}).then(() => status.reload())}
            >
              Unload
            </button>
          </div>
          {loadJob.progress && (
            <progress aria-label="Load progress" value={loadJob.progress.done} max={loadJob.progress.total} />
          )}
        </fieldset>
      )}
      {status.data && <RemoteServerForm remote={status.data.remote} onChange={status.reload} />}
      <h2>In use</h2>
      {status.data?.remote ? (
        <p data-testid="remote-model">
          Server {status.data.remote.baseUrl}, model {status.data.remote.model}, {status.data.remote.concurrency}{' '}
          {status.data.remote.concurrency === 1 ? 'request' : 'requests'} at once
        </p>
      ) : loaded ? (
        <p data-testid="loaded-model">
          {loaded.path} — {loaded.architecture},{' '}
          {loaded.gpu ? `GPU (${loaded.gpu}), ${loaded.gpuLayers} layers offloaded` : 'CPU'}, context{' '}
          {loaded.contextSize} per sequence, {loaded.sequences} {loaded.sequences === 1 ? 'sequence' : 'sequences'},{' '}
          {loaded.threads} {loaded.threads === 1 ? 'thread' : 'threads'}
          {loaded.cores?.length ? ` on ${loaded.cores.length === 1 ? 'core' : 'cores'} ${loaded.cores.join(', ')}` : ''}
          {status.data?.memory &&
            ` — helper RAM ${gib(status.data.memory.ramBytes)}${status.data.memory.vramTotalBytes ? `, VRAM ${gib(status.data.memory.vramUsedBytes)} of ${gib(status.data.memory.vramTotalBytes)}` : ''}`}
        </p>
      ) : (
        <p className="muted" data-testid="no-model-in-use">
          None yet: see above for a model to get.
        </p>
      )}
      {(loaded || status.data?.remote) && <Playground />}
      {status.data && <BinaryPanel binary={status.data.binary} native={status.data.native} onChange={status.reload} />}
    </section>
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
