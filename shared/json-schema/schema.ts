import { z } from 'zod';

/** A JSON Schema document; validated for meaning by the graph checks, not here. */
export const JsonSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchema>;
