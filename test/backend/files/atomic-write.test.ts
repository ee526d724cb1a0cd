import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFolderAtomic, writeFileAtomic } from '../../../backend/files/atomic-write';
import { tempDir } from '../../helpers/temp';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('writeFileAtomic', () => {
  it('makes the missing folders with their mode and writes the file with exactly its mode', (context) => {
    if (process.platform === 'win32') context.skip();
    const config = path.join(tempDir(), 'config', 'trellis');
    const file = path.join(config, 'consent.json');
    writeFileAtomic(file, '{}', { mode: 0o600, folderMode: 0o700 });
    expect(fs.readFileSync(file, 'utf8')).toBe('{}');
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(config)).toBe(0o700);
    writeFileAtomic(file, '{"a": 1}', { mode: 0o600 });
    expect(fs.readFileSync(file, 'utf8')).toBe('{"a": 1}');
    expect(fs.readdirSync(config)).toEqual(['consent.json']);
  });
});

describe('copyFolderAtomic', () => {
  it('puts a whole copy in place and leaves no partial folder', () => {
    const dir = tempDir();
    const from = path.join(dir, 'build');
    fs.mkdirSync(path.join(from, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(from, 'llama-addon.node'), 'addon');
    fs.writeFileSync(path.join(from, 'lib', 'libggml.so'), 'lib');
    const target = path.join(dir, 'llama', 'cpu-1');
    fs.mkdirSync(path.dirname(target));
    copyFolderAtomic(from, target);
    expect(fs.readFileSync(path.join(target, 'lib', 'libggml.so'), 'utf8')).toBe('lib');
    expect(fs.readdirSync(path.dirname(target))).toEqual(['cpu-1']);
  });

  it('leaves nothing at the target when the copy fails, and says what could not be written', () => {
    const dir = tempDir();
    const target = path.join(dir, 'cpu-1');
    expect(() => copyFolderAtomic(path.join(dir, 'missing'), target)).toThrow(
      expect.objectContaining({ code: 'E2005', message: expect.stringContaining(`Cannot write ${target}`) }),
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
