import fs from 'node:fs/promises';
import path from 'node:path';
import type { DiscoveredModel, DiscoverySearched, ModelSource } from '../../shared/contract/models';

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
  /** Folder entries read at most, over all roots, shared out among them: a huge folder cannot stall the scan. */
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

/** A file discovery skipped, and why. */
export interface DiscoveryProblem {
  path: string;
  message: string;
}

const OLLAMA_MODEL_LAYER = 'application/vnd.ollama.image.model';

/** The digest of the model layer an Ollama manifest names, or why the manifest cannot say. */
function modelDigest(text: string): { digest: string | null } | { problem: string } {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
  const layers = (manifest as { layers?: unknown } | null)?.layers;
  if (typeof manifest !== 'object' || manifest === null || (layers !== undefined && !Array.isArray(layers)))
    return { problem: 'not an Ollama manifest (no list of layers)' };
  const model = (layers as unknown[] | undefined)?.find(
    (l): l is { digest?: unknown } =>
      typeof l === 'object' && l !== null && (l as { mediaType?: unknown }).mediaType === OLLAMA_MODEL_LAYER,
  );
  return { digest: typeof model?.digest === 'string' ? model.digest : null };
}

/**
 * Ollama names its blobs by digest; its manifests say which model each one is
 * (`manifests/<registry>/<namespace>/<model>/<tag>`, the layer of the model media type). A
 * manifest that cannot be read is reported and skipped: its blob is still listed, by digest.
 */
async function ollamaNames(blobsDir: string, problems: DiscoveryProblem[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const root = path.join(path.dirname(blobsDir), 'manifests');
  const walk = async (dir: string, parts: string[]): Promise<void> => {
    if (parts.length > 4) return;
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, [...parts, entry.name]);
      else if (entry.isFile()) {
        const read = modelDigest(await fs.readFile(full, 'utf8').catch(() => '{}'));
        if ('problem' in read)
          problems.push({
            path: full,
            message: `This Ollama manifest is ${read.problem}: skipped, so its model is listed by its digest.`,
          });
        else if (read.digest) names.set(read.digest.replace(':', '-'), `${parts.at(-1)}:${entry.name}`);
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
 * Hugging Face cache links snapshots to blobs). Missing folders are skipped. Each folder gets
 * its share of the entries (what one leaves unread passes to the next), so one huge folder
 * cannot starve the others; a folder it cuts short says so (`cutShort`).
 */
export async function discoverModels(
  home: string,
  folders: readonly string[] = [],
  limits: DiscoverLimits = LIMITS,
): Promise<{ models: DiscoveredModel[]; searched: DiscoverySearched[]; problems: DiscoveryProblem[] }> {
  const roots = [
    ...MODEL_FOLDERS.map((f) => ({ source: f.source, dir: path.join(home, f.dir) })),
    ...folders.map((dir) => ({ source: 'folder' as const, dir: path.resolve(dir) })),
  ];
  const models: DiscoveredModel[] = [];
  const problems: DiscoveryProblem[] = [];
  const seen = new Set<string>();
  const found = await Promise.all(
    roots.map((root) =>
      fs.stat(root.dir).then(
        (s) => s.isDirectory(),
        () => false,
      ),
    ),
  );
  let entriesLeft = limits.maxEntries;
  let rootsLeft = found.filter(Boolean).length;
  const searched: DiscoverySearched[] = [];

  for (const [index, root] of roots.entries()) {
    const exists = found[index]!;
    const entry = { ...root, found: exists, cutShort: false };
    searched.push(entry);
    if (!exists) continue;
    const names = root.source === 'ollama' ? await ollamaNames(root.dir, problems) : new Map<string, string>();
    const share = Math.floor(entriesLeft / rootsLeft--);
    let shareLeft = share;

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
      if (depth > limits.maxDepth || entry.cutShort) return;
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const item of entries) {
        if (models.length >= limits.maxModels || shareLeft <= 0) {
          entry.cutShort = true;
          return;
        }
        shareLeft--;
        const full = path.join(dir, item.name);
        if (item.isDirectory()) await walk(full, depth + 1);
        // A link is followed only to a file: a linked folder could lead back up and loop.
        else if (item.isFile() || item.isSymbolicLink()) await consider(full, item.name);
      }
    };
    await walk(root.dir, 0);
    entriesLeft -= share - shareLeft;
  }
  return { models, searched, problems };
}
