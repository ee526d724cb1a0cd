import { afterAll, describe, expect, it } from 'vitest';
import { MockRunner } from '../../../../backend/executor/runtimes/mock-runner';
import { SandboxError } from '../../../../backend/executor/runtimes/sandbox';

const runner = new MockRunner();
afterAll(() => runner.close());
const runMockCode = (...a: Parameters<MockRunner['run']>) => runner.run(...a);

const escapes = [
  'return this.constructor.constructor("return process")().pid;',
  'return (function () { return this })().process.pid;',
  'return require("fs").readFileSync("/etc/passwd", "utf8");',
  'return globalThis.process.env;',
  'return import("fs");',
  'const p = new Proxy({}, { get: () => Function("return process")() }); return p.x.pid;',
  'try { null.f() } catch (e) { return e.constructor.constructor("return process")().pid; }',
  'return Error.prepareStackTrace = (e, s) => s[0].getThis().process; ',
  'return Function("return this")().process.mainModule.require("child_process");',
  'return typeof fetch === "function" ? fetch("http://example.com") : null;',
];

describe('mock sandbox (QuickJS in WebAssembly)', () => {
  it('runs a mock with JSON in and out, seeded randomness and a fixed clock', async () => {
    const code =
      'return { city: args.city.toUpperCase(), r: Math.random(), now: Date.now(), year: new Date().getUTCFullYear() };';
    const a = (await runMockCode(code, { city: 'Lisbon' }, { seed: 7 })) as Record<string, unknown>;
    const b = (await runMockCode(code, { city: 'Lisbon' }, { seed: 7 })) as Record<string, unknown>;
    expect(a).toEqual(b);
    expect(a).toMatchObject({ city: 'LISBON', year: 2027 });
    expect(await runMockCode(code, { city: 'x' }, { seed: 8 })).not.toEqual(
      await runMockCode(code, { city: 'x' }, { seed: 7 }),
    );
  });

  it('says on which line of the mock a SyntaxError is', async () => {
    await expect(runMockCode('const a = 1;\nconst = 2;\nreturn a;', {})).rejects.toThrow(
      /^the mock threw SyntaxError: .* \(line 2 of the code\)$/,
    );
  });

  it.each(escapes)('gives no way out: %s', async (code) => {
    let outcome: unknown;
    try {
      outcome = await runMockCode(code, {});
    } catch (error) {
      expect(error).toBeInstanceOf(SandboxError);
      return;
    }
    // Whatever it returned, it is not a host object.
    expect(JSON.stringify(outcome ?? null)).not.toMatch(/root:|pid|child_process/);
  });

  it('stops an endless loop within the time limit while the event loop stays free', async () => {
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    await expect(runMockCode('while (true) {}', {}, { timeoutMs: 500 })).rejects.toThrow(
      /longer than its 500 ms limit/,
    );
    clearInterval(ticker);
    // The loop ran in the worker: timers on this thread kept firing.
    expect(ticks).toBeGreaterThan(10);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await runMockCode('return 1 + 1;', {})).toBe(2);
  });

  it('contains an allocation bomb and deep recursion', async () => {
    await expect(
      runMockCode(
        'const a = []; while (true) a.push({ n: a.length, s: "payload" + a.length });',
        {},
        // A generous time limit: on a busy machine the memory limit must still be what stops it.
        { memoryBytes: 8 * 2 ** 20, timeoutMs: 30_000 },
      ),
    ).rejects.toThrow(/more than its 8 MiB memory limit/);
    await expect(runMockCode('let s = "x"; while (true) s += s;', {}, { timeoutMs: 30_000 })).rejects.toThrow(
      SandboxError,
    );
    await expect(runMockCode('const f = (n) => f(n + 1) + 1; return f(0);', {})).rejects.toThrow(
      /stack overflow|recursed/,
    );
    expect(await runMockCode('return "still here";', {})).toBe('still here');
  });

  it('reports what the mock threw', async () => {
    await expect(runMockCode('throw new TypeError("no such hotel")', {})).rejects.toThrow(
      'the mock threw TypeError: no such hotel',
    );
  });

  it('counts typed arrays and ArrayBuffers against the memory limit, however they are made', async () => {
    const limit = /more than its 32 MiB memory limit/;
    // Filling memory takes real time on a busy machine: the time limit must not be what stops these.
    const slow = { timeoutMs: 60_000 };
    await expect(
      runMockCode(
        'const a = []; for (let i = 0; i < 40; i++) a.push(new Float64Array(1e6)); return a.length;',
        {},
        slow,
      ),
    ).rejects.toThrow(limit);
    await expect(
      runMockCode(
        'const a = []; for (let i = 0; i < 40; i++) a.push(new ArrayBuffer(8e6)); return a.length;',
        {},
        slow,
      ),
    ).rejects.toThrow(limit);
    // Copies made through the species constructor count too.
    await expect(
      runMockCode(
        'const b = new ArrayBuffer(4e6); const a = []; for (let i = 0; i < 20; i++) a.push(b.slice(0)); return 1;',
        {},
        slow,
      ),
    ).rejects.toThrow(limit);
    await expect(
      runMockCode(
        'const f = new Float32Array(2e6); const a = []; for (let i = 0; i < 10; i++) a.push(f.map((x) => x)); return 1;',
        {},
        slow,
      ),
    ).rejects.toThrow(limit);
    // One allocation past the sandbox's whole heap fails as cleanly, and the sandbox goes on.
    await expect(
      runMockCode('return new Uint8Array(2 ** 30).length;', {}, { ...slow, memoryBytes: 2 ** 31 }),
    ).rejects.toThrow(/memory limit/);
    expect(await runMockCode('return Array.from(new Uint8Array([1, 2, 3]).map((x) => x * 2));', {})).toEqual([2, 4, 6]);
  });

  it('shows the fixed clock on every path to Date', async () => {
    const fixed = Date.UTC(2027, 0, 1);
    expect(await runMockCode('return new (Date.prototype.constructor)().getTime();', {})).toBe(fixed);
    expect(await runMockCode('return new (Object.getPrototypeOf(new Date(0)).constructor)().getTime();', {})).toBe(
      fixed,
    );
    expect(await runMockCode('return new (new Date(5).constructor)().getTime();', {})).toBe(fixed);
    expect(await runMockCode('return Date.now();', {})).toBe(fixed);
  });

  it('refuses a result larger than the result limit', async () => {
    await expect(runMockCode('return "x".repeat(12e6);', {})).rejects.toThrow(
      'the mock returned 11.4 MiB of JSON; a result may be at most 1.0 MiB',
    );
    expect(await runMockCode('return "x".repeat(1000).length;', {})).toBe(1000);
  });
});
