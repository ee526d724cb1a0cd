import type { JobProgress } from '../shared/contract/jobs';
import type { LlamaBinary, NativeBuild } from '../shared/contract/models';
import { TrellisError } from '../shared/errors';
import { openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

/**
 * `native, cpu, AVX2 AVX512 …, 2 math cores, llama.cpp b1234`; `prebuilt, cpu, …, its zen4 CPU
 * library`; `prebuilt, its zen4 CPU library built here, cpu, …, with the native generation call`.
 */
export function describeBinary(binary: LlamaBinary): string {
  const features = binary.cpuFeatures.length ? binary.cpuFeatures.join(' ') : 'no CPU features reported';
  // The prebuilt binding with its CPU library compiled here is recorded as a native build, but it is
  // the prebuilt binding the user sees named (Models says the same).
  const kind = binary.cpuLibraryBuiltHere
    ? `prebuilt, its ${binary.cpuVariant ?? ''} CPU library built here`
    : binary.kind;
  const variant = binary.cpuVariant && !binary.cpuLibraryBuiltHere ? `, its ${binary.cpuVariant} CPU library` : '';
  const call = binary.nativeCall ? ', with the native generation call' : '';
  return `${kind}, ${binary.backend}, ${features}, ${binary.mathCores} math cores, llama.cpp ${binary.llamaCpp}${variant}${call}`;
}

/** `cpu, built 2026-11-30T23:02:45Z in 1364 s, in /home/…/llama/3.21.1-cpu-…` */
const describeNative = (native: NativeBuild) =>
  `${native.backend}${native.cpuLibrary ? ` (the prebuilt binding with its ${native.cpuLibrary} CPU library compiled here)` : ''}${native.nativeCall ? ', with the native generation call' : native.nativeCallProblem ? ` (no native generation call: ${native.nativeCallProblem})` : ''}, built ${native.builtAt} in ${native.buildSeconds} s, in ${native.folder}`;

const workspace = { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` } as const;

export const modelBuildVerb: Verb = {
  name: 'model build',
  summary:
    'Compile the llama.cpp binding for this machine (its CPU features, and --cuda or --vulkan) from\n' +
    'the llama.cpp source Trellis ships, offline, for many minutes (about 25 on two cores); the\n' +
    'model helper runs it from then on. Needs cmake and a C++ compiler. A failed build leaves the\n' +
    'prebuilt binding in use and prints the end of the build output. Ctrl+C cancels it.',
  usage: 'trellis model build [--cuda | --vulkan | --cpu] [--json]',
  options: {
    cuda: { type: 'boolean', description: 'Build with CUDA (needs the CUDA toolkit)' },
    vulkan: { type: 'boolean', description: 'Build with Vulkan (needs the Vulkan SDK)' },
    cpu: { type: 'boolean', description: 'Build for the CPU only (default: the GPU backend in use now, if any)' },
    workspace,
  },
  async run(values, io) {
    const flags = (['cuda', 'vulkan', 'cpu'] as const).filter((flag) => values[flag] === true);
    if (flags.length > 1)
      throw new TrellisError('E1002', `Give one of --cuda, --vulkan and --cpu, not ${flags.join(' and ')}.`);
    const backend = openBackend(values, { create: true });
    const jobId = 'cli-model-build';
    // The build runs in its own process group: Ctrl+C reaches it through the job's cancel.
    const cancel = () => void backend.registry.invoke('jobs.cancel', { jobId });
    process.once('SIGINT', cancel);
    try {
      let shown = -5;
      if (!io.json)
        backend.events.subscribe((name, payload) => {
          const progress = payload as JobProgress;
          if (name !== 'jobs.progress' || progress.jobId !== jobId) return;
          const percent = Math.floor((progress.done / Math.max(progress.total, 1)) * 100);
          if (percent >= shown + 5) io.err(`building: ${(shown = percent)}%`);
        });
      const { native, binary } = await backend.registry.invoke('models.build', { jobId, backend: flags[0] ?? 'auto' });
      const runsNative = binary.kind === 'native';
      if (io.json) io.out(JSON.stringify({ ok: runsNative, native, binary }));
      else {
        io.out(`Built the native binding: ${describeNative(native)}.`);
        io.out(`The model helper runs: ${describeBinary(binary)}`);
        if (binary.fallbackReason) io.out(`It does not run the native build: ${binary.fallbackReason}`);
        if (binary.gpuNotice) io.out(`GPU unused: ${binary.gpuNotice}`);
      }
      return runsNative ? 0 : 1;
    } finally {
      process.off('SIGINT', cancel);
      backend.close();
    }
  },
};

export const modelInfoVerb: Verb = {
  name: 'model info',
  summary:
    'Which llama.cpp binding the model helper runs (prebuilt or native, backend, CPU features), and why;\n' +
    'and, where this machine has an NVIDIA GPU the binding cannot use, the build that would use it.',
  usage: 'trellis model info [--json]',
  options: { workspace },
  async run(values, io) {
    const backend = openBackend(values, { create: true });
    try {
      const binary = await backend.registry.invoke('models.binary', {});
      const { native, autoBuild } = await backend.registry.invoke('models.status', {});
      if (io.json) io.out(JSON.stringify({ ok: true, binary, native, autoBuild }));
      else {
        io.out(`Runs: ${describeBinary(binary)}`);
        // `why` starts with the fallback reason when there is one.
        if (binary.why) io.out(`Why: ${binary.why}`);
        else if (binary.fallbackReason) io.out(`Not native: ${binary.fallbackReason}`);
        io.out(native ? `Native build: ${describeNative(native)}` : 'Native build: none (run "trellis model build")');
        if (binary.gpuNotice) io.out(`GPU unused: ${binary.gpuNotice}`);
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};

export const MODEL_VERBS = [modelBuildVerb, modelInfoVerb];
