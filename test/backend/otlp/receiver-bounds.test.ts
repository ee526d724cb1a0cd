import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TraceReceiver } from '../../../backend/otlp/receiver';
import { openWorkspaceStore } from '../../../backend/store/workspace-store';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { testBackend } from '../../helpers/backend';
import { exportRequest, span } from '../../helpers/otlp-json';
import { tempDir } from '../../helpers/temp';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** One model-call span of a conversation, asking `question`. */
const turnOf = (conversation: string, question: string, at: number, traceId = hex(16)) =>
  span({
    name: 'chat',
    traceId,
    parent: hex(8),
    at,
    attributes: {
      'gen_ai.conversation.id': conversation,
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: question }] }]),
    },
  });

describe('TraceReceiver: what one trace or conversation may cost', () => {
  it("refuses spans past a trajectory's size, keeps what it holds, and still takes other traces", () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store, { maxTrajectoryBytes: 64 * 1024 });
    const big = 'x'.repeat(20 * 1024);
    const answers = [0, 1, 2].map((i) => receiver.receive(exportRequest([turnOf('long', `${i} ${big}`, i)])));
    expect(answers.map((a) => a.rejected)).toEqual([0, 0, 0]);
    const id = answers[0]!.trajectoryIds[0]!;
    const full = receiver.receive(exportRequest([turnOf('long', `3 ${big}`, 3)]));
    expect(full).toMatchObject({ accepted: 0, rejected: 1, trajectoryIds: [] });
    expect(full.message).toMatch(/conversation long would hold 4 spans .*at most 10000 spans and 65536 bytes/);
    expect(backend.store.trajectories.get(id).metadata?.otlp_spans).toHaveLength(3);

    const other = receiver.receive(exportRequest([turnOf('short', 'hello', 0)]));
    expect(other).toMatchObject({ accepted: 1, rejected: 0 });
    // The refused spans were never kept: the same spans again are refused again, not stored.
    expect(receiver.receive(exportRequest([turnOf('long', `3 ${big}`, 3)])).rejected).toBe(1);
    expect(backend.store.trajectories.get(id).turns).toHaveLength(3);
    receiver.close();
  });

  it('leaves nothing in memory from a request the store could not write', () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const first = receiver.receive(exportRequest([turnOf('c', 'first', 0)]));
    const id = first.trajectoryIds[0]!;
    const replace = backend.store.trajectories.replaceRecording.bind(backend.store.trajectories);
    backend.store.trajectories.replaceRecording = () => {
      throw new Error('disk full');
    };
    expect(() => receiver.receive(exportRequest([turnOf('c', 'lost', 1)]))).toThrow('disk full');
    backend.store.trajectories.replaceRecording = replace;
    receiver.receive(exportRequest([turnOf('c', 'second', 2)]));
    const stored = backend.store.trajectories.get(id);
    expect(stored.turns.map((t) => t.content)).toEqual(['first', 'second']);
    expect(stored.metadata?.otlp_spans).toHaveLength(2);
    receiver.close();
  });

  it("never takes an imported file's record for a received trace, whatever the file is called", async () => {
    const store = openWorkspaceStore(path.join(tempDir(), 'named-otlp.trellis'));
    // A file named "otlp" holding a list: its records are sources otlp#1 … otlp#12.
    const file = path.join(tempDir(), 'otlp');
    const record = (i: number) => ({
      messages: [
        { role: 'user', content: `question ${i}` },
        { role: 'assistant', content: `answer ${i}` },
      ],
    });
    fs.writeFileSync(file, JSON.stringify(Array.from({ length: 12 }, (_, i) => record(i + 1))));
    const report = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(report).toMatchObject({ committed: true, imported: 12 });
    const eleventh = store.trajectories.allIds().find((t) => t.source === 'otlp#11')!;

    // Trace id 1 is stored under otlp#11 too: it must make its own trajectory.
    const receiver = new TraceReceiver(store);
    const traceId = '0'.repeat(31) + '1';
    const [received] = receiver.receive(exportRequest([span({ name: 'agent', traceId })])).trajectoryIds;
    expect(received).not.toBe(eleventh.id);
    expect(store.trajectories.get(eleventh.id).turns.map((t) => t.content)).toEqual(['question 11', 'answer 11']);
    receiver.close();

    // After a restart the trace is found again by the receiver's own mark, not by the file's record.
    const again = new TraceReceiver(store);
    const [later] = again.receive(exportRequest([span({ name: 'late', traceId, parent: hex(8) })])).trajectoryIds;
    expect(later).toBe(received);
    expect(store.trajectories.get(eleventh.id).turns.map((t) => t.content)).toEqual(['question 11', 'answer 11']);
    again.close();
    store.close();
  });

  it('writes only the turns a request added: the turns stored before are not written again', () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const [id] = receiver.receive(
      exportRequest([turnOf('growing', 'first', 0), turnOf('growing', 'second', 10)]),
    ).trajectoryIds;
    // Which turns each request writes, as the database sees them.
    backend.store.db.exec(`CREATE TEMP TABLE written (idx INTEGER);
      CREATE TEMP TRIGGER turn_written AFTER INSERT ON main.turns BEGIN INSERT INTO written VALUES (NEW.idx); END;`);
    const written = () => {
      const rows = backend.store.db.prepare('SELECT idx FROM written ORDER BY idx').pluck().all() as number[];
      backend.store.db.exec('DELETE FROM written');
      return rows;
    };
    receiver.receive(exportRequest([turnOf('growing', 'third', 20)]));
    expect(written()).toEqual([2]);
    // A span that changes an earlier turn rewrites from that turn on.
    receiver.receive(exportRequest([turnOf('growing', 'between', 15)]));
    expect(written()).toEqual([2, 3]);
    expect(backend.store.trajectories.get(id!).turns.map((t) => t.content)).toEqual([
      'first',
      'second',
      'between',
      'third',
    ]);
    receiver.close();
  });

  it('keeps spans of two traces with the same span id as two spans of one conversation', () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const spanId = hex(8);
    const first = { ...turnOf('shared', 'first', 0), spanId };
    const second = { ...turnOf('shared', 'second', 1), spanId };
    const [id] = receiver.receive(exportRequest([first])).trajectoryIds;
    receiver.receive(exportRequest([second]));
    const stored = backend.store.trajectories.get(id!);
    expect(stored.metadata?.otlp_spans).toHaveLength(2);
    expect(stored.turns.map((t) => t.content)).toEqual(['first', 'second']);
    receiver.close();
  });
});
