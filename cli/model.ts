import type { JobProgress } from '../shared/contract/jobs';
import type { LlamaBinary, NativeBuild } from '../shared/contract/models';
import { TrellisError } from '../shared/errors';
import { openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

/** `native, cpu, AVX2 AVX512 …, 2 math cores, llama.cpp b1234` */
export function describeBinary(binary: LlamaBinary): string {
  const features = binary.cpuFeatures.length ? binary.cpuFeatures.join(' ') : 'no CPU features reported';
  return `${binary.kind}, ${binary.backend}, ${features}, ${binary.mathCores} math cores, llama.cpp ${binary.llamaCpp}`;
}

const describeNative = (native: NativeBuild) =>
  `${native.backend} binding built ${native.builtAt} in ${native.buildSeconds} s, in ${native.folder}`;

export const modelVerb: Verb = {
  name: 'model',
  summary:
    'The local llama.cpp binding. "build" compiles one for this machine (CPU features, and --cuda\n' +
    'or --vulkan) from the llama.cpp source Trellis ships, offline, for many minutes; the model\n' +
    'helper runs it from then on. A failed build leaves the prebuilt binding in use.\n' +
    '"info" says which binding the helper runs and why.',
  usage: 'trellis model build [--cuda | --vulkan | --cpu] [--json]\n       trellis model info [--json]',
  positional: 'action',
  options: {
    action: { type: 'string', description: 'build or info' },
    cuda: { type: 'boolean', description: 'Build with CUDA (needs the CUDA toolkit)' },
    vulkan: { type: 'boolean', description: 'Build with Vulkan (needs the Vulkan SDK)' },
    cpu: { type: 'boolean', description: 'Build for the CPU only (default: the GPU backend in use now, if any)' },
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
  },
  async run(values, io) {
    const action = values.action;
    if (action !== 'build' && action !== 'info')
      throw new TrellisError(
        'E1002',
        `${action === undefined ? 'No action given' : `"${String(action)}" is not an action`}: use "trellis model build" or "trellis model info".`,
      );
    const flags = (['cuda', 'vulkan', 'cpu'] as const).filter((flag) => values[flag] === true);
    if (flags.length > 1)
      throw new TrellisError('E1002', `Give one of --cuda, --vulkan and --cpu, not ${flags.join(' and ')}.`);
    const backend = openBackend(values);
    try {
      if (action === 'info') {
        const binary = await backend.registry.invoke('models.binary', {});
        const { native } = await backend.registry.invoke('models.status', {});
        if (io.json) io.out(JSON.stringify({ ok: true, binary, native }));
        else {
          io.out(`Runs: ${describeBinary(binary)}`);
          if (binary.fallbackReason) io.out(`Not native: ${binary.fallbackReason}`);
          io.out(native ? `Native build: ${describeNative(native)}` : 'Native build: none (run "trellis model build")');
        }
        return 0;
      }
      const jobId = 'cli-model-build';
      // The build runs in its own process group: Ctrl+C reaches it through the job's cancel.
      const cancel = () => void backend.registry.invoke('jobs.cancel', { jobId });
      process.once('SIGINT', cancel);
      let shown = -1;
      if (!io.json)
        backend.events.subscribe((name, payload) => {
          const progress = payload as JobProgress;
          if (name !== 'jobs.progress' || progress.jobId !== jobId) return;
          const percent = Math.floor((progress.done / Math.max(progress.total, 1)) * 100);
          if (percent >= shown + 5) io.err(`building: ${(shown = percent)}%`);
        });
      try {
        const { native, binary } = await backend.registry.invoke('models.build', {
          jobId,
          backend: flags[0] ?? 'auto',
        });
        const runsNative = binary.kind === 'native';
        if (io.json) io.out(JSON.stringify({ ok: runsNative, native, binary }));
        else {
          io.out(`Built the ${describeNative(native)}.`);
          io.out(`The model helper runs: ${describeBinary(binary)}`);
          if (binary.fallbackReason) io.out(`It does not run the native build: ${binary.fallbackReason}`);
        }
        return runsNative ? 0 : 1;
      } finally {
        process.off('SIGINT', cancel);
      }
    } finally {
      backend.close();
    }
  },
};
