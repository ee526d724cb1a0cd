import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFolder } from '../../../backend/files/browse';
import { testBackend } from '../../helpers/backend';
import { tempDir } from '../../helpers/temp';

/** A home folder and a workspace folder beside a folder that may not be browsed. */
function layout() {
  const base = fs.realpathSync(tempDir());
  const home = path.join(base, 'home');
  const work = path.join(base, 'work');
  const secret = path.join(base, 'secret');
  for (const dir of [home, path.join(home, 'logs'), work, secret]) fs.mkdirSync(dir);
  fs.writeFileSync(path.join(home, 'logs', 'run.jsonl'), '{}\n');
  fs.writeFileSync(path.join(home, 'b.json'), '[1]');
  fs.writeFileSync(path.join(secret, 'keys.txt'), 'x');
  const roots = [
    { name: 'Workspace folder', path: work },
    { name: 'Home', path: home },
  ];
  return { base, home, work, secret, roots };
}

describe('listFolder: the file browser shows only the home and workspace folders', () => {
  it('lists a folder: folders first, then files, with size and time, and the breadcrumb from its root', () => {
    const { home, roots } = layout();
    const listing = listFolder(home, roots);
    expect(listing.path).toBe(home);
    expect(listing.entries.map((e) => [e.name, e.kind, e.size])).toEqual([
      ['logs', 'dir', 0],
      ['b.json', 'file', 3],
    ]);
    expect(Date.parse(listing.entries[1]!.modified)).toBeGreaterThan(0);
    const logs = listFolder(path.join(home, 'logs'), roots);
    expect(logs.crumbs).toEqual([
      { name: 'Home', path: home },
      { name: 'logs', path: path.join(home, 'logs') },
    ]);
    expect(logs.entries.map((e) => e.name)).toEqual(['run.jsonl']);
  });

  it('refuses a folder outside the roots, and a ".." that climbs out, with a clear error (E3010)', () => {
    const { home, secret, roots } = layout();
    expect(() => listFolder(secret, roots)).toThrow(
      expect.objectContaining({ code: 'E3010', message: expect.stringContaining(`${secret} is outside the folders`) }),
    );
    const climbing = `${home}/../secret`;
    expect(() => listFolder(climbing, roots)).toThrow(
      expect.objectContaining({
        code: 'E3010',
        message: expect.stringMatching(
          /\.\.\/secret \(.*secret\) is outside the folders the file browser shows: Workspace folder/,
        ),
      }),
    );
    expect(() => listFolder('/', roots)).toThrow(expect.objectContaining({ code: 'E3010' }));
    // A ".." that stays inside is fine.
    expect(listFolder(`${home}/logs/..`, roots).path).toBe(home);
    expect(() => listFolder('logs', roots)).toThrow(/not an absolute path/);
  });

  it('follows symlinks before checking: a link that points outside is neither listed nor opened', () => {
    const { home, secret, roots } = layout();
    fs.symlinkSync(secret, path.join(home, 'escape'));
    fs.symlinkSync(path.join(secret, 'keys.txt'), path.join(home, 'keys.txt'));
    fs.symlinkSync(path.join(home, 'logs'), path.join(home, 'logs-link'));
    const names = listFolder(home, roots).entries.map((e) => e.name);
    expect(names).toEqual(['logs', 'logs-link', 'b.json']);
    expect(() => listFolder(path.join(home, 'escape'), roots)).toThrow(
      expect.objectContaining({ code: 'E3010', message: expect.stringContaining(`a link to ${secret}`) }),
    );
    // A link inside that stays inside opens, shown where it leads.
    expect(listFolder(path.join(home, 'logs-link'), roots).path).toBe(path.join(home, 'logs'));
  });

  it('says when a folder inside is missing, or is a file', () => {
    const { home, roots } = layout();
    expect(() => listFolder(path.join(home, 'gone'), roots)).toThrow(expect.objectContaining({ code: 'E3001' }));
    expect(() => listFolder(path.join(home, 'b.json'), roots)).toThrow(/is a file, not a folder/);
  });

  it('is served as system.listFolder, opening on the workspace folder and refusing what is outside', async () => {
    const backend = testBackend();
    const info = await backend.registry.invoke('system.info', {});
    const listing = await backend.registry.invoke('system.listFolder', {});
    expect(listing.path).toBe(fs.realpathSync(path.dirname(info.workspacePath)));
    expect(listing.entries.map((e) => e.name)).toContain('test.trellis');
    expect(listing.roots.map((r) => r.name)).toEqual(['Workspace folder', 'Home']);
    await expect(backend.registry.invoke('system.listFolder', { path: '/proc/self' })).rejects.toMatchObject({
      code: 'E3010',
    });
  });
});
