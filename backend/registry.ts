import type { z } from 'zod';
import { contract, isMethodName, type Args, type MethodName, type Result } from '../shared/contract';
import { TrellisError, type TrellisErrorData } from '../shared/errors';
import { ranOutOfStack } from '../shared/json';

export type Handler<K extends MethodName> = (
  args: z.output<(typeof contract)[K]['args']>,
) => Result<K> | Promise<Result<K>>;

/** `graphs` for `graphs.list`: a method's namespace is the part of its name before the first dot. */
type NamespaceOf<K extends string> = K extends `${infer N}.${string}` ? N : never;

/** The contract's namespaces: `graphs`, `runs`, `datasets`, … */
export type Namespace = NamespaceOf<MethodName>;

/** The contract's methods of one namespace. */
export type MethodOf<N extends Namespace> = Extract<MethodName, `${N}.${string}`>;

/**
 * A namespace's handlers: one for each of its contract methods, so a missing or misnamed one is a
 * type error in the domain that forgot it, not a refusal at start-up.
 */
export type HandlerMap<N extends Namespace> = { [K in MethodOf<N>]: Handler<K> };

/** Every namespace's handlers: the backend registers this, so a namespace left out fails tsc. */
export type AllHandlers = { [N in Namespace]: HandlerMap<N> };

/**
 * What `register` takes: handlers of any methods. The type checker proves completeness on
 * `HandlerMap` and `AllHandlers`; the registry checks at run time what reaches it untyped.
 */
type SomeHandlers = { [K in MethodName]?: Handler<K> };

/** One handler per contract method; validates arguments and results at the boundary. */
export class HandlerRegistry {
  private readonly handlers = new Map<MethodName, (args: unknown) => unknown>();

  register(domain: string, map: SomeHandlers): void {
    for (const [name, handler] of Object.entries(map)) {
      if (!isMethodName(name)) throw new Error(`Domain "${domain}" registers "${name}", which is not in the contract.`);
      if (this.handlers.has(name))
        throw new Error(`Method "${name}" is registered twice (second time by domain "${domain}").`);
      this.handlers.set(name, handler as (args: unknown) => unknown);
    }
  }

  /** Registers every namespace's handlers. */
  registerAll(handlers: AllHandlers): void {
    for (const [namespace, map] of Object.entries(handlers)) this.register(namespace, map as SomeHandlers);
  }

  /** Methods of the contract that no domain has registered. */
  missing(): MethodName[] {
    return (Object.keys(contract) as MethodName[]).filter((name) => !this.handlers.has(name));
  }

  async invoke<K extends MethodName>(name: K, args: Args<K>): Promise<Result<K>> {
    return (await this.dispatch(name, args)) as Result<K>;
  }

  /** Runs an untyped call from a transport; throws only TrellisError. */
  async dispatch(name: string, rawArgs: unknown): Promise<unknown> {
    const handler = isMethodName(name) ? this.handlers.get(name) : undefined;
    if (!isMethodName(name) || !handler) {
      throw new TrellisError('E1001', `No method "${name}".`);
    }
    const spec = contract[name];
    const parsed = spec.args.safeParse(rawArgs ?? {});
    if (!parsed.success) {
      throw new TrellisError('E1002', `${name}: ${describeIssues(parsed.error)}`);
    }
    let result: unknown;
    try {
      result = await handler(parsed.data);
    } catch (error) {
      throw toTrellisError(error);
    }
    const checked = spec.result.safeParse(result);
    if (!checked.success) throw new TrellisError('E1003', `${name}: ${describeIssues(checked.error)}`);
    return checked.data;
  }
}

/** `field "positions.0.tool": must match …` — the bad field first, as users look for it. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.length ? issue.path.join('.') : '(arguments)';
      return `field "${path}": ${issue.message}`;
    })
    .join('; ');
}

export function toTrellisError(error: unknown): TrellisError {
  if (error instanceof TrellisError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === 'SQLITE_FULL' || code === 'SQLITE_READONLY' || code === 'ENOSPC') {
    return new TrellisError('E2005', `The workspace could not be written (${String(code)}).`);
  }
  // The write lock was held past the busy timeout: by an import, the app or `trellis serve`.
  if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))) {
    return new TrellisError(
      'E2007',
      `The workspace was locked by another process for longer than the 5 seconds Trellis waits (${code}).`,
    );
  }
  const file = (error as { path?: unknown })?.path;
  if (code === 'ENAMETOOLONG') {
    const named = typeof file === 'string' ? `: ${file.length > 120 ? `…${file.slice(-117)}` : file}` : '';
    return new TrellisError('E2008', `A file or folder name is too long for this system (ENAMETOOLONG)${named}.`);
  }
  if (code === 'EROFS') {
    const named = typeof file === 'string' ? ` ${file}` : '';
    return new TrellisError('E2005', `Cannot write${named}: it is on a read-only disk (EROFS).`);
  }
  if (ranOutOfStack(error))
    return new TrellisError(
      'E1007',
      'A value nests so deeply that Trellis ran out of stack handling it (at most a few thousand levels can be).',
    );
  const message = error instanceof Error ? error.message : String(error);
  return new TrellisError('E9000', message);
}

export function errorData(error: unknown): TrellisErrorData {
  return toTrellisError(error).toData();
}
