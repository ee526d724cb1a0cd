import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { TrellisError } from '../../../shared/errors';
import { LinkPeer, PeerGone, type CallHandlers, type LinkPort } from '../../../electron/link/peer';

type LeftCalls = { double: { args: number; result: number }; fail: { args: string; result: never } };
type RightCalls = { wait: { args: number; result: string } };
type RightNotes = { tick: { n: number } };

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of channels.splice(0)) {
    port1.close();
    port2.close();
  }
});

function portLink(port: MessagePort): LinkPort {
  return { post: (message) => port.postMessage(message), listen: (listener) => port.on('message', listener) };
}

/** Two ends over a real MessageChannel: every message is structured-cloned and delivered asynchronously. */
function pair(rightHandlers: CallHandlers<RightCalls>) {
  const channel = new MessageChannel();
  channels.push(channel);
  const left = new LinkPeer<LeftCalls, RightCalls, RightNotes, Record<string, never>>(portLink(channel.port1), {
    double: (n) => n * 2,
    fail: (why) => {
      throw new TrellisError('E3001', why);
    },
  });
  const right = new LinkPeer<RightCalls, LeftCalls, Record<string, never>, RightNotes>(
    portLink(channel.port2),
    rightHandlers,
  );
  return { left, right, channel };
}

const after = (ms: number, value: string) => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));

describe('the link between the main process and the backend process', () => {
  it('matches each answer to its call by id, whatever order the answers come in', async () => {
    const { left } = pair({ wait: (ms) => after(ms, `waited ${ms}`) });
    const answers: string[] = [];
    await Promise.all([
      left.call('wait', 60).then((a) => answers.push(a)),
      left.call('wait', 1).then((a) => answers.push(a)),
    ]);
    expect(answers).toEqual(['waited 1', 'waited 60']);
  });

  it('serves calls in both directions over the one channel', async () => {
    // Answering `wait`, the right side calls back into the left side before it replies.
    const ends: { right?: ReturnType<typeof pair>['right'] } = {};
    const { left, right } = pair({ wait: async (ms) => `${await ends.right!.call('double', ms)}` });
    ends.right = right;
    expect(await right.call('double', 21)).toBe(42);
    expect(await left.call('wait', 5)).toBe('10');
  });

  it('passes a handler’s Trellis error across with its code and hint, and any other error as E9000', async () => {
    const { left, right } = pair({
      wait: () => {
        throw new RangeError('out of range');
      },
    });
    await expect(right.call('fail', 'no graph g1')).rejects.toMatchObject({
      name: 'TrellisError',
      code: 'E3001',
      message: 'no graph g1',
      hint: expect.stringContaining('refresh the list'),
    });
    await expect(left.call('wait', 1)).rejects.toMatchObject({ code: 'E9000', message: 'out of range' });
  });

  it('answers with an error, not silence, when a result cannot be sent', async () => {
    const { left } = pair({ wait: () => (() => 'a function') as unknown as string });
    await expect(left.call('wait', 1)).rejects.toMatchObject({
      code: 'E9000',
      message: expect.stringContaining('The answer to "wait" could not be sent'),
    });
  });

  it('answers E1007, saying why, when a result nests too deeply to clone, and keeps serving', async () => {
    let deep: unknown = 0;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const { left } = pair({ wait: (n) => (n === 1 ? (deep as string) : 'fine') });
    await expect(left.call('wait', 1)).rejects.toMatchObject({
      code: 'E1007',
      message: 'The answer to "wait" could not be sent: it nests so deeply that writing it out ran out of stack.',
    });
    expect(await left.call('wait', 2)).toBe('fine');
  });

  it('drops a note that cannot be cloned instead of throwing at whoever told it', async () => {
    const { left, right } = pair({ wait: () => 'never' });
    const heard: number[] = [];
    left.hear('tick', ({ n }) => heard.push(n));
    expect(() => right.tell('tick', { n: (() => 1) as unknown as number })).not.toThrow();
    right.tell('tick', { n: 2 });
    await expect.poll(() => heard).toEqual([2]);
  });

  it('answers a method the other side does not serve with E1001', async () => {
    const { left } = pair({ wait: () => 'never' });
    const unknown = left as unknown as LinkPeer<never, { nope: { args: null; result: null } }, never, never>;
    await expect(unknown.call('nope', null)).rejects.toMatchObject({ code: 'E1001', message: /does not serve "nope"/ });
  });

  it('delivers notes to every listener until it stops listening', async () => {
    const { left, right } = pair({ wait: () => 'ok' });
    const heard: number[] = [];
    const stop = left.hear('tick', ({ n }) => heard.push(n));
    left.hear('tick', ({ n }) => heard.push(n * 10));
    right.tell('tick', { n: 1 });
    await right.call('double', 0);
    stop();
    right.tell('tick', { n: 2 });
    await right.call('double', 0);
    expect(heard).toEqual([1, 10, 20]);
  });

  it('ignores messages that are not link envelopes', async () => {
    const { left, channel } = pair({ wait: () => 'still here' });
    channel.port2.postMessage('a log line');
    channel.port2.postMessage({ kind: 'result', id: 'x' });
    channel.port2.postMessage({ kind: 'result', id: 999, ok: true, value: 'for nobody' });
    expect(await left.call('wait', 0)).toBe('still here');
  });

  it('fails every waiting call when the other side is gone, and later calls at once', async () => {
    const { left } = pair({ wait: () => new Promise<string>(() => {}) });
    const waiting = [left.call('wait', 1), left.call('wait', 2)];
    left.disconnect('exited with code 3');
    for (const call of waiting) await expect(call).rejects.toEqual(new PeerGone('exited with code 3'));
    await expect(left.call('wait', 3)).rejects.toMatchObject({ name: 'PeerGone', how: 'exited with code 3' });
  });
});
