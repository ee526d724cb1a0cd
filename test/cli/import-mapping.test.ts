import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createBackend } from '../../backend/backend';
import { importVerb } from '../../cli/import';
import { runVerb } from '../../cli/verb';
import { tempDir } from '../helpers/temp';

/** A homebot export no reader claims: one JSON object whose episodes hold ReAct steps. */
const EPISODES = path.join(__dirname, '..', 'fixtures', 'trajectories', 'mapping', 'agent-episodes.json');

async function trellisImport(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerb(importVerb, argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('trellis import --propose-mapping, then --mapping', () => {
  it('writes the proposal as YAML to edit, and imports the file with the edited mapping', async () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    const out = path.join(dir, 'homebot.yaml');

    const refused = await trellisImport(EPISODES, '--workspace', workspace);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/not a known trajectory format/);

    const proposed = await trellisImport(EPISODES, '--workspace', workspace, '--propose-mapping', out);
    expect(proposed.code).toBe(0);
    expect(proposed.out).toContain('runs at "episodes", messages at "steps"');
    expect(proposed.out).toMatch(/roles from "speaker": .*operator \(unplaced\)/);
    expect(proposed.out).toContain(`trellis import agent-episodes.json --mapping ${out}`);
    const written = parse(fs.readFileSync(out, 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({ trellisMapping: 1, name: 'agent-episodes', runs: 'episodes', messages: 'steps' });

    // As a person edits it: the two unplaced speakers get their roles.
    const edited = fs
      .readFileSync(out, 'utf8')
      .replace(/^roles:\n/m, 'roles:\n  system:\n    - operator\n  user:\n    - resident\n');
    fs.writeFileSync(out, edited);
    const done = await trellisImport(EPISODES, '--workspace', workspace, '--mapping', out, '--json');
    expect(done.code).toBe(0);
    expect(JSON.parse(done.out)).toMatchObject({
      ok: true,
      mapping: 'agent-episodes',
      imported: 2,
      outcomes: { success: 1, failure: 1 },
    });
    const backend = createBackend({ workspace, host: 'cli' });
    try {
      const { items } = await backend.registry.invoke('trajectories.list', { filter: { outcome: 'failure' } });
      expect(items.map((t) => t.source)).toEqual(['agent-episodes.json#1 run 2']);
    } finally {
      backend.close();
    }
  });

  it('takes a mapping saved in the workspace by name, and names what is wrong with a mapping file', async () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    const backend = createBackend({ workspace, host: 'cli' });
    const { mapping } = await backend.registry.invoke('mappings.propose', { path: EPISODES, name: 'homebot' });
    await backend.registry.invoke('mappings.save', {
      mapping: { ...mapping!, roles: { ...mapping!.roles, system: ['operator'], user: ['resident'] } },
    });
    backend.close();
    const byName = await trellisImport(EPISODES, '--workspace', workspace, '--mapping', 'homebot');
    expect(byName.code).toBe(0);
    expect(byName.out).toMatch(/^Imported 2 trajectories \(mapping "homebot", one JSON object\)/);

    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({ trellisMapping: 1, name: 'bad', messages: 'steps[', outcome: { path: 'x' } }),
    );
    const refused = await trellisImport(EPISODES, '--workspace', workspace, '--mapping', bad);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${bad} is not a Trellis mapping: messages: not a path`);
    expect(refused.err).toContain('outcome.success');
    const unknown = await trellisImport(EPISODES, '--workspace', workspace, '--mapping', 'nobody');
    expect(unknown.err).toMatch(/No mapping named "nobody" in this workspace[\s\S]*Saved mappings: homebot/);
  });

  it('for a file a reader claims, proposes only what to add (outcome, task id) and leaves the turns to the reader', async () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    const file = path.join(dir, 'swe-runs.jsonl');
    const record = (resolved: boolean, id: string) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `Fix ${id}.` },
          { role: 'assistant', content: 'Patched.' },
        ],
        metadata: { resolved, instance_id: id },
      });
    fs.writeFileSync(file, `${record(true, 'a-1')}\n${record(false, 'a-2')}\n`);
    const out = path.join(dir, 'resolved.json');
    const proposed = await trellisImport(file, '--workspace', workspace, '--propose-mapping', out);
    expect(proposed.code).toBe(0);
    expect(proposed.out).toContain(`Wrote ${out}: OpenAI chat reads the turns`);
    expect(proposed.out).toContain('outcome from "metadata.resolved"');
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual({
      trellisMapping: 1,
      name: 'swe-runs',
      runs: '$',
      outcome: { path: 'metadata.resolved', success: [true] },
      taskId: 'metadata.instance_id',
    });
    const done = await trellisImport(file, '--workspace', workspace, '--mapping', out);
    expect(done.out).toMatch(
      /^Imported 2 trajectories \(OpenAI chat with mapping "swe-runs", JSONL\).*1 succeeded, 1 failed/,
    );
  });

  it('says how to use the mapping flags in --help', async () => {
    const help = await trellisImport('--help');
    expect(help.out).toContain('--propose-mapping OUT.json|OUT.yaml');
    expect(help.out).toMatch(/--mapping <value>\s+Find the runs with this mapping/);
  });
});
