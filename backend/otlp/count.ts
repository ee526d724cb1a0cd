import protobuf from 'protobufjs';

/**
 * The most values (protobuf fields, JSON values and members) one request may hold. A request of
 * 10,000 ordinary spans stays under it; 64 MiB of empty messages (33 M of them, from a 65 KB gzip
 * body) is refused after reading its first 2 MB, before anything is made of them.
 */
export const MAX_REQUEST_VALUES = 1_000_000;

/** Messages nest at most this deep in a request (an attribute's AnyValue in lists inside lists). */
const MAX_MESSAGE_DEPTH = 140;

/** A body holding more values than a receiver reads in one request (a 413: send smaller batches). */
export class TooManyValuesError extends Error {}

/** A body that is not what it claims to be (a 400), found while counting. */
export class MalformedBodyError extends Error {}

const tooMany = (limit: number) =>
  new TooManyValuesError(
    `the request holds more than ${limit.toLocaleString('en-US')} values (messages, fields, JSON values); this receiver reads at most that many per request`,
  );

/** For each message type, the message type of each of its fields that holds a message. */
const nestedFields = new WeakMap<protobuf.Type, Map<number, protobuf.Type>>();

function nestedOf(type: protobuf.Type): Map<number, protobuf.Type> {
  let nested = nestedFields.get(type);
  if (nested) return nested;
  nested = new Map();
  for (const field of type.fieldsArray) {
    field.resolve();
    if (field.resolvedType instanceof protobuf.Type) nested.set(field.id, field.resolvedType);
  }
  nestedFields.set(type, nested);
  return nested;
}

/**
 * Walks a protobuf body of `type` on the wire, allocating nothing, and throws as soon as it holds
 * more than `limit` fields or nests past a sane depth: what decoding it would cost is known before
 * one object is made.
 */
export function countProtobufValues(body: Uint8Array, type: protobuf.Type, limit = MAX_REQUEST_VALUES): number {
  const reader = protobuf.Reader.create(body);
  let count = 0;
  const walk = (end: number, of: protobuf.Type, depth: number) => {
    if (depth > MAX_MESSAGE_DEPTH)
      throw new MalformedBodyError(`the request nests messages more than ${MAX_MESSAGE_DEPTH} levels deep`);
    const nested = nestedOf(of);
    while (reader.pos < end) {
      const tag = reader.uint32();
      if (++count > limit) throw tooMany(limit);
      const wire = tag & 7;
      if (wire !== 2) {
        reader.skipType(wire);
        continue;
      }
      const length = reader.uint32();
      const stop = reader.pos + length;
      if (stop > end) throw new MalformedBodyError(`a field runs past the end of its message (at byte ${reader.pos})`);
      const inner = nested.get(tag >>> 3);
      if (inner) walk(stop, inner, depth + 1);
      else reader.pos = stop;
    }
    if (reader.pos !== end) throw new MalformedBodyError(`a message runs past its length (at byte ${reader.pos})`);
  };
  try {
    walk(body.length, type, 0);
  } catch (error) {
    if (error instanceof TooManyValuesError || error instanceof MalformedBodyError) throw error;
    throw new MalformedBodyError((error as Error).message);
  }
  return count;
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const COMMA = 0x2c;
const COLON = 0x3a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Counts a JSON body's objects, arrays, members and list elements (outside strings) in one pass
 * over its bytes, and throws as soon as there are more than `limit`: parsing it would make at
 * least that many objects.
 */
export function countJsonValues(body: Uint8Array, limit = MAX_REQUEST_VALUES): number {
  let count = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY || byte === COMMA || byte === COLON) {
      if (++count > limit) throw tooMany(limit);
    }
  }
  return count;
}
