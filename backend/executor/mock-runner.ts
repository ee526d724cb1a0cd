import { Worker } from 'node:worker_threads';
import { builtScript } from '../resources';
import { DEFAULT_LIMITS, SandboxError, type SandboxLimits } from './sandbox';

/** In a packaged app the worker is unpacked beside the asar archive: it loads QuickJS's .wasm from disk. */
const workerPath = () => builtScript(__dirname, 'sandbox-worker.js');

type Pending = { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout };

/**
 * Runs mocks in a worker thread. QuickJS interrupts runaway code itself; should the worker
 * still not answer in twice the time limit, it is terminated and a fresh one started.
 */
export class MockRunner {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  run(code: string, args: unknown, limits: Partial<SandboxLimits> = {}): Promise<unknown> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const budget = 2 * (limits.timeoutMs ?? DEFAULT_LIMITS.timeoutMs) + 2000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new SandboxError(`the mock did not finish within ${budget} ms; its sandbox was restarted`));
        void this.reset();
      }, budget);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, code, args, limits });
    });
  }

  async close(): Promise<void> {
    await this.reset();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerPath());
    worker.unref();
    worker.on('message', (m: { id: number; ok: boolean; value?: unknown; message?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.value);
      else p.reject(new SandboxError(m.message ?? 'the mock failed'));
    });
    worker.on('error', (error) => this.failAll(new SandboxError(`the sandbox crashed: ${error.message}`)));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new SandboxError('the sandbox stopped'));
    });
    return (this.worker = worker);
  }

  private failAll(error: Error) {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(error);
      this.pending.delete(id);
    }
  }

  private async reset() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
