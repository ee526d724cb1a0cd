import { describe, expect, it } from 'vitest';
import { TokenOutbox } from '../../../backend/llm/token-outbox';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TokenOutbox (chunks from the helper to the supervisor)', () => {
  it('sends nothing while the token is being handled, then the chunks of that turn in one message', async () => {
    const sent: [number, string[]][] = [];
    const outbox = new TokenOutbox((id, texts) => sent.push([id, texts]));
    outbox.add(1, 'Hel');
    outbox.add(1, 'lo');
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual([[1, ['Hel', 'lo']]]);
    outbox.add(1, ' world');
    await nextTurn();
    expect(sent).toEqual([
      [1, ['Hel', 'lo']],
      [1, [' world']],
    ]);
  });

  it('keeps requests apart and in order', async () => {
    const sent: [number, string[]][] = [];
    const outbox = new TokenOutbox((id, texts) => sent.push([id, texts]));
    outbox.add(2, 'a');
    outbox.add(3, 'x');
    outbox.add(2, 'b');
    await nextTurn();
    expect(sent).toEqual([
      [2, ['a', 'b']],
      [3, ['x']],
    ]);
  });

  it('flushes a request on demand (before its result), leaving the others for their turn', async () => {
    const sent: [number, string[]][] = [];
    const outbox = new TokenOutbox((id, texts) => sent.push([id, texts]));
    outbox.add(4, 'last');
    outbox.add(5, 'other');
    outbox.flush(4);
    expect(sent).toEqual([[4, ['last']]]);
    outbox.flush(4);
    await nextTurn();
    expect(sent).toEqual([
      [4, ['last']],
      [5, ['other']],
    ]);
  });
});
