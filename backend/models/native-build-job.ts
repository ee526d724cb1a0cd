import type { LlamaBackend, LlamaBinary, NativeBuild } from '../../shared/contract/models';
import type { EventBus } from '../events';
import type { Jobs } from '../jobs/jobs';
import type { NativeBuilds } from '../llm/native-build';
import type { ModelSupervisor } from '../llm/supervisor';

export interface NativeBuildJobDeps {
  jobs: Jobs;
  events: EventBus;
  nativeBuilds: NativeBuilds;
  modelHost: () => ModelSupervisor;
}

/**
 * Builds the binding as a models.build job (progress, output lines, cancel by job id), then
 * restarts the model process on it. `whenIdle`: the restart waits for running requests (a build
 * nobody asked for just now must not cut a generation short).
 */
export function runNativeBuildJob(
  { jobs, events, nativeBuilds, modelHost }: NativeBuildJobDeps,
  backend: 'auto' | LlamaBackend,
  jobId: string | undefined,
  { whenIdle = false } = {},
): Promise<{ native: NativeBuild; binary: LlamaBinary }> {
  return jobs.run('models.build', jobId, async (job) => {
    // `auto`: keep the GPU backend the helper runs now, so building never loses offload.
    const target = backend === 'auto' ? (await modelHost().binary()).backend : backend;
    const native = await nativeBuilds.build(target, {
      onLine: (line) => events.emit('models.buildOutput', { jobId: job.id, line }),
      onProgress: (fraction) => job.progress(fraction, 1),
      signal: job.signal,
    });
    await (whenIdle ? modelHost().restartWhenIdle() : modelHost().restart());
    return { native, binary: await modelHost().binary() };
  });
}
