import {
  newQuickJSWASMModule,
  newVariant,
  RELEASE_SYNC,
  shouldInterruptAfterDeadline,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import { beyondJsonLimits, formatSize, TOOL_VALUE_LIMITS } from '../../../shared/json';

export interface SandboxLimits {
  /** Wall-clock budget of one call; `while (true) {}` is interrupted after it. */
  timeoutMs: number;
  memoryBytes: number;
  stackBytes: number;
  /** Seeds `Math.random`, so a mock answers the same arguments the same way every run. */
  seed: number;
  /** What `Date.now()` and `new Date()` return inside the sandbox (ms since the epoch). */
  now: number;
  /** The largest result, as JSON text, a mock may return. */
  resultBytes: number;
  /** What the messages name as having run: "the mock", "add_item in the environment". */
  subject: string;
  /** The line of `code` where its author's own text begins (an environment's code comes after a preamble). */
  codeLine: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  timeoutMs: 1000,
  memoryBytes: 32 * 2 ** 20,
  stackBytes: 256 * 2 ** 10,
  seed: 1,
  now: Date.UTC(2027, 0, 1),
  resultBytes: TOOL_VALUE_LIMITS.bytes,
  subject: 'the mock',
  codeLine: 1,
};

/** The lines `evaluateMock` puts before the code it is given. */
const SOURCE_PREAMBLE_LINES = 2;

/**
 * The whole WebAssembly heap of the sandbox is capped: QuickJS's own memory limit does not see
 * ArrayBuffer storage, so without a cap a mock could grow the host by gigabytes. A heap left
 * larger than RECYCLE_BYTES after a call is dropped, and the next call starts a fresh one.
 */
const HEAP_CAP_BYTES = 128 * 2 ** 20;
const RECYCLE_BYTES = 48 * 2 ** 20;
const WASM_PAGE = 64 * 2 ** 10;

/** A mock that threw, ran out of time or memory: the message says which, for the observation. */
export class SandboxError extends Error {}

let quickjs: Promise<QuickJSWASMModule> | null = null;

/** Node's WebAssembly global (this build's type library does not declare it). */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => object };
};

/** A QuickJS module on a heap of its own, capped at HEAP_CAP_BYTES. */
function sandboxModule(): Promise<QuickJSWASMModule> {
  const memory = new wasm.Memory({ initial: 256, maximum: HEAP_CAP_BYTES / WASM_PAGE });
  return newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory: memory as never }));
}

/**
 * Seeded PRNG, a fixed clock on every path to `Date`, and buffers counted against the memory
 * limit (QuickJS's limit does not see ArrayBuffer storage), installed before the tool's code runs.
 */
const PRELUDE = (seed: number, now: number, memoryBytes: number) => `
(() => {
  let s = ${seed >>> 0} || 1;
  Math.random = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const RealDate = Date;
  const FixedDate = function (...a) { return a.length ? new RealDate(...a) : new RealDate(${now}); };
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = () => ${now};
  FixedDate.UTC = RealDate.UTC;
  FixedDate.parse = RealDate.parse;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: FixedDate });
  globalThis.Date = FixedDate;

  let budget = ${memoryBytes};
  const spend = (bytes) => {
    if (!(bytes >= 0)) return;
    budget -= bytes;
    if (budget < 0) throw new InternalError('out of memory');
  };
  const lengthOf = (a) => (typeof a === 'number' ? a : a && typeof a === 'object' && !(a instanceof RealArrayBuffer) && !(typeof SharedArrayBuffer === 'function' && a instanceof SharedArrayBuffer) ? (typeof a.length === 'number' ? a.length : 0) : 0);
  const RealArrayBuffer = ArrayBuffer;
  const counted = (Real, bytesOf) => {
    const Counted = new Proxy(Real, {
      construct(target, args, newTarget) {
        spend(bytesOf(args));
        return Reflect.construct(target, args, newTarget === Counted ? target : newTarget);
      },
    });
    Object.defineProperty(Real.prototype, 'constructor', { value: Counted });
    return Counted;
  };
  globalThis.ArrayBuffer = counted(RealArrayBuffer, (a) => Number(a[0]) || 0);
  if (typeof SharedArrayBuffer === 'function')
    globalThis.SharedArrayBuffer = counted(SharedArrayBuffer, (a) => Number(a[0]) || 0);
  for (const name of ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
    'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Float16Array']) {
    const Real = globalThis[name];
    if (typeof Real !== 'function') continue;
    globalThis[name] = counted(Real, (a) => lengthOf(a[0]) * Real.BYTES_PER_ELEMENT);
  }
})();`;

