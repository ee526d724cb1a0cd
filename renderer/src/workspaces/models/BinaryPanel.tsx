import { useEffect, useState } from 'react';
import type { JobProgress as Progress } from '../../../../shared/contract/jobs';
import {
  AUTO_BUILD_JOB_ID,
  type AutoBuildStatus,
  type LlamaBackend,
  type LlamaBinary,
  type NativeBuild,
} from '../../../../shared/contract/models';
import { buildProgress, withoutBuildProgress } from '../../../../shared/text';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useJob } from '../../api/use-job';
import { JobProgress } from '../../components/JobProgress';
import { useUi } from '../../state/ui-store';
import { useRegisterAction } from '../../commands/panel-actions';
import { useModels } from './state';

const BACKENDS: { value: 'auto' | LlamaBackend; label: string }[] = [
  { value: 'auto', label: 'As now (GPU in use, else CPU)' },
  { value: 'cpu', label: 'CPU only' },
  { value: 'cuda', label: 'CUDA' },
  { value: 'vulkan', label: 'Vulkan' },
];

/**
 * A build output line worth showing as the build's step: cmake's `[ 45%] Building …`, a command
 * (`$ cmake …`), or a sentence of Trellis's; not a compiler's warning and its source excerpt.
 */
const isStepLine = (line: string) => buildProgress(line) !== null || /^\$ |^[A-Z][a-z]/.test(line);

const kindLabel = (binary: LlamaBinary) =>
  (binary.cpuLibraryBuiltHere
    ? `Prebuilt binding, its ${binary.cpuVariant ?? ''} CPU library built for this machine`
    : binary.kind === 'native'
      ? 'Native build for this machine'
      : 'Prebuilt portable binding') + (binary.nativeCall ? ', with the native generation call' : '');

/**
 * Which llama.cpp binding the model helper runs, and building one for this machine: a native
 * build uses every instruction this CPU has (and the GPU backend asked for), where the prebuilt
 * binding picks from a few portable variants.
 */
