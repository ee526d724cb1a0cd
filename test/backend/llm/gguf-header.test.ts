import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import { checkGgufHeader } from '../../../backend/llm/gguf-header';
import type { ModelSupervisor } from '../../../backend/llm/supervisor';
import { TEST_SETTINGS, testSupervisor } from '../../helpers/models';
import { tempDir } from '../../helpers/temp';
import { TINY_MODEL, writeGguf } from '../../support/gguf-writer';

const FAULTS = path.join(__dirname, '..', '..', 'fixtures', 'faults');

/** The GGUF preamble: magic, version 3, tensor count, metadata count. */
function preamble(tensors: bigint, metadata: bigint): Buffer {
  const b = Buffer.alloc(24);
  b.write('GGUF', 0, 'latin1');
  b.writeUInt32LE(3, 4);
  b.writeBigUInt64LE(tensors, 8);
  b.writeBigUInt64LE(metadata, 16);
  return b;
}

/** 24 bytes that declare 2^63 − 1 tensors. */
const absurdTensors = () => preamble(2n ** 63n - 1n, 0n);

/** 60 bytes: one metadata entry, `general.tags`, an array of 2^40 strings with nothing after it. */
function absurdStringArray(): Buffer {
  const entry = Buffer.alloc(36);
  entry.writeBigUInt64LE(12n, 0);
  entry.write('general.tags', 8, 'latin1');
  entry.writeUInt32LE(9, 20); // an array
  entry.writeUInt32LE(8, 24); // of strings
  entry.writeBigUInt64LE(2n ** 40n, 28);
  return Buffer.concat([preamble(0n, 1n), entry]);
}

const opened: Backend[] = [];
const supervisors: ModelSupervisor[] = [];
afterEach(async () => {
  for (const b of opened.splice(0)) b.close();
  for (const s of supervisors.splice(0)) await s.stop();
});

function backend(): Backend {
  const b = createBackend({
    workspace: path.join(tempDir(), 'models.trellis'),
    host: 'cli',
    seed: false,
    modelEnv: { TRELLIS_GPU: 'off' },
  });
  opened.push(b);
  return b;
}

function fileOf(bytes: Buffer, name: string): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('GGUF headers checked against the file before any count is trusted', () => {
  it('the fault corpus holds the two absurd headers, byte for byte', () => {
    expect(fs.readFileSync(path.join(FAULTS, 'gguf-2e63-tensors.gguf'))).toEqual(absurdTensors());
    expect(fs.readFileSync(path.join(FAULTS, 'gguf-2e40-strings.gguf'))).toEqual(absurdStringArray());
    expect(absurdTensors()).toHaveLength(24);
    expect(absurdStringArray()).toHaveLength(60);
  });

  it('models.inspect refuses 2^63 − 1 tensors in 24 bytes, naming the field and the file', async () => {
    const file = fileOf(absurdTensors(), 'tensors.gguf');
    await expect(backend().registry.invoke('models.inspect', { path: file })).rejects.toMatchObject({
      code: 'E5002',
      message: `${file} declares 9223372036854775807 tensors; the 8 bytes left in a file of 24 bytes can hold at most 0.`,
    });
  });

  it('models.inspect refuses an array of 2^40 strings in 60 bytes, and loading it too', async () => {
    const file = fileOf(absurdStringArray(), 'strings.gguf');
    const b = backend();
    await expect(b.registry.invoke('models.inspect', { path: file })).rejects.toMatchObject({
      code: 'E5002',
      message: `${file} declares 1099511627776 strings in the array general.tags; the 0 bytes left in a file of 60 bytes can hold at most 0.`,
    });
    await expect(b.registry.invoke('models.load', { path: file, settings: TEST_SETTINGS })).rejects.toMatchObject({
      code: 'E5002',
      message: expect.stringContaining('1099511627776 strings'),
    });
  });

  it('answers every GGUF of the fault corpus with E5002, and then still reads a good model', async () => {
    const b = backend();
    const faults = fs.readdirSync(FAULTS).filter((f) => f.endsWith('.gguf'));
    expect(faults.length).toBeGreaterThanOrEqual(2);
    for (const name of faults)
      await expect(b.registry.invoke('models.inspect', { path: path.join(FAULTS, name) }), name).rejects.toMatchObject({
        code: 'E5002',
      });
    const good = path.join(tempDir(), 'good.gguf');
    writeGguf(good, TINY_MODEL);
    expect(await b.registry.invoke('models.inspect', { path: good })).toMatchObject({ architecture: 'llama' });
  });

  it('refuses a real model cut off in its header or in its tensor data', async () => {
    const good = path.join(tempDir(), 'tiny.gguf');
    const { bytes } = writeGguf(good, TINY_MODEL);
    const whole = fs.readFileSync(good);
    const b = backend();
    // Cut inside the vocabulary: its string array cannot fit in what is left.
    const inHeader = fileOf(whole.subarray(0, 3000), 'cut-header.gguf');
    await expect(b.registry.invoke('models.inspect', { path: inHeader })).rejects.toMatchObject({
      code: 'E5002',
      message: expect.stringMatching(
        /^\S+cut-header\.gguf declares \d+ strings in the array tokenizer\.ggml\.tokens; the \d+ bytes left in a file of 3000 bytes can hold at most \d+\.$/,
      ),
    });
    // The whole header, most of the weights: the last tensor's data is missing.
    const inData = fileOf(whole.subarray(0, bytes - 4096), 'cut-data.gguf');
    await expect(b.registry.invoke('models.inspect', { path: inData })).rejects.toMatchObject({
      code: 'E5002',
      message: expect.stringContaining(
        `cut-data.gguf is truncated: tensor blk.1.ffn_down.weight needs its data up to byte ${bytes}, but the file ends at byte ${bytes - 4096}`,
      ),
    });
  });

  it('accepts the header of every model the project writes, its tensors ending where the file does', () => {
    for (const tensorType of ['f32', 'f16'] as const) {
      const file = path.join(tempDir(), `${tensorType}.gguf`);
      const { bytes } = writeGguf(file, { ...TINY_MODEL, tensorType, vocabularySize: 2000 });
      expect(checkGgufHeader(file)).toMatchObject({ version: 3, dataEnd: bytes });
    }
  });
});

describe('inspect with a time and a memory limit', () => {
  it('stops a read that takes too long or needs too much memory, and the helper goes on', async () => {
    const s = testSupervisor();
    supervisors.push(s);
    const file = path.join(tempDir(), 'big-vocabulary.gguf');
    writeGguf(file, { ...TINY_MODEL, vocabularySize: 50_000 });
    await expect(s.inspect(file, { timeMs: 1, memoryMb: 512 })).rejects.toMatchObject({
      code: 'E5002',
      message: `Reading the header of ${file} took longer than 1 ms and was stopped. The file is probably damaged: get it again, or pick another model.`,
    });
    const pid = s.pid;
    await expect(s.inspect(file, { timeMs: 60_000, memoryMb: 4 })).rejects.toMatchObject({
      code: 'E5002',
      message: expect.stringContaining('needed more than 4 MiB of memory and was stopped'),
    });
    // The same helper process answers, and reads the file within the default limits.
    expect(await s.inspect(file)).toMatchObject({ architecture: 'llama' });
    expect(s.pid).toBe(pid);
  });
});
