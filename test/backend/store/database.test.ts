import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
