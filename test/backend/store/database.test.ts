import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { backupDatabase, listBackups, openDatabase, timestampedBackupPath } from '../../../backend/store/database';
import { openWorkspaceStore } from '../../../backend/store/workspace-store';
import { seedExampleWorkspace } from '../../../backend/store/seed';
import { tempDir } from '../../helpers/temp';

describe('workspace database', () => {
  it('opens with WAL, foreign keys and a busy timeout', () => {
    const db = openDatabase(path.join(tempDir(), 'w.trellis'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it('refuses a file that is not SQLite without touching it', () => {
    const file = path.join(tempDir(), 'notes.trellis');
    fs.writeFileSync(file, 'these are my notes, not a database');
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'E2004' }));
    expect(fs.readFileSync(file, 'utf8')).toBe('these are my notes, not a database');
  });

  it('reports a damaged workspace as failing its integrity check', () => {
    const file = path.join(tempDir(), 'damaged.trellis');
    const store = openWorkspaceStore(file);
    seedExampleWorkspace(store);
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    store.db.pragma('journal_mode = DELETE');
    store.close();
    // Overwrite the middle of the file (past the header page) with garbage.
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    for (let i = pageSize * 2; i < Math.min(bytes.length, pageSize * 6); i++) bytes[i] = (i * 37) & 0xff;
    fs.writeFileSync(file, bytes);
    expect(() => openDatabase(file)).toThrow(expect.objectContaining({ code: 'E2002' }));
  });

  it('backs up online to a file that opens with the same data', async () => {
    const dir = tempDir();
    const store = openWorkspaceStore(path.join(dir, 'w.trellis'));
    seedExampleWorkspace(store);
    const target = timestampedBackupPath(store.file, new Date('2026-01-02T03:04:05Z'));
    const result = await backupDatabase(store.db, target);
    expect(result.bytes).toBeGreaterThan(0);
    expect(listBackups(store.file).map((b) => b.path)).toEqual([target]);
    await expect(backupDatabase(store.db, target)).rejects.toMatchObject({ code: 'E3002' });
    const copy = openWorkspaceStore(target);
    expect(copy.graphs.list()).toEqual(store.graphs.list());
    copy.close();
    store.close();
  });

  it('creates workspace files and backups readable by their owner only', async () => {
    const file = path.join(tempDir(), 'private.trellis');
    const store = openWorkspaceStore(file);
    store.trajectories.allIds(); // the -wal file exists once the workspace is open
    for (const f of [file, `${file}-wal`]) expect(fs.statSync(f).mode & 0o777, f).toBe(0o600);
    const backup = await store.backup();
    expect(fs.statSync(backup.path).mode & 0o777).toBe(0o600);
    store.close();
  });

  it('refuses an empty workspace that has backups instead of filling it with the examples again', async () => {
    const file = path.join(tempDir(), 'cut.trellis');
    const store = openWorkspaceStore(file);
    await store.backup();
    store.close();
    fs.truncateSync(file, 0);
    expect(() => openWorkspaceStore(file)).toThrow(expect.objectContaining({ code: 'E2002' }));
    expect(fs.statSync(file).size).toBe(0);
  });

  it('calls a folder a folder, not a damaged workspace', () => {
    const dir = tempDir();
    expect(() => openWorkspaceStore(dir)).toThrow(
      expect.objectContaining({ code: 'E2004', message: `${dir} is a folder, not a workspace file.` }),
    );
  });

  it('says a workspace on a read-only disk is read-only, not corrupt', (context) => {
    const mount = path.join(tempDir(), 'ro');
    fs.mkdirSync(mount);
    const run = (...args: string[]) => spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' });
    if (run('mount', '-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mount).status !== 0) {
      console.info('read-only workspace test skipped: mounting a tmpfs needs root (it runs in CI as root)');
      return context.skip();
    }
    try {
      const file = path.join(mount, 'w.trellis');
      openWorkspaceStore(file).close();
      expect(run('mount', '-o', 'remount,ro', mount).status).toBe(0);
      for (const target of [file, path.join(mount, 'new.trellis')])
        expect(() => openWorkspaceStore(target)).toThrow(
          expect.objectContaining({ code: 'E2005', message: expect.stringContaining('on a read-only disk (EROFS)') }),
        );
    } finally {
      run('umount', mount);
    }
  });

  it('says a backup to a read-only disk cannot be written, and leaves the workspace as it was', async (context) => {
    const mount = path.join(tempDir(), 'ro');
    fs.mkdirSync(mount);
    const run = (...args: string[]) => spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' });
    if (run('mount', '-t', 'tmpfs', '-o', 'size=8m,ro', 'tmpfs', mount).status !== 0) {
      console.info('read-only backup test skipped: mounting a tmpfs needs root (it runs in CI as root)');
      return context.skip();
    }
    const backend = createBackend({ workspace: path.join(tempDir(), 'w.trellis'), host: 'cli', seed: true });
    try {
      for (const destination of [path.join(mount, 'copy.trellis'), path.join(mount, 'new-folder', 'copy.trellis')])
        await expect(backend.registry.invoke('workspace.backup', { destination })).rejects.toMatchObject({
          code: 'E2005',
          message: `The backup ${destination} could not be written: its folder is on a read-only disk (EROFS). The workspace was not changed.`,
        });
      expect((await backend.registry.invoke('graphs.list', {})).length).toBeGreaterThan(0);
    } finally {
      backend.close();
      run('umount', mount);
    }
  });
});
