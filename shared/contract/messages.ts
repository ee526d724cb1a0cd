import { z } from 'zod';
import type { TrellisErrorData } from '../errors';

/** Envelope of a call, identical over IPC, WebSocket and in-process. */
export const RequestMessage = z.object({
  kind: z.literal('request'),
  id: z.number().int(),
  method: z.string(),
  args: z.unknown(),
});
export type RequestMessage = z.infer<typeof RequestMessage>;

export type ResponseMessage =
  | { kind: 'response'; id: number; ok: true; result: unknown }
  | { kind: 'response'; id: number; ok: false; error: TrellisErrorData };

export interface EventMessage {
  kind: 'event';
  name: string;
  payload: unknown;
}

export type ServerMessage = ResponseMessage | EventMessage;