export function BinaryPanel({
  binary,
  native,
  autoBuild,
  onChange,
}: {
  binary: LlamaBinary | null;
  native: NativeBuild | null;
  /** The build Trellis starts by itself on a model load (models.status). */
  autoBuild: AutoBuildStatus;
  onChange(): void;
}) {
  const [checked, setChecked] = useState<LlamaBinary | null>(null);
  const backend = useModels((s) => s.buildBackend);
  const setBackend = useModels((s) => s.setBuildBackend);
  const [line, setLine] = useState('');
  const check = useAction();
  const job = useJob();
  const notify = useUi((s) => s.notify);
  const current = checked ?? binary;
  // The step without cmake's own percentage: each cmake run counts from 0 again, the bar counts the whole build.
  useEffect(
    () =>
      api.on('models.buildOutput', (output) => isStepLine(output.line) && setLine(withoutBuildProgress(output.line))),
    [],
  );
  // The automatic build is nobody's click: followed by its job id, from whenever it reports.
  const [autoProgress, setAutoProgress] = useState<Progress | null>(null);
  useEffect(() => api.on('jobs.progress', (p) => p.jobId === AUTO_BUILD_JOB_ID && setAutoProgress(p)), []);
  useEffect(
    () =>
      api.on('jobs.ended', (end) => {
        if (end.jobId !== AUTO_BUILD_JOB_ID) return;
        setAutoProgress(null);
        setChecked(null);
        onChange();
      }),
    [onChange],
  );
  const autoBuilding = !job.busy && (autoBuild.state === 'building' || autoProgress !== null);

  const build = (target = backend) =>
    job.run(async (jobId) => {
      setLine('');
      const result = await api.invoke('models.build', { jobId, backend: target });
      setChecked(result.binary);
      notify(
        result.binary.kind === 'native'
          ? `The ${result.native.backend} build for this machine is ready and in use.`
          : `Built, but the prebuilt binding still runs: ${result.binary.fallbackReason ?? 'see the model process log'}`,
        'info',
        'models',
      );
      onChange();
    });

  useRegisterAction('buildBinding', () => void build(), job.busy ? 'Building…' : undefined);

  return (
    <section className="model-binary" aria-label="llama.cpp binding">
      {current ? (
        <dl className="model-details" data-testid="llama-binary">
          <dt>Runs</dt>
          <dd>{kindLabel(current)}</dd>
          <dt>Backend</dt>
          <dd>{current.backend === 'cpu' ? 'CPU only' : current.backend}</dd>
          <dt>CPU features</dt>
          <dd>{current.cpuFeatures.join(' ') || 'none reported'}</dd>
          <dt>Math cores</dt>
          <dd>{current.mathCores}</dd>
          <dt>llama.cpp</dt>
          <dd>{current.llamaCpp}</dd>
        </dl>
      ) : (
        <p className="muted">
          Which binding runs shows once the model process starts (Inspect or Load a model).{' '}
          <button
            type="button"
            disabled={check.busy}
            onClick={() => void check.run(async () => setChecked(await api.invoke('models.binary', {})))}
          >
            {check.busy ? 'Checking…' : 'Check now'}
          </button>
        </p>
      )}
      {current?.gpuNotice && (
        <div role="status" data-testid="gpu-unused">
          <p className="error">{current.gpuNotice}</p>
          <div className="buttons">
            <button
              type="button"
              disabled={job.busy}
              onClick={() => {
                setBackend('cuda');
                void build('cuda');
              }}
            >
              {job.busy ? 'Building…' : 'Build for CUDA'}
            </button>
          </div>
        </div>
      )}
      {current?.fallbackReason ? (
        <p className="error" role="status" data-testid="binary-why">
          {current.why ?? current.fallbackReason}
        </p>
      ) : (
        current?.why && (
          <p className="muted" data-testid="binary-why">
            {current.why}
          </p>
        )
      )}
      {!current && autoBuild.reason && <p className="muted">{autoBuild.reason}</p>}
      {autoBuilding && (
        <div data-testid="auto-build">
          <p className="muted">Building llama.cpp for this machine (started when a model was loaded)…</p>
          <JobProgress
            progress={{ done: autoProgress?.done ?? 0, total: 1 }}
            label="Automatic build progress"
            onCancel={() => void api.invoke('jobs.cancel', { jobId: AUTO_BUILD_JOB_ID })}
          >
            {line || 'Starting the build…'}
          </JobProgress>
        </div>
      )}
      {native && (
        <p className="muted">
          Native build: {native.backend}
          {native.cpuLibrary ? ` (its ${native.cpuLibrary} CPU library compiled here)` : ''}
          {native.nativeCall ? ', with the native generation call' : ''}, built{' '}
          {native.builtAt.slice(0, 16).replace('T', ' ')} UTC in {native.buildSeconds} s from llama.cpp{' '}
          {native.llamaCpp}.
        </p>
      )}
      {/* Until the model process says which runs, a recorded native build is what it will run. */}
      {(current ? current.kind !== 'native' : !native) && (
        <p className="muted">
          A binding compiled for this machine can be faster than the portable one. For the CPU on Linux x86-64 only its
          CPU library and its addon (with the native generation call) are compiled, in a minute or a few; a GPU build
          compiles the whole binding (8–25 minutes on two cores). It needs cmake and a C++ compiler (and the CUDA
          toolkit or Vulkan SDK for a GPU build); nothing is downloaded. Until it is done, the prebuilt binding stays in
          use.
        </p>
      )}
      <div className="buttons">
        <label>
          Build for{' '}
          <select
            aria-label="Build backend"
            value={backend}
            disabled={job.busy}
            onChange={(e) => setBackend(e.target.value as 'auto' | LlamaBackend)}
          >
            {BACKENDS.map((b) => (
              <option key={b.value} value={b.value}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={job.busy || autoBuilding} onClick={() => void build()}>
          {job.busy ? 'Building…' : native ? 'Rebuild for this machine' : 'Build for this machine'}
        </button>
      </div>
      {job.busy && (
        // The build reports a fraction: the bar is there from the start, at 0.
        <JobProgress
          progress={{ done: job.progress?.done ?? 0, total: 1 }}
          label="Build progress"
          onCancel={job.cancel}
        >
          {line || 'Starting the build…'}
        </JobProgress>
      )}
      {(job.error ?? check.error) && (
        <pre className="error" role="alert">
          {job.error ?? check.error}
        </pre>
      )}
    </section>
  );
}
