import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { discoverModels, quantizationFromName } from '../../../backend/models/discover';
import { tempDir } from '../../helpers/temp';

/** A file that starts like a GGUF (magic and version), `size` bytes long. */
function gguf(file: string, size = 64): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const head = Buffer.alloc(8);
  head.write('GGUF', 0, 'latin1');
  head.writeUInt32LE(3, 4);
  fs.writeFileSync(file, head);
  fs.truncateSync(file, size);
}

/** A home folder laid out the way LM Studio, Ollama, Jan and the Hugging Face cache lay theirs out. */
function fakeHome(): string {
  const home = tempDir();
  gguf(path.join(home, '.lmstudio/models/lmstudio-community/Qwen3-4B-GGUF/Qwen3-4B-Q4_K_M.gguf'));
  // A folder linking back up: not followed, so no loop and no duplicate.
  fs.symlinkSync(path.join(home, '.lmstudio/models'), path.join(home, '.lmstudio/models/lmstudio-community/loop'));

  const hub = path.join(home, '.cache/huggingface/hub/models--unsloth--gemma-3-1b-it-GGUF');
  gguf(path.join(hub, 'blobs/9f2c'));
  fs.mkdirSync(path.join(hub, 'snapshots/abc123'), { recursive: true });
  fs.symlinkSync('../../blobs/9f2c', path.join(hub, 'snapshots/abc123/gemma-3-1b-it-Q8_0.gguf'));

  const ollama = path.join(home, '.ollama/models');
  gguf(path.join(ollama, 'blobs/sha256-aa11'), 2 << 20);
  fs.writeFileSync(path.join(ollama, 'blobs/sha256-bb22'), '{{ .Prompt }}'); // a template layer
  fs.mkdirSync(path.join(ollama, 'manifests/registry.ollama.ai/library/llama3.2'), { recursive: true });
  fs.writeFileSync(
    path.join(ollama, 'manifests/registry.ollama.ai/library/llama3.2/1b'),
    JSON.stringify({
      layers: [
        { mediaType: 'application/vnd.ollama.image.model', digest: 'sha256:aa11' },
        { mediaType: 'application/vnd.ollama.image.template', digest: 'sha256:bb22' },
      ],
    }),
  );

  // Named .gguf but not one: left out.
  fs.mkdirSync(path.join(home, 'jan/models/broken'), { recursive: true });
  fs.writeFileSync(path.join(home, 'jan/models/broken/model.gguf'), 'not a model');
  return home;
}

describe('finding GGUFs already on disk', () => {
  it('lists the models of LM Studio, Ollama (named through its manifests) and the Hugging Face cache, once each', async () => {
    const home = fakeHome();
    const { models, searched } = await discoverModels(home);
    expect(models.map((m) => [m.source, m.name, m.quantization]).sort()).toEqual([
      ['huggingface', 'gemma-3-1b-it-Q8_0.gguf', 'Q8_0'],
      ['lmstudio', 'Qwen3-4B-Q4_K_M.gguf', 'Q4_K_M'],
      ['ollama', 'llama3.2:1b', null],
    ]);
    expect(models.find((m) => m.source === 'ollama')).toMatchObject({
      path: path.join(home, '.ollama/models/blobs/sha256-aa11'),
      sizeBytes: 2 << 20,
    });
    expect(searched.filter((s) => s.found).map((s) => s.source)).toEqual(['lmstudio', 'ollama', 'jan', 'huggingface']);
  });

  it('searches folders the user adds, within its limits of depth and count', async () => {
    const home = tempDir();
    const mine = tempDir();
    gguf(path.join(mine, 'a/b/shallow-F16.gguf'));
    gguf(path.join(mine, 'a/b/c/d/e/f/g/h/deep.gguf'));
    const { models } = await discoverModels(home, [mine], { maxDepth: 4, maxModels: 10, maxEntries: 100 });
    expect(models.map((m) => [m.source, m.name, m.quantization])).toEqual([['folder', 'shallow-F16.gguf', 'F16']]);
    for (let i = 0; i < 5; i++) gguf(path.join(mine, `m${i}.gguf`));
    expect((await discoverModels(home, [mine], { maxDepth: 4, maxModels: 3, maxEntries: 100 })).models).toHaveLength(3);
  });

  it('skips an Ollama manifest it cannot read, reports it once, and still lists every model', async () => {
    const home = fakeHome();
    const manifests = path.join(home, '.ollama/models/manifests/registry.ollama.ai/library');
    fs.mkdirSync(path.join(manifests, 'broken'), { recursive: true });
    fs.writeFileSync(path.join(manifests, 'broken/latest'), '{"layers": [{"mediaType": "application/vnd.ol');
    fs.mkdirSync(path.join(manifests, 'odd'), { recursive: true });
    fs.writeFileSync(path.join(manifests, 'odd/latest'), '{"layers": 5}');
    const { models, problems } = await discoverModels(home);
    expect(models.map((m) => m.name).sort()).toEqual([
      'Qwen3-4B-Q4_K_M.gguf',
      'gemma-3-1b-it-Q8_0.gguf',
      'llama3.2:1b',
    ]);
    expect(problems).toEqual([
      {
        path: path.join(manifests, 'broken/latest'),
        message: expect.stringMatching(/^This Ollama manifest is not valid JSON \(.+\): skipped/),
      },
      {
        path: path.join(manifests, 'odd/latest'),
        message: expect.stringContaining('not an Ollama manifest (no list of layers)'),
      },
    ]);
  });

  it("gives each folder its share of the scan: a huge LM Studio folder does not hide Jan's models", async () => {
    const home = tempDir();
    const crowded = path.join(home, '.lmstudio/models/clutter');
    fs.mkdirSync(crowded, { recursive: true });
    for (let i = 0; i < 300; i++) fs.writeFileSync(path.join(crowded, `note-${i}.txt`), '');
    gguf(path.join(home, 'jan/models/tiny/tiny-Q4_0.gguf'));
    const { models, searched } = await discoverModels(home, [], { maxDepth: 6, maxModels: 10, maxEntries: 200 });
    expect(models.map((m) => [m.source, m.name])).toEqual([['jan', 'tiny-Q4_0.gguf']]);
    expect(searched.filter((s) => s.found).map((s) => [s.source, s.cutShort])).toEqual([
      ['lmstudio', true],
      ['jan', false],
    ]);
  });

  it('reads the quantisation from common file names', () => {
    expect(quantizationFromName('Llama-3.2-3B-Instruct-IQ3_XS.gguf')).toBe('IQ3_XS');
    expect(quantizationFromName('mistral-7b-instruct-v0.2.Q5_K_S.gguf')).toBe('Q5_K_S');
    expect(quantizationFromName('phi-3-mini-bf16.gguf')).toBe('BF16');
    expect(quantizationFromName('model.gguf')).toBeNull();
  });

  it('answers models.discover through the contract, with a fit for each model', async () => {
    const mine = tempDir();
    gguf(path.join(mine, 'tiny-Q4_0.gguf'));
    const b = createBackend({ workspace: path.join(tempDir(), 'd.trellis'), host: 'cli', seed: false });
    const result = await b.registry.invoke('models.discover', { folders: [mine] });
    expect(result.models.find((m) => m.source === 'folder')).toMatchObject({
      name: 'tiny-Q4_0.gguf',
      quantization: 'Q4_0',
      fitsInRam: true,
    });
    expect(result.freeRamBytes).toBeGreaterThan(0);
    b.close();
  });
});
