import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(__dirname, '..', '..');
const BACKEND = path.join(ROOT, 'backend');

/**
 * File-system calls that read a file or put one in place by renaming. Outside `backend/files/`
 * (the owner of user-file reading and of atomic writes) each needs a reason below.
 */
const CALLS = ['rename', 'renameSync', 'readFile', 'readFileSync', 'createReadStream', 'open', 'openSync'] as const;
type Call = (typeof CALLS)[number];

const NAMES = CALLS.join('|');
/** `fs.readFileSync(`, `fs.promises.open(`, and a call of a name imported from `node:fs` by itself. */
const MEMBER_CALL = new RegExp(`\\bfs(?:\\.promises)?\\.(${NAMES})\\s*\\(`, 'g');
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](?:node:)?fs(?:\/promises)?['"]/g;

/** The file-system calls of this kind a source text makes, by name. */
function fileCalls(source: string): Call[] {
  const found = new Set<Call>();
  for (const match of source.matchAll(MEMBER_CALL)) found.add(match[1] as Call);
  for (const match of source.matchAll(NAMED_IMPORT))
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if ((CALLS as readonly string[]).includes(name)) found.add(name as Call);
    }
  return [...found].sort();
}

/**
 * Backend files outside `backend/files/` that read files or rename, and why each may: they read
 * Trellis's own files (config, records, package metadata, build output), never a path the user
 * named, or they are the store.
 */
const ALLOWED: Record<string, { calls: Call[]; reason: string }> = {
  'backend/backend.ts': { calls: ['readFileSync'], reason: "Trellis's own package.json, for its version." },
  'backend/config/api-secrets.ts': {
    calls: ['readFileSync'],
    reason: "api-secrets.json in the user's config folder: Trellis's own file (written through atomic-write).",
  },
  'backend/config/consent.ts': {
    calls: ['readFileSync'],
    reason: "consent.json in the user's config folder: Trellis's own file (written through atomic-write).",
  },
  'backend/llm/gguf-header.ts': {
    calls: ['openSync'],
    reason:
      "walks a model's header in the inspect worker, which runs only after helper.ts read the file's magic through backend/files (a pipe or device is refused there).",
  },
  'backend/llm/cpu-library-builder.ts': {
    calls: ['readFileSync'],
    reason: "node-llama-cpp's build metadata in the copy of its prebuilt binding the CPU library build makes.",
  },
  'backend/llm/native-call-builder.ts': {
    calls: ['readFileSync'],
    reason:
      "node-llama-cpp's addon source, copied to a temporary folder and edited there (two lines) before the native call is compiled in.",
  },
  'backend/llm/gpu-devices.ts': {
    calls: ['readFileSync'],
    reason: "the NVIDIA driver's GPU list in /proc/driver/nvidia/gpus, to tell whether a GPU goes unused.",
  },
  'backend/llm/auto-native-build.ts': {
    calls: ['readFileSync'],
    reason: "Trellis's own record of the last automatic native build (written through atomic-write).",
  },
  'backend/llm/llama-runtime.ts': {
    calls: ['readFileSync'],
    reason: 'build metadata inside the native build folder Trellis made and recorded, and /proc/self/maps.',
  },
  'backend/llm/llama-source.ts': {
    calls: ['readFileSync'],
    reason: "Trellis's own lock file for the llama.cpp source.",
  },
  'backend/llm/native-build.ts': {
    calls: ['readFileSync'],
    reason: "/proc/cpuinfo and Trellis's own native-build record (written through atomic-write).",
  },
  'backend/llm/node-llama-cpp-builder.ts': {
    calls: ['readFileSync'],
    reason: "what node-llama-cpp's own build wrote into its package folder.",
  },
  'backend/llm/node-llama-cpp-package.ts': { calls: ['readFileSync'], reason: "node-llama-cpp's package.json." },
  'backend/llm/weights-loading.ts': {
    calls: ['readFileSync'],
    reason:
      "the kernel's transparent-huge-page setting, /proc/meminfo and the helper's own smaps_rollup, to choose how the weights load.",
  },
  'backend/models/discover.ts': {
    calls: ['open', 'readFile'],
    reason:
      'walks model folders: opens only entries stat says are regular files (a pipe is never opened) and reads Ollama manifests found as regular files.',
  },
  'backend/store/database.ts': {
    calls: ['openSync'],
    reason: 'the store: the header of a workspace file, checked to be SQLite before SQLite opens it.',
  },
  'backend/store/seed.ts': { calls: ['readFileSync'], reason: 'the example workspace among Trellis’s resources.' },
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(BACKEND, 'files') ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('user files and atomic writes have one owner: backend/files', () => {
  it('tells the calls it looks for from look-alikes', () => {
    expect(fileCalls('const temp = `${f}.tmp`;\nfs.writeFileSync(temp, text);\nfs.renameSync(temp, f);\n')).toEqual([
      'renameSync',
    ]);
    expect(fileCalls("import { readFileSync as read } from 'node:fs';\nread(file);\n")).toEqual(['readFileSync']);
    expect(fileCalls('const handle = await fs.promises.open(file, "r");')).toEqual(['open']);
    expect(fileCalls('fs.createReadStream(file).pipe(out);')).toEqual(['createReadStream']);
    // The store renames graphs; nothing here is a file call.
    expect(fileCalls('store.graphs.rename(id, name);\nfs.statSync(file);\n// then a rename\n')).toEqual([]);
  });

  it('lets backend code outside backend/files read or rename only its own files, each for a reason', () => {
    const found: Record<string, Call[]> = {};
    for (const file of sources(BACKEND)) {
      const calls = fileCalls(fs.readFileSync(file, 'utf8'));
      if (calls.length) found[path.relative(ROOT, file).split(path.sep).join('/')] = calls;
    }
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, { calls }]) => [file, [...calls].sort()]));
    // A new reader of a user file goes through backend/files (readInputText, readInputHead,
    // openRecords); a new atomic write through atomic-write.ts (writeFileAtomic, copyFolderAtomic).
    expect(found).toEqual(allowed);
    for (const { reason } of Object.values(ALLOWED)) expect(reason.length).toBeGreaterThan(20);
  });
});
