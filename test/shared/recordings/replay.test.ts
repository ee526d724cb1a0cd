import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import {
  buildReplayRuntimes,
  matchRecording,
  recordedCalls,
  replayAnswer,
  replayNote,
  textSimilarity,
  type RecordedCall,
} from '../../../shared/recordings';

const call = (tool: string, args: unknown, result: unknown): RecordedCall => ({ tool, args, result });

const recordings = [
  { args: { room_id: 'r1', celsius: 21, mode: 'heat' }, result: { status: 'ok', room_id: 'r1' } },
  { args: { room_id: 'r2', celsius: 18, mode: 'cool' }, result: { status: 'ok', room_id: 'r2' } },
  { args: { room_id: 'r2', celsius: 21, mode: 'auto' }, result: { status: 'ok', room_id: 'r2', note: 'auto' } },
];

describe('replay matching', () => {
  it('rule 1: the same arguments match exactly, whatever their key order', () => {
    const match = matchRecording(recordings, { mode: 'cool', celsius: 18, room_id: 'r2' });
    expect(match).toEqual({ kind: 'exact', recording: recordings[1] });
    expect(replayNote(match!)).toBe('replayed: exact');
  });

  it('rule 2: otherwise the recording with the most equal argument values answers', () => {
    // r2 + 21 shares two values with the third recording, one with each of the others.
    const match = matchRecording(recordings, { room_id: 'r2', celsius: 21, mode: 'eco' });
    expect(match).toMatchObject({ kind: 'nearest', recording: recordings[2], equalValues: 2 });
    expect(replayNote(match!)).toBe('replayed: nearest to {"celsius":21,"mode":"auto","room_id":"r2"}');
  });

  it('rule 3: on a tie of equal values, the most similar text wins', () => {
    const rooms = [
      { args: { room: 'bathroom' }, result: 1 },
      { args: { room: 'bedroom' }, result: 2 },
    ];
    expect(matchRecording(rooms, { room: 'Bedroom 2' })?.recording).toBe(rooms[1]);
    expect(matchRecording(rooms, { room: 'bath' })?.recording).toBe(rooms[0]);
  });

  it('rule 4: on a full tie, the earlier recording (the more frequent one) answers', () => {
    const tied = [
      { args: { q: 'a' }, result: 'first' },
      { args: { q: 'b' }, result: 'second' },
    ];
    expect(matchRecording(tied, { q: 'z' })?.recording.result).toBe('first');
  });

  it('rule 5: a nearest result repeats this call’s arguments where it repeated the recording’s, and says so', () => {
    const call = { room_id: 'r2', celsius: 21, mode: 'eco' };
    expect(replayAnswer(matchRecording(recordings, call)!, call)).toEqual({
      result: { status: 'ok', room_id: 'r2', note: 'auto' },
      note: 'replayed: nearest to {"celsius":21,"mode":"auto","room_id":"r2"}',
    });
    const other = { room_id: 'r7', celsius: 18, mode: 'cool' };
    expect(replayAnswer(matchRecording(recordings, other)!, other)).toEqual({
      result: { status: 'ok', room_id: 'r7' },
      note: 'replayed: nearest to {"celsius":18,"mode":"cool","room_id":"r2"} (room_id from this call)',
    });
    // Exact answers and errors are given as recorded.
    const exact = recordings[0]!.args;
    expect(replayAnswer(matchRecording(recordings, exact)!, exact)).toEqual({
      result: recordings[0]!.result,
      note: 'replayed: exact',
    });
    const failed = [{ args: { q: 'a' }, error: 'offline' }];
    expect(replayAnswer(matchRecording(failed, { q: 'b' })!, { q: 'b' })).toEqual({
      error: 'offline',
      note: 'replayed: nearest to {"q":"a"}',
    });
  });

  it('answers nothing only when there are no recordings', () => {
    expect(matchRecording([], { q: 1 })).toBeNull();
    expect(matchRecording([{ args: {}, result: [] }], undefined)).toMatchObject({ kind: 'exact' });
  });

  it('cuts a long nearest-match note', () => {
    const long = { args: { text: 'x'.repeat(400) }, result: null };
    expect(replayNote(matchRecording([long], { text: 'y' })!)).toMatch(/^replayed: nearest to \{"text":"x+…$/);
  });

  it('measures text similarity by character pairs, case and spaces ignored', () => {
    expect(textSimilarity('Bedroom ', 'bedroom')).toBe(1);
    expect(textSimilarity('bedroom', 'bathroom')).toBeCloseTo(0.46, 2);
    expect(textSimilarity('a', 'b')).toBe(0);
  });
});

describe('replay runtimes from recorded calls', () => {
  it('keeps one recording per distinct arguments, the most frequent first, with the answer given most often', () => {
    const runtimes = buildReplayRuntimes(
      [
        call('get_temperature', { room_id: 'r1' }, { celsius: 20 }),
        call('get_temperature', { room_id: 'r2' }, { celsius: 17 }),
        call('get_temperature', { room_id: 'r2' }, { celsius: 18 }),
        call('get_temperature', { room_id: 'r2' }, { celsius: 18 }),
        { tool: 'list_rooms', args: {}, error: 'offline' },
      ],
      new Map([['get_temperature', 3]]),
    );
    expect(runtimes.get('get_temperature')).toEqual({
      kind: 'replay',
      recordings: [
        { args: { room_id: 'r2' }, result: { celsius: 18 } },
        { args: { room_id: 'r1' }, result: { celsius: 20 } },
      ],
      source: { trajectories: 3, calls: 4, dropped: 0 },
    });
    expect(runtimes.get('list_rooms')!.recordings).toEqual([{ args: {}, error: 'offline' }]);
  });

  it('keeps at most the cap per tool and counts what it dropped (the least frequent)', () => {
    const calls = [0, 1, 2, 3, 3].map((i) => call('t', { i }, i));
    const runtime = buildReplayRuntimes(calls, new Map(), 2).get('t')!;
    expect(runtime.recordings.map((r) => r.result)).toEqual([3, 0]);
    expect(runtime.source).toEqual({ trajectories: 0, calls: 5, dropped: 2 });
  });
});

describe('recorded calls of a trajectory', () => {
  const turns: Turn[] = [
    { role: 'user', content: 'warm up the bedroom' },
    { role: 'assistant', toolCalls: [{ id: 'a', name: 'list_rooms', args: {} }] },
    { role: 'tool', toolCallId: 'a', content: '{"rooms":[{"room_id":"r1","name":"bedroom"}]}' },
    {
      role: 'assistant',
      toolCalls: [
        { id: 'b', name: 'get_temperature', args: { room_id: 'r1' } },
        { id: 'c', name: 'set_thermostat', args: { room_id: 'r1' } },
        { id: 'd', name: 'get_temperature', args: { room_id: 'r9' } },
      ],
    },
    { role: 'tool', toolCallId: 'c', content: '{"error":"celsius is required"}' },
    { role: 'tool', toolCallId: 'b', content: 'plain text' },
    { role: 'tool', toolCallId: 'd', thought: 'replayed: nearest to {"room_id":"r1"}', content: '{"celsius":20}' },
    { role: 'tool', toolCallId: 'zzz', content: '{}' },
  ];

  it('pairs each call with the observation of its id; errors apart, replayed answers and unpaired results left out', () => {
    expect(recordedCalls(turns)).toEqual([
      { tool: 'list_rooms', args: {}, result: { rooms: [{ room_id: 'r1', name: 'bedroom' }] } },
      { tool: 'set_thermostat', args: { room_id: 'r1' }, error: 'celsius is required' },
      // Plain text is not JSON: written out again it would gain quotes, so its own text is kept.
      { tool: 'get_temperature', args: { room_id: 'r1' }, result: 'plain text', text: 'plain text' },
    ]);
  });

  it('keeps the answer’s own text where writing its value out again would change it, and replays it byte for byte', () => {
    const pretty = '{\n  "status": "ok",\n  "replicas": 3.0\n}';
    const recorded: Turn[] = [
      { role: 'assistant', toolCalls: [{ id: 'a', name: 'scale', args: { service: 'auth', replicas: 3 } }] },
      { role: 'tool', toolCallId: 'a', content: pretty },
      { role: 'assistant', toolCalls: [{ id: 'b', name: 'status', args: {} }] },
      { role: 'tool', toolCallId: 'b', content: '{"error":"timeout"}' },
    ];
    expect(recordedCalls(recorded)).toEqual([
      { tool: 'scale', args: { service: 'auth', replicas: 3 }, result: { status: 'ok', replicas: 3 }, text: pretty },
      { tool: 'status', args: {}, error: 'timeout' },
    ]);
    const runtime = buildReplayRuntimes(recordedCalls(recorded), new Map()).get('scale')!;
    // Arguments as JSON text, in another key order and number spelling, are the same arguments.
    const match = matchRecording(runtime.recordings, { replicas: 3.0, service: 'auth' })!;
    expect(match.kind).toBe('exact');
    expect(replayAnswer(match, { replicas: 3, service: 'auth' })).toEqual({
      result: { status: 'ok', replicas: 3 },
      note: 'replayed: exact',
      text: pretty,
    });
    expect(matchRecording(runtime.recordings, '{ "service": "auth", "replicas": 3 }')!.kind).toBe('exact');
    // A nearest answer is adapted to the call, so it is the value written out, not the recorded text.
    const near = matchRecording(runtime.recordings, { service: 'auth', replicas: 4 })!;
    expect(near.kind).toBe('nearest');
    expect(replayAnswer(near, { service: 'auth', replicas: 4 })).not.toHaveProperty('text');
  });
});
