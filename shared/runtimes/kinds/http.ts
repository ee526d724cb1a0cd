import { z } from 'zod';
import type { RuntimeKindDescriptor } from './kind';

/** Where one argument goes in the request, as an API description places it. */
export const HttpArgumentPlace = z.object({
  in: z.enum(['path', 'query', 'header', 'cookie', 'body']),
  /** Its name on the wire, when the argument's differs (a body field `id` beside a query `id`). */
  name: z.string().min(1).optional(),
  /**
   * OpenAPI's serialization: `form` (query, cookie), `simple` (path, header), `label`, `matrix`,
   * `spaceDelimited`, `pipeDelimited`, `deepObject`; absent: the place's default.
   */
  style: z.enum(['form', 'simple', 'label', 'matrix', 'spaceDelimited', 'pipeDelimited', 'deepObject']).optional(),
  /** Lists and objects as one value per item (true) or one value in all; absent: true for `form`. */
  explode: z.boolean().optional(),
});
export type HttpArgumentPlace = z.infer<typeof HttpArgumentPlace>;

/**
 * A credential sent with each call. Only its name is saved: the value is set once on this
 * machine (kept in the user's config folder, never in the workspace).
 */
export const HttpAuth = z.object({
  /** The secret's name on this machine: `<api>/<scheme>`, as the API description names the scheme. */
  secret: z.string().min(1).max(200),
  in: z.enum(['header', 'query', 'cookie']),
  /** The header, query parameter or cookie that carries it. */
  name: z.string().min(1),
  /** `bearer`: sent as `Bearer <secret>`; `basic`: the secret is `user:password`, sent as HTTP Basic. */
  scheme: z.enum(['bearer', 'basic']).optional(),
});
export type HttpAuth = z.infer<typeof HttpAuth>;

/**
 * `{name}` in the URL is filled from the argument of that name. Without `arguments`, the rest go
 * in the query (GET) or a JSON body; with it, each argument goes where it says and the ones it
 * does not name go in the body (or, for a GET, the query).
 */
export const HttpRuntime = z.object({
  kind: z.literal('http'),
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  arguments: z.record(z.string(), HttpArgumentPlace).optional(),
  /** The request body's media type: JSON (the default), `application/x-www-form-urlencoded` or `multipart/form-data`. */
  bodyType: z.string().optional(),
  /** The argument that is the whole body (an array, or a body the description does not break into fields). */
  bodyArgument: z.string().optional(),
  auth: z.array(HttpAuth).optional(),
});

export const http = {
  kind: 'http',
  schema: HttpRuntime,
  label: 'HTTP endpoint',
  noun: 'an HTTP endpoint',
  template: () => ({ kind: 'http', method: 'GET', url: 'https://' }),
  consent: { keyForm: 'METHOD URL' },
  usesModel: false,
  recorded: false,
} as const satisfies RuntimeKindDescriptor<typeof HttpRuntime>;