/**
 * Runs a tool's JavaScript mock in QuickJS compiled to WebAssembly: its own heap with a memory
 * limit, an interrupt after the deadline, no host objects (no `require`, `process`, files or
 * network), JSON in and JSON out. The code is a function body that sees `args` and returns the
 * result. Synchronous inside: the backend calls it through the worker in mock-runner.ts.
 */
export async function evaluateMock(code: string, args: unknown, limits: Partial<SandboxLimits> = {}): Promise<unknown> {
  const l = { ...DEFAULT_LIMITS, ...limits };
  const module = await (quickjs ??= sandboxModule());
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(l.memoryBytes);
  runtime.setMaxStackSize(l.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + l.timeoutMs));
  const vm = runtime.newContext();
  try {
    const prelude = vm.evalCode(PRELUDE(l.seed, l.now, l.memoryBytes));
    if (prelude.error) {
      prelude.error.dispose();
      throw new SandboxError('the sandbox could not start');
    }
    prelude.value.dispose();
    const source = `JSON.stringify((function (args) {\n"use strict";\n${code}\n})(JSON.parse(${JSON.stringify(JSON.stringify(args ?? {}))})))`;
    const result = vm.evalCode(source, 'tool.js');
    if (result.error) {
      const error = vm.dump(result.error) as { name?: string; message?: string; lineNumber?: number } | string;
      result.error.dispose();
      throw new SandboxError(describe(error, l));
    }
    const json = vm.dump(result.value) as string | undefined;
    result.value.dispose();
    if (json !== undefined && json.length > l.resultBytes)
      throw new SandboxError(
        `${l.subject} returned ${formatSize(json.length)} of JSON; a result may be at most ${formatSize(l.resultBytes)}`,
      );
    const value: unknown = json === undefined ? null : JSON.parse(json);
    // Refused here, in the worker: a value deep enough to exhaust the stack never crosses to the backend.
    const tooDeep = beyondJsonLimits(value, { depth: TOOL_VALUE_LIMITS.depth });
    if (tooDeep)
      throw new SandboxError(
        `${l.subject} returned a value that ${tooDeep}; a tool result may nest at most ${TOOL_VALUE_LIMITS.depth} levels, so return a flatter one`,
      );
    return value;
  } finally {
    vm.dispose();
    runtime.dispose();
    if (module.getWasmMemory().buffer.byteLength > RECYCLE_BYTES) quickjs = null;
  }
}

function describe(
  error: { name?: string; message?: string; lineNumber?: number } | string,
  limits: SandboxLimits,
): string {
  const { subject } = limits;
  if (typeof error === 'string') return `${subject} threw ${error}`;
  const message = error.message ?? String(error);
  if (message === 'interrupted') return `${subject} ran longer than its ${limits.timeoutMs} ms limit and was stopped`;
  if (/out of memory/i.test(message))
    return `${subject} used more than its ${Math.round(limits.memoryBytes / 2 ** 20)} MiB memory limit`;
  if (/stack overflow/i.test(message)) return `${subject} recursed too deeply (stack overflow)`;
  // A SyntaxError says where, counted in the author's own lines.
  const line =
    typeof error.lineNumber === 'number' ? error.lineNumber - SOURCE_PREAMBLE_LINES - (limits.codeLine - 1) : 0;
  const where = error.name === 'SyntaxError' && line > 0 ? ` (line ${line} of the code)` : '';
  return `${subject} threw ${error.name ?? 'Error'}: ${message}${where}`;
}
