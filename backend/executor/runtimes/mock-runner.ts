import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { builtScript } from '../../resources';
import { DEFAULT_LIMITS, SandboxError, type SandboxLimits } from './sandbox';

/** In a packaged app the worker is unpacked beside the asar archive: it loads QuickJS's .wasm from disk. */
const workerPath = () => builtScript(__dirname, 'sandbox-worker.js');

export interface MockRunnerOptions {
  /** Mocks run at once, each in a worker of its own (default: up to 4, one core left free). */
  parallelism?: number;
  /** The longest a call waits for a free worker before it is refused (default 120 s). */
  maxWaitMs?: number;
}

/** How a refusal for waiting too long begins: a limit of Trellis's own, not the mock's doing. */
const BUSY = 'the mock sandbox was busy';

/** A call refused because it waited too long for the sandbox: it never ran. */
export class SandboxBusyError extends SandboxError {}

/** Whether an observation's error says the call waited too long for the sandbox and never ran. */
export const isSandboxBusy = (error: string): boolean => error.startsWith(BUSY);

interface Call {
  code: string;
  args: unknown;
  limits: Partial<SandboxLimits>;
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Refuses the call should it wait longer than maxWaitMs. */
  wait?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  running: (Call & { id: number; watchdog: NodeJS.Timeout }) | null;
}

/**
 * Runs mocks in worker threads, one call per worker at a time. A call's time limit counts from
 * when its worker starts it: calls beyond the workers wait in a queue without spending it.
 * QuickJS interrupts runaway code itself; should a worker still not answer in twice the time
 * limit, it is terminated and a fresh one takes the next call.
 */
export class MockRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Call[] = [];
  private nextId = 1;
  private readonly parallelism: number;
  private readonly maxWaitMs: number;

  constructor(options: MockRunnerOptions = {}) {
    this.parallelism = Math.max(1, options.parallelism ?? Math.min(4, os.availableParallelism() - 1));
    this.maxWaitMs = options.maxWaitMs ?? 120_000;
  }

  run(code: string, args: unknown, limits: Partial<SandboxLimits> = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: Call = { code, args, limits, resolve, reject };
      call.wait = setTimeout(() => {
        const at = this.queue.indexOf(call);
        if (at < 0) return;
        this.queue.splice(at, 1);
        reject(
          new SandboxBusyError(
            `${BUSY}: this call waited ${this.maxWaitMs / 1000} s for a free worker (of ${this.parallelism}) and never ` +
              'started. Run fewer calls at once (a lower --concurrency), or make the mocks faster.',
          ),
        );
      }, this.maxWaitMs);
      this.queue.push(call);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    for (const call of this.queue.splice(0)) {
      clearTimeout(call.wait);
      call.reject(new SandboxError('the sandbox stopped'));
    }
    await Promise.all(this.slots.splice(0).map((slot) => this.stop(slot, new SandboxError('the sandbox stopped'))));
  }

  /** Starts queued calls on idle workers, starting workers up to the parallelism. */
  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.running) ?? (this.slots.length < this.parallelism ? this.newSlot() : null);
      if (!slot) return;
      const call = this.queue.shift()!;
      clearTimeout(call.wait);
      const id = this.nextId++;
      const budget = 2 * (call.limits.timeoutMs ?? DEFAULT_LIMITS.timeoutMs) + 2000;
      const watchdog = setTimeout(() => {
        void this.stop(
          slot,
          new SandboxError(`the mock did not finish within ${budget} ms; its sandbox was restarted`),
        );
      }, budget);
      slot.running = { ...call, id, watchdog };
      slot.worker.postMessage({ id, code: call.code, args: call.args, limits: call.limits });
    }
  }

  private newSlot(): Slot {
    const worker = new Worker(workerPath());
    worker.unref();
    const slot: Slot = { worker, running: null };
    worker.on('message', (m: { id: number; ok: boolean; value?: unknown; message?: string }) => {
      const call = slot.running;
      if (!call || call.id !== m.id) return;
      slot.running = null;
      clearTimeout(call.watchdog);
      if (m.ok) call.resolve(m.value);
      else call.reject(new SandboxError(m.message ?? 'the mock failed'));
      this.dispatch();
    });
    worker.on('error', (error) => void this.stop(slot, new SandboxError(`the sandbox crashed: ${error.message}`)));
    worker.on('exit', () => void this.stop(slot, new SandboxError('the sandbox stopped')));
    this.slots.push(slot);
    return slot;
  }

  /** Ends a worker: its running call fails with `error`; queued calls go to the others or a fresh one. */
  private async stop(slot: Slot, error: Error): Promise<void> {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    const call = slot.running;
    slot.running = null;
    if (call) {
      clearTimeout(call.watchdog);
      call.reject(error);
    }
    this.dispatch();
    await slot.worker.terminate();
  }
}
