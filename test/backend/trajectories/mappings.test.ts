import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../../../shared/domain';
import { testBackend } from '../../helpers/backend';
import { tempDir } from '../../helpers/temp';

/** Files no reader claims (see test/shared/formats/mapping/fixtures.ts). */
const MAPPING = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'mapping');
const episodes = path.join(MAPPING, 'agent-episodes.json');
const chats = path.join(MAPPING, 'support-chats.jsonl');

function imported(backend: ReturnType<typeof testBackend>): Trajectory[] {
  const store = backend.store;
  return store.trajectories
    .allIds()
    .map(({ id }) => store.trajectories.get(id))
    .filter((t) => t.kind === 'imported' && t.metadata?.mapping);
}

describe('mappings: from a proposal to a saved mapping to an import', () => {
  it('a file no reader claims is refused without a mapping, and imported with the one proposed, edited and saved', async () => {
    const backend = testBackend({ seed: false });
    const { registry } = backend;
    const refused = await registry.invoke('trajectories.import', { path: episodes });
    expect(refused.committed).toBe(false);
    expect(refused.rejected[0]!.reason).toMatch(/not a known trajectory format/);

    const proposal = await registry.invoke('mappings.propose', { path: episodes, name: 'homebot' });
    expect(proposal.sample).toEqual({ shape: 'json-object', records: 1, problems: [] });
    expect(proposal.claimedBy).toBeNull();
    expect(proposal.mapping).toMatchObject({ runs: 'episodes', messages: 'steps', role: 'speaker', content: 'text' });
    expect(proposal.found[0]!.roleFields[0]!.values.map((v) => v.value)).toContain('operator');

    // The proposal leaves "operator" and "resident" unplaced: the preview says so, strict import refuses.
    const unplaced = await registry.invoke('mappings.preview', { path: episodes, mapping: proposal.mapping! });
    expect(unplaced.problems[0]!.reason).toMatch(/speaker "operator" is mapped to no role/);

    const mapping = {
      ...proposal.mapping!,
      roles: { ...proposal.mapping!.roles, system: ['operator'], user: ['resident'] },
    };
    await registry.invoke('mappings.save', { mapping });
    expect((await registry.invoke('mappings.list', {})).map((m) => [m.name, m.mapping?.messages])).toEqual([
      ['homebot', 'steps'],
    ]);

    const preview = await registry.invoke('mappings.preview', { path: episodes, mapping: 'homebot', limit: 1 });
    expect(preview).toMatchObject({ runs: 2, problems: [] });
    expect(preview.trajectories[0]!.parsed.turns[2]!.toolCalls![0]!.name).toBe('find_device');

    const report = await registry.invoke('trajectories.import', { path: episodes, mapping: 'homebot' });
    expect(report).toMatchObject({
      committed: true,
      format: null,
      mapping: 'homebot',
      imported: 2,
      outcomes: { success: 1, failure: 1, unknown: 0, none: 0 },
      notes: [{ note: 'tool results were paired with calls by order: the mapping names no call id', records: 2 }],
    });
    const [solved, failed] = imported(backend);
    expect(solved!.source).toBe('agent-episodes.json#1 run 1');
    expect(failed!.source).toBe('agent-episodes.json#1 run 2');
    expect(solved!.title).toBe('Turn the living room lights down to 30% please.');
    expect(solved!.outcome).toEqual({ status: 'success', by: 'result.solved', value: true });
    expect(solved!.metadata).toMatchObject({
      harness: 'homebot',
      model: 'llama-3.1-8b-instruct',
      task_id: 'lights-evening',
    });
    expect(failed!.turns[3]).toEqual({
      role: 'tool',
      content: "error: no thermostat in room 'bedroom'",
      toolCallId: 'call_1',
    });
  });

  it('strict import refuses a record with fields the mapping leaves out; lenient keeps them as metadata', async () => {
    const backend = testBackend({ seed: false });
    const file = path.join(tempDir(), 'chats.jsonl');
    const lines = fs.readFileSync(chats, 'utf8').trim().split('\n');
    // The first chat's messages carry a field the mapping does not read.
    const first = JSON.parse(lines[0]!) as { conversation: Record<string, unknown>[] };
    first.conversation[0]!.sentiment = 0.2;
    fs.writeFileSync(file, [JSON.stringify(first), lines[1]].join('\n'));
    const { mapping } = await backend.registry.invoke('mappings.propose', { path: file, name: 'support' });
    const strict = await backend.registry.invoke('trajectories.import', { path: file, mapping: mapping! });
    expect(strict).toMatchObject({ committed: false, imported: 0, rejectedCount: 1 });
    expect(strict.rejected[0]).toMatchObject({
      line: 1,
      reason: expect.stringMatching(/^field conversation\[0\]\.sentiment not understood/),
    });

    const lenient = await backend.registry.invoke('trajectories.import', {
      path: file,
      mapping: mapping!,
      mode: 'lenient',
    });
    expect(lenient).toMatchObject({ committed: true, imported: 2, outcomes: { success: 1, failure: 1 } });
    expect(lenient.notUnderstood).toEqual([{ field: 'conversation[].sentiment', records: 1, firstRecord: 1 }]);
    const [kept, cancelled] = imported(backend);
    expect(kept!.metadata!['conversation[0].sentiment']).toBe(0.2);
    expect(cancelled!.turns.filter((t) => t.role === 'tool').map((t) => t.toolCallId)).toEqual(['t2', 't1']);
  });

  it('a mapping on top of a reader: an OpenAI-shaped record says that metadata.resolved is its outcome', async () => {
    const backend = testBackend({ seed: false });
    const file = path.join(tempDir(), 'resolved.jsonl');
    const record = (resolved: boolean, id: string) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `Fix issue ${id}.` },
          { role: 'assistant', content: 'Patched the parser.' },
        ],
        metadata: { resolved, instance_id: id },
      });
    fs.writeFileSync(file, `${record(true, 'a-1')}\n${record(false, 'a-2')}\n`);
    const overlay = {
      trellisMapping: 1 as const,
      name: 'resolved flag',
      outcome: { path: 'metadata.resolved', success: [true] },
      taskId: 'metadata.instance_id',
    };
    const report = await backend.registry.invoke('trajectories.import', { path: file, mapping: overlay });
    expect(report).toMatchObject({ committed: true, format: 'openai', mapping: 'resolved flag', imported: 2 });
    expect(report.outcomes).toMatchObject({ success: 1, failure: 1 });
    const [first] = imported(backend);
    expect(first!.outcome).toEqual({ status: 'success', by: 'metadata.resolved', value: true });
    expect(first!.metadata).toMatchObject({ task_id: 'a-1', mapping: 'resolved flag' });
  });

  it('a bare list of messages (a JSON array, or JSONL) imports as one run with the mapping proposed for it', async () => {
    const backend = testBackend({ seed: false });
    const bare = path.join(MAPPING, 'bare-messages.json');
    const { mapping } = await backend.registry.invoke('mappings.propose', { path: bare, name: 'calendar' });
    expect(mapping).toMatchObject({ runs: '$', messages: '$', shape: 'detect' });
    const report = await backend.registry.invoke('trajectories.import', { path: bare, mapping: mapping! });
    expect(report).toMatchObject({ committed: true, shape: 'json-array', imported: 1, rejectedCount: 0 });
    const jsonl = path.join(tempDir(), 'calendar.jsonl');
    const lines = (JSON.parse(fs.readFileSync(bare, 'utf8')) as unknown[]).map((m) => JSON.stringify(m));
    fs.writeFileSync(jsonl, `${lines.join('\n')}\n`);
    const again = await backend.registry.invoke('trajectories.import', { path: jsonl, mapping: mapping! });
    // The same conversation: already present.
    expect(again).toMatchObject({ committed: true, shape: 'jsonl', imported: 0, duplicates: 1 });
    const [run] = imported(backend);
    expect(run!.source).toBe('bare-messages.json');
    expect(run!.title).toBe('Move my 3pm with Dana to tomorrow, same time.');
    expect(run!.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.name)).toEqual(['find_event', 'move_event']);
  });

  it('a mapping saved in a workspace is data: an invalid one is listed with its problems and refused by name', async () => {
    const backend = testBackend({ seed: false });
    backend.store.db
      .prepare('INSERT INTO trajectory_mappings (name, definition, updated_at) VALUES (?, ?, ?)')
      .run('broken', JSON.stringify({ trellisMapping: 1, name: 'broken', messages: 'a[' }), '2026-01-01');
    const [listed] = await backend.registry.invoke('mappings.list', {});
    expect(listed).toMatchObject({
      name: 'broken',
      mapping: null,
      problems: [expect.stringMatching(/^messages: not a path/)],
    });
    await expect(backend.registry.invoke('mappings.preview', { path: chats, mapping: 'broken' })).rejects.toMatchObject(
      {
        code: 'E4005',
      },
    );
    await expect(backend.registry.invoke('mappings.preview', { path: chats, mapping: 'nothing' })).rejects.toThrow(
      /No mapping named "nothing"/,
    );
    expect(await backend.registry.invoke('mappings.delete', { name: 'broken' })).toEqual({ deleted: true });
    expect(await backend.registry.invoke('mappings.list', {})).toEqual([]);
  });

  it('exports a mapping only to a mapping file name, and over a file already there only when asked', async () => {
    const backend = testBackend({ seed: false });
    const mapping = {
      trellisMapping: 1 as const,
      name: 'resolved',
      outcome: { path: 'metadata.resolved', success: [true] },
    };
    const dir = tempDir();
    await expect(
      backend.registry.invoke('mappings.export', { mapping, path: path.join(dir, 'notes.txt') }),
    ).rejects.toMatchObject({ code: 'E4005' });
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(false);
    const file = path.join(dir, 'resolved.yaml');
    fs.writeFileSync(file, 'mine');
    await expect(backend.registry.invoke('mappings.export', { mapping, path: file })).rejects.toMatchObject({
      code: 'E3006',
    });
    expect(fs.readFileSync(file, 'utf8')).toBe('mine');
    await backend.registry.invoke('mappings.export', { mapping, path: file, replace: true });
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^trellisMapping: 1\nname: resolved\n/);
  });
});
