/**
 * At most `size` holders at once; the rest wait in order. The llama helper hands out a context's
 * sequences through it, the model router a remote server's requests in flight.
 */
export class Slots {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private size: number) {}

  get capacity(): number {
    return this.size;
  }

  /** Holders now, and callers waiting for a slot. */
  get load(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.waiting.length };
  }

  /**
   * Resolves with the function that gives the slot back (call it exactly once). An aborted
   * signal takes the caller out of the queue and rejects with the signal's reason.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const granted = () => {
        signal?.removeEventListener('abort', onAbort);
        this.held++;
        resolve(this.releaser());
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(granted);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(granted);
    });
  }

  /** A new capacity; callers already waiting are let in as far as it allows. */
  resize(size: number): void {
    this.size = Math.max(1, size);
    this.admit();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      this.admit();
    };
  }

  private admit(): void {
    while (this.held < this.size && this.waiting.length) this.waiting.shift()!();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('cancelled');
}
