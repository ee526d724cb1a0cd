import fs from 'node:fs/promises';
import path from 'node:path';
import type { DiscoveredModel, ModelSource } from '../../shared/contract/models';

/** Where other apps keep GGUFs, under the user's home folder. */
export const MODEL_FOLDERS: readonly { source: ModelSource; dir: string }[] = [
  { source: 'lmstudio', dir: '.lmstudio/models' },
  { source: 'lmstudio', dir: '.cache/lm-studio/models' },
  { source: 'ollama', dir: '.ollama/models/blobs' },
  { source: 'jan', dir: 'jan/models' },
  { source: 'huggingface', dir: '.cache/huggingface/hub' },
];

export interface DiscoverLimits {
  /** Folders below a root that are looked into (Hugging Face's snapshots sit 3 deep). */
  maxDepth: number;
  /** Models listed at most. */
  maxModels: number;
  /** Folder entries read at most, over all roots: a huge folder cannot stall the scan. */
  maxEntries: number;
}

const LIMITS: DiscoverLimits = { maxDepth: 6, maxModels: 500, maxEntries: 50_000 };
const GGUF_MAGIC = 'GGUF';
/** Ollama's blobs are named by digest: smaller ones are templates, licences and parameters. */
const MIN_BLOB_BYTES = 1 << 20;

const QUANT = /(?:^|[-_.])((?:I?Q\d(?:_[A-Z0-9]+)*)|BF16|F16|F32)(?=[-_.]|$)/i;
/** The quantisation a file's name says (Q4_K_M, IQ3_XS, Q8_0, F16…), if it says one. */
export function quantizationFromName(name: string): string | null {
  const match = QUANT.exec(name.replace(/\.gguf$/i, ''));
  return match ? match[1]!.toUpperCase() : null;
}

async function startsWithGgufMagic(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.toString('latin1') === GGUF_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * Ollama names its blobs by digest; its manifests say which model each one is
 * (`manifests/<registry>/<namespace>/<model>/<tag>`, the layer of the model media type).
 */
async function ollamaNames(blobsDir: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const root = path.join(path.dirname(blobsDir), 'manifests');
  const walk = async (dir: string, parts: string[]): Promise<void> => {
    if (parts.length > 4) return;
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, [...parts, entry.name]);
      else if (entry.isFile()) {
        const manifest = JSON.parse(await fs.readFile(full, 'utf8').catch(() => '{}')) as {
          layers?: { mediaType?: string; digest?: string }[];
        };
        const model = manifest.layers?.find((l) => l.mediaType === 'application/vnd.ollama.image.model');
        if (model?.digest) names.set(model.digest.replace(':', '-'), `${parts.at(-1)}:${entry.name}`);
      }
    }
  };
  await walk(root, []);
  return names;
}

/**
 * GGUF files found under the folders LM Studio, Ollama, Jan and the Hugging Face cache keep
 * them in (below `home`), and under `folders` the user adds. Bounded in depth, entries and
 * results; symbolic links to folders are not followed (no loops), links to files are (the
 * Hugging Face cache links snapshots to blobs). Missing folders are skipped.
 */
export async function discoverModels(
  home: string,
  folders: readonly string[] = [],
  limits: DiscoverLimits = LIMITS,
): Promise<{ models: DiscoveredModel[]; searched: { source: ModelSource; dir: string; found: boolean }[] }> {
  const roots = [
    ...MODEL_FOLDERS.map((f) => ({ source: f.source, dir: path.join(home, f.dir) })),
    ...folders.map((dir) => ({ source: 'folder' as const, dir: path.resolve(dir) })),
  ];
  const models: DiscoveredModel[] = [];
  const seen = new Set<string>();
  let entriesLeft = limits.maxEntries;
  const searched: { source: ModelSource; dir: string; found: boolean }[] = [];

  for (const root of roots) {
    const exists = await fs.stat(root.dir).then(
      (s) => s.isDirectory(),
      () => false,
    );
    searched.push({ ...root, found: exists });
    if (!exists) continue;
    const names = root.source === 'ollama' ? await ollamaNames(root.dir) : new Map<string, string>();

    const consider = async (file: string, name: string) => {
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return;
      const real = await fs.realpath(file).catch(() => file);
      if (seen.has(real)) return;
      const isGguf = name.toLowerCase().endsWith('.gguf');
      if (!isGguf && (root.source !== 'ollama' || stat.size < MIN_BLOB_BYTES)) return;
      if (!(await startsWithGgufMagic(file))) return;
      seen.add(real);
      const label = names.get(name) ?? name;
      models.push({
        path: file,
        name: label,
        source: root.source,
        sizeBytes: stat.size,
        quantization: quantizationFromName(isGguf ? name : label),
      });
    };

    const walk = async (dir: string, depth: number): Promise<void> => {
      if (depth > limits.maxDepth || models.length >= limits.maxModels || entriesLeft <= 0) return;
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (models.length >= limits.maxModels || --entriesLeft < 0) return;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full, depth + 1);
        // A link is followed only to a file: a linked folder could lead back up and loop.
        else if (entry.isFile() || entry.isSymbolicLink()) await consider(full, entry.name);
      }
    };
    await walk(root.dir, 0);
  }
  return { models, searched };
}
