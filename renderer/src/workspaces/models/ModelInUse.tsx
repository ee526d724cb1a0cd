import type { Result } from '../../../../shared/contract';
import { size } from './units';

/** What generation uses now: a remote server, the loaded model (where it runs, how), or nothing yet. */
export function ModelInUse({ status }: { status: Result<'models.status'> | undefined }) {
  const loaded = status?.loaded ?? null;
  return (
    <section className="model-in-use" aria-label="In use">
      <h2>In use</h2>
      {status?.remote ? (
        <p data-testid="remote-model">
          Server {status.remote.baseUrl}, model {status.remote.model}, {status.remote.concurrency}{' '}
          {status.remote.concurrency === 1 ? 'request' : 'requests'} at once
          {!status.remote.approved && ' — not approved on this machine: nothing is sent to it'}
        </p>
      ) : loaded ? (
        <p data-testid="loaded-model">
          {loaded.path} — {loaded.architecture},{' '}
          {loaded.gpu ? `GPU (${loaded.gpu}), ${loaded.gpuLayers} layers offloaded` : 'CPU'}, context{' '}
          {loaded.contextSize} per sequence, {loaded.sequences} {loaded.sequences === 1 ? 'sequence' : 'sequences'},{' '}
          {loaded.threads} {loaded.threads === 1 ? 'thread' : 'threads'}
          {loaded.cores?.length ? `, ${coresInWords(loaded.cores, loaded.restCores)}` : ''}
          {loaded.weights &&
            `, weights ${loaded.weights === 'mapped' ? 'mapped from the file' : `read into memory${loaded.hugePages ? ' on huge pages' : ''}`}`}
          {status?.memory &&
            ` — helper RAM ${size(status.memory.ramBytes)}${status.memory.vramTotalBytes ? `, VRAM ${size(status.memory.vramUsedBytes)} of ${size(status.memory.vramTotalBytes)}` : ''}`}
        </p>
      ) : (
        <p className="muted" data-testid="no-model-in-use">
          No model: load a GGUF below, or connect to a server.
        </p>
      )}
    </section>
  );
}

/** "decoding on core 1, the rest on core 0", or "kept on cores 2, 3" when the helper is kept there whole. */
function coresInWords(cores: number[], restCores: number[] | null | undefined): string {
  const named = (list: number[]) => `${list.length === 1 ? 'core' : 'cores'} ${list.join(', ')}`;
  return restCores?.length ? `decoding on ${named(cores)}, the rest on ${named(restCores)}` : `kept on ${named(cores)}`;
}
