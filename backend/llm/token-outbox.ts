/**
 * Text chunks on their way from the llama helper to the supervisor, sent after the token's
 * next decode has been queued rather than before it: the message is built and written while
 * llama.cpp decodes on its own thread, not between a sampling and the next decode. Chunks that
 * pile up meanwhile (a slow reader, a busy machine) go in one message. Runs in the helper.
 */
export class TokenOutbox {
  private readonly pending = new Map<number, string[]>();
  private scheduled = false;

  constructor(private readonly post: (id: number, texts: string[]) => void) {}

  /** Queues one chunk of request `id`; it is sent on the next turn of the event loop. */
  add(id: number, text: string): void {
    const texts = this.pending.get(id);
    if (texts) texts.push(text);
    else this.pending.set(id, [text]);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      for (const id of [...this.pending.keys()]) this.flush(id);
    });
  }

  /** Sends what request `id` has queued now: before its result, so no chunk arrives after it. */
  flush(id: number): void {
    const texts = this.pending.get(id);
    if (!texts) return;
    this.pending.delete(id);
    this.post(id, texts);
  }
}
