/**
 * Stop strings over a stream of text pieces, for the helper's own generation loop. A piece that
 * holds none of the stop strings' characters cannot be part of a match: it costs one table read
 * (`StopPieces`) and clears any match in progress, with no string work. Only pieces that can
 * matter are appended to a short tail and searched. Runs in the helper; pure.
 */

/** What one piece did to the stream. */
export interface StopStep {
  /** Text safe to stream now: it can no longer become part of a stop string. */
  release: string;
  /** Set when a stop string completed: the text before it is all released (`release` included). */
  stopped: boolean;
}

const NONE: StopStep = { release: '', stopped: false };

export class StopText {
  /** Text after the last release that may still begin a stop string. */
  private held = '';
  private readonly longest: number;
  private readonly chars: ReadonlySet<string>;

  constructor(private readonly stops: readonly string[]) {
    this.longest = Math.max(0, ...stops.map((stop) => stop.length));
    this.chars = new Set(stops.flatMap((stop) => [...stop]));
  }

  /** The stop strings as one key: requests with the same ones share what is known of each token. */
  get key(): string {
    return this.stops.join('\u0000');
  }

  get empty(): boolean {
    return this.stops.length === 0;
  }

  /** Whether `piece` holds a character of some stop string (and so can take part in a match). */
  canMatch(piece: string): boolean {
    for (const char of piece) if (this.chars.has(char)) return true;
    return false;
  }

  /** A piece none of whose characters is in a stop string: whatever was held is text. */
  passThrough(): string {
    const held = this.held;
    this.held = '';
    return held;
  }

  /** A piece that may take part in a match. */
  push(piece: string): StopStep {
    const text = this.held + piece;
    let at = -1;
    for (const stop of this.stops) {
      const found = text.indexOf(stop);
      if (found >= 0 && (at < 0 || found < at)) at = found;
    }
    if (at >= 0) {
      this.held = '';
      return { release: text.slice(0, at), stopped: true };
    }
    const keep = this.prefixSuffix(text);
    this.held = text.slice(text.length - keep);
    if (keep === text.length) return NONE;
    return { release: text.slice(0, text.length - keep), stopped: false };
  }

  /** What is held at the end of generation: text, since no stop string completed. */
  flush(): string {
    return this.passThrough();
  }

  /** The length of the longest end of `text` that begins some stop string. */
  private prefixSuffix(text: string): number {
    for (let length = Math.min(text.length, this.longest - 1); length > 0; length--) {
      const end = text.slice(text.length - length);
      if (this.stops.some((stop) => stop.startsWith(end))) return length;
    }
    return 0;
  }
}
