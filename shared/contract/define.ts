import type { z } from 'zod';

export interface MethodSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  args: A;
  result: R;
  summary: string;
}

/** Declares one contract method; the types of callers and handlers are inferred from it. */
export function method<A extends z.ZodType, R extends z.ZodType>(spec: MethodSpec<A, R>): MethodSpec<A, R> {
  return spec;
}

export type MethodMap = Record<string, MethodSpec>;
export type EventMap = Record<string, z.ZodType>;

export type ArgsOf<M extends MethodSpec> = z.input<M['args']>;
export type ResultOf<M extends MethodSpec> = z.output<M['result']>;
