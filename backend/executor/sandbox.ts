import { getQuickJS, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten';

export interface SandboxLimits {
  /** Wall-clock budget of one call; `while (true) {}` is interrupted after it. */
  timeoutMs: number;
  memoryBytes: number;
  stackBytes: number;
  /** Seeds `Math.random`, so a mock answers the same arguments the same way every run. */
  seed: number;
  /** What `Date.now()` and `new Date()` return inside the sandbox (ms since the epoch). */
  now: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  timeoutMs: 1000,
  memoryBytes: 32 * 2 ** 20,
  stackBytes: 256 * 2 ** 10,
  seed: 1,
  now: Date.UTC(2027, 0, 1),
};

/** A mock that threw, ran out of time or memory: the message says which, for the observation. */
export class SandboxError extends Error {}

let quickjs: Promise<QuickJSWASMModule> | null = null;

/** Seeded PRNG and a fixed clock, installed before the tool's code runs. */
const PRELUDE = (seed: number, now: number) => `
(() => {
  let s = ${seed >>> 0} || 1;
  Math.random = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const RealDate = Date;
  const FixedDate = function (...a) { return a.length ? new RealDate(...a) : new RealDate(${now}); };
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = () => ${now};
  FixedDate.UTC = RealDate.UTC;
  FixedDate.parse = RealDate.parse;
  globalThis.Date = FixedDate;
})();`;

/**
 * Runs a tool's JavaScript mock in QuickJS compiled to WebAssembly: its own heap with a memory
 * limit, an interrupt after the deadline, no host objects (no `require`, `process`, files or
 * network), JSON in and JSON out. The code is a function body that sees `args` and returns the
 * result. Synchronous inside: the backend calls it through the worker in mock-runner.ts.
 */
export async function evaluateMock(code: string, args: unknown, limits: Partial<SandboxLimits> = {}): Promise<unknown> {
  const l = { ...DEFAULT_LIMITS, ...limits };
  const module = await (quickjs ??= getQuickJS());
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(l.memoryBytes);
  runtime.setMaxStackSize(l.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + l.timeoutMs));
  const vm = runtime.newContext();
  try {
    const prelude = vm.evalCode(PRELUDE(l.seed, l.now));
    if (prelude.error) {
      prelude.error.dispose();
      throw new SandboxError('the sandbox could not start');
    }
    prelude.value.dispose();
    const source = `JSON.stringify((function (args) {\n"use strict";\n${code}\n})(JSON.parse(${JSON.stringify(JSON.stringify(args ?? {}))})))`;
    const result = vm.evalCode(source, 'tool.js');
    if (result.error) {
      const error = vm.dump(result.error) as { name?: string; message?: string } | string;
      result.error.dispose();
      throw new SandboxError(describe(error, l));
    }
    const json = vm.dump(result.value) as string | undefined;
    result.value.dispose();
    return json === undefined ? null : JSON.parse(json);
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

function describe(error: { name?: string; message?: string } | string, limits: SandboxLimits): string {
  if (typeof error === 'string') return `the mock threw ${error}`;
  const message = error.message ?? String(error);
  if (message === 'interrupted') return `the mock ran longer than its ${limits.timeoutMs} ms limit and was stopped`;
  if (/out of memory/i.test(message))
    return `the mock used more than its ${Math.round(limits.memoryBytes / 2 ** 20)} MiB memory limit`;
  if (/stack overflow/i.test(message)) return 'the mock recursed too deeply (stack overflow)';
  return `the mock threw ${error.name ?? 'Error'}: ${message}`;
}
