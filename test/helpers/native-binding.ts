import fs from 'node:fs';
import path from 'node:path';
import type { LlamaBackend, NativeBuild } from '../../shared/contract/models';
import { NATIVE_RECORD, cpuSignature, type NativeBuilder } from '../../backend/llm/native-build';
import { nodeLlamaCppVersion } from '../../backend/llm/node-llama-cpp-package';

/**
 * node-llama-cpp's prebuilt CPU binding for this platform: the stand-in for a native build in
 * tests that are about Trellis's part (where the binding lives, how it is recorded, chosen and
 * loaded). Null where no prebuilt binding exists.
 */
export { prebuiltBindingFolder } from '../../backend/llm/cpu-library-builder';

/** Records `folder` as the native build in `dir`, as a finished build would. */
export function recordNativeBuild(dir: string, folder: string, changes: Partial<NativeBuild> = {}): string {
  const record: NativeBuild = {
    backend: 'cpu',
    folder,
    builtAt: new Date().toISOString(),
    buildSeconds: 1,
    nodeLlamaCpp: nodeLlamaCppVersion(),
    llamaCpp: 'test',
    cpu: cpuSignature(),
    ...changes,
  };
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, NATIVE_RECORD);
  fs.writeFileSync(file, JSON.stringify(record));
  return file;
}

/** A builder that "builds" by copying the prebuilt binding, reporting output and progress as the real one does. */
export function copyingBuilder(source: string, seen: { backends: LlamaBackend[]; cleaned: number }): NativeBuilder {
  return async (backend, io) => {
    seen.backends.push(backend);
    io.onLine('[ 50%] Building CXX object llama.cpp/ggml/src/ggml-cpu/ggml-cpu.c.o');
    io.onProgress(0.5);
    io.onLine('[100%] Linking CXX shared library llama-addon.node');
    io.onProgress(1);
    return {
      folder: source,
      llamaCpp: 'test',
      cleanup: async () => void seen.cleaned++,
    };
  };
}
