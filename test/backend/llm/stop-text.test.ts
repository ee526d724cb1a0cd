import { describe, expect, it } from 'vitest';
import { StopText } from '../../../backend/llm/stop-text';

/** Feeds `pieces` as the generation loop does; returns the text released and whether it stopped. */
function feed(stops: string[], pieces: string[]) {
  const stop = new StopText(stops);
  let text = '';
  for (const piece of pieces) {
    if (!stop.canMatch(piece)) {
      text += stop.passThrough() + piece;
      continue;
    }
    const step = stop.push(piece);
    text += step.release;
    if (step.stopped) return { text, stopped: true };
  }
  return { text: text + stop.flush(), stopped: false };
}

describe('stop strings over streamed pieces', () => {
  it('stops at a stop string that straddles pieces, releasing only the text before it', () => {
    expect(feed(['\n\n\n\n'], ['{"a":1}', '\n', '\n\n', '\n', 'more'])).toEqual({ text: '{"a":1}', stopped: true });
    expect(feed(['END'], ['the E', 'N', 'D of it'])).toEqual({ text: 'the ', stopped: true });
  });

  it('holds back text that may begin a stop string, and gives it back when it does not', () => {
    const stop = new StopText(['\n\n\n\n']);
    expect(stop.push('a\n\n')).toEqual({ release: 'a', stopped: false });
    // A piece without a newline cannot go on with the match: what was held is text.
    expect(stop.canMatch('b')).toBe(false);
    expect(stop.passThrough()).toBe('\n\n');
  });

  it('finds the earliest of several stop strings', () => {
    expect(feed(['yz', 'xyz'], ['axy', 'z'])).toEqual({ text: 'a', stopped: true });
  });

  it('pieces without any of the stop strings’ characters go through untouched', () => {
    expect(feed(['</done>'], ['hello', ' world'])).toEqual({ text: 'hello world', stopped: false });
  });
});
