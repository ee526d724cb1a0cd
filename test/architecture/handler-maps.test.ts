import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { AllHandlers, HandlerMap } from '../../backend/registry';

const ROOT = path.join(__dirname, '..', '..');

// Checked by `tsc -p tsconfig.test.json` (never called): each marked line must stay a type error.
export function missingHandlersFailTheTypeCheck(allButJobs: Omit<AllHandlers, 'jobs'>): unknown[] {
  // @ts-expect-error -- a namespace's map without one of its methods ('jobs.cancel')
  const withoutCancel: HandlerMap<'jobs'> = {};
  const misnamed: HandlerMap<'jobs'> = {
    'jobs.cancel': () => ({ cancelled: true }),
    // @ts-expect-error -- a method that is not in the contract
    'jobs.cancelAll': () => ({ cancelled: true }),
  };
  // @ts-expect-error -- the backend's handlers without a namespace
  const withoutJobs: AllHandlers = allButJobs;
  return [withoutCancel, misnamed, withoutJobs];
}

/**
 * The type errors in `code`, by line, compiled as a file of test/architecture with the backend's
 * options (one compile: the contract's types take seconds on a busy machine).
 */
function typeErrorsByLine(code: string): Record<number, string> {
  const file = path.join(ROOT, 'test/architecture/handler-map-case.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.node.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const options = { ...config!.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === file ? ts.createSourceFile(name, code, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file)!;
  const errors: Record<number, string> = {};
  for (const d of ts.getPreEmitDiagnostics(program, source)) {
    const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
    errors[line] = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  }
  return errors;
}

describe('handler maps are complete by construction', () => {
  it('makes a map without one of its namespace’s methods, or without a namespace, a type error naming it', () => {
    const code = [
      "import type { AllHandlers, HandlerMap } from '../../backend/registry';",
      "export const complete: HandlerMap<'jobs'> = { 'jobs.cancel': () => ({ cancelled: true }) };",
      "export const withoutCancel: HandlerMap<'jobs'> = {};",
      "declare const allButJobs: Omit<AllHandlers, 'jobs'>;",
      'export const withoutJobs: AllHandlers = allButJobs;',
    ].join('\n');
    expect(typeErrorsByLine(code)).toEqual({
      3: expect.stringContaining('"jobs.cancel"\' is missing'),
      5: expect.stringContaining("Property 'jobs' is missing"),
    });
  }, 120_000);
});
