import { isObject } from '../../json';
import {
  joinStreamedReply,
  messagesToTurns,
  readExchange,
  readMessages,
  readRequest,
  readResponse,
  sseData,
  type Exchange,
  type Message,
} from '../messages';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

/** One recorded HTTP exchange, whichever recorder wrote it, with where its bodies sit in the record. */
interface Recorded {
  /** Its position in the recording's list. */
  index: number;
  method: string;
  url: string;
  request: unknown;
  status?: number;
  response: unknown;
  at: { request: string; response: string };
}

type Recorder = 'VCR.py cassette' | 'VCR cassette (Ruby)' | 'nock recording' | 'HAR recording';

/**
 * A body as recorded: JSON text parsed, `{string: …}` (VCR.py's response body, Ruby VCR's
 * `{encoding, string}`) and `{type: "json", content}` unwrapped, other text as it is.
 */
function bodyOf(value: unknown): unknown {
  if (isObject(value) && value.type === 'json' && 'content' in value) return value.content;
  const raw = isObject(value) && 'string' in value ? value.string : value;
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return raw;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return raw;
  }
}

function vcrExchange(i: Record<string, unknown>, k: number, list: string): Recorded | null {
  const request = isObject(i.request) ? i.request : null;
  const response = isObject(i.response) ? i.response : {};
  if (!request) return null;
  const status = isObject(response.status) ? response.status.code : response.status;
  // pydantic-ai's serializer keeps a JSON body parsed, as `parsed_body`, beside (or instead of) `body`.
  const parsed = (r: Record<string, unknown>) => (r.parsed_body !== undefined ? r.parsed_body : bodyOf(r.body));
  const where = (r: Record<string, unknown>, side: string) =>
    `${list}[${k}].${side}.${r.parsed_body !== undefined ? 'parsed_body' : 'body'}`;
  return {
    index: k,
    method: String(request.method ?? ''),
    url: String(request.uri ?? request.url ?? ''),
    request: parsed(request),
    ...(typeof status === 'number' ? { status } : {}),
    response: parsed(response),
    at: { request: where(request, 'request'), response: where(response, 'response') },
  };
}

function nockExchange(i: Record<string, unknown>, k: number): Recorded {
  return {
    index: k,
    method: String(i.method ?? ''),
    url: `${String(i.scope ?? '')}${String(i.path ?? '')}`,
    request: bodyOf(i.body),
    ...(typeof i.status === 'number' ? { status: i.status } : {}),
    // A response nock kept as hex chunks (compressed) has no text to read.
    response:
      Array.isArray(i.response) && i.response.every((c) => typeof c === 'string') ? undefined : bodyOf(i.response),
    at: { request: `nock[${k}].body`, response: `nock[${k}].response` },
  };
}

function harExchange(e: Record<string, unknown>, k: number): Recorded | null {
  const request = isObject(e.request) ? e.request : null;
  const response = isObject(e.response) ? e.response : {};
  if (!request) return null;
  const post = isObject(request.postData) ? request.postData : {};
  const content = isObject(response.content) ? response.content : {};
  return {
    index: k,
    method: String(request.method ?? ''),
    url: String(request.url ?? ''),
    request: bodyOf(post.text),
    ...(typeof response.status === 'number' ? { status: response.status } : {}),
    response: content.encoding === 'base64' ? undefined : bodyOf(content.text),
    at: { request: `log.entries[${k}].request.postData.text`, response: `log.entries[${k}].response.content.text` },
  };
}

function recorded(record: Record<string, unknown>): { recorder: Recorder; exchanges: Recorded[] } | null {
  const pick = <T>(list: unknown, read: (v: Record<string, unknown>, k: number) => T | null) =>
    (Array.isArray(list) ? list : [])
      .flatMap((v, k) => (isObject(v) ? [read(v, k)] : []))
      .filter((x): x is T => x !== null);
  if (Array.isArray(record.interactions))
    return {
      recorder: 'VCR.py cassette',
      exchanges: pick(record.interactions, (v, k) => vcrExchange(v, k, 'interactions')),
    };
  if (Array.isArray(record.http_interactions))
    return {
      recorder: 'VCR cassette (Ruby)',
      exchanges: pick(record.http_interactions, (v, k) => vcrExchange(v, k, 'http_interactions')),
    };
  if (Array.isArray(record.nock)) return { recorder: 'nock recording', exchanges: pick(record.nock, nockExchange) };
  if (isObject(record.log) && Array.isArray(record.log.entries))
    return { recorder: 'HAR recording', exchanges: pick(record.log.entries, harExchange) };
  return null;
}

/** Endpoints that take messages but answer no model turn (token counting, embeddings, moderation). */
const NOT_A_TURN = /count_?tokens|countTokens|embed|moderations/i;

/** A request to a model API: a body with messages, Responses input or Gemini contents. */
const isModelCall = (x: Recorded) =>
  isObject(x.request) &&
  ['messages', 'input', 'contents'].some((k) => k in (x.request as object)) &&
  !NOT_A_TURN.test(x.url);

/** The request's message list as written, to tell whether a later call continues an earlier one. */
const messageList = (x: Recorded): unknown[] => {
  const body = x.request as Record<string, unknown>;
  const list = body.messages ?? body.input ?? body.contents;
  return Array.isArray(list) ? list : [list];
};

/** True when `later` sends `earlier`'s messages again, then more: the same conversation, one call on. */
function continues(later: Recorded, earlier: Recorded): boolean {
  const a = messageList(earlier);
  const b = messageList(later);
  if (isObject(later.request) && typeof later.request.previous_response_id === 'string')
    return replyOf(earlier.response)?.id === later.request.previous_response_id;
  return b.length > a.length && a.every((m, i) => JSON.stringify(m) === JSON.stringify(b[i]));
}

/** The response body a recorded reply is: JSON, or a stream of server-sent events joined. */
function replyOf(response: unknown): Record<string, unknown> | undefined {
  if (isObject(response)) return response;
  if (Array.isArray(response)) return joinStreamedReply(response) ?? undefined;
  if (typeof response === 'string' && response.includes('data:'))
    return joinStreamedReply(sseData(response)) ?? undefined;
  return undefined;
}

/** The model a request names in its path (Gemini's `models/…:generateContent`, Bedrock's `model/…/converse`). */
function modelInUrl(url: string): string | undefined {
  const match = /\/models?\/([^/:?]+)(?::|\/converse)/.exec(url);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** The calls of one conversation that end at the last one, each continued by the next (retries left aside). */
function chainTo(calls: Recorded[]): Recorded[] {
  const chain = [calls[calls.length - 1]!];
  for (let i = calls.length - 2; i >= 0; i--) if (continues(chain[0]!, calls[i]!)) chain.unshift(calls[i]!);
  return chain;
}

/** How many items of the next request are the reply sent back: a Responses reply's output items, else one message. */
const replyLength = (reply: Record<string, unknown>) => (Array.isArray(reply.output) ? reply.output.length : 1);

/** Whether a request item is the model's side of the conversation (a reply sent back), in any API's shape. */
function isModelSide(item: unknown): boolean {
  if (!isObject(item)) return false;
  if (item.role === 'assistant' || item.role === 'model') return true;
  return typeof item.type === 'string' && (item.type === 'reasoning' || /_call$/.test(item.type));
}

/**
 * The run a conversation's calls make, each reply as the API gave it (its thought, its usage)
 * rather than as the client sent it back: the first request, then for each call its reply and
 * what the next request added after it (tool results, a user's next message). Null when a
 * request does not send the previous reply back where expected: then the last request is read.
 */
function chainedExchange(calls: Recorded[]): Exchange | null {
  const chain = chainTo(calls);
  if (chain.length < 2) return null;
  const last = chain[chain.length - 1]!;
  const lastRead = readExchange(last.request as Record<string, unknown>, replyOf(last.response), last.at);
  const first = readExchange(chain[0]!.request as Record<string, unknown>, undefined, chain[0]!.at);
  const messages: Message[] = [...first.messages];
  const ignored = [...first.ignored];
  for (let i = 0; i < chain.length - 1; i++) {
    const call = chain[i]!;
    const next = chain[i + 1]!;
    const reply = replyOf(call.response);
    if (!reply) return null;
    const replied = readResponse(reply, call.at.response);
    ignored.push(...replied.ignored);
    messages.push(...replied.messages);
    const nextBody = next.request as Record<string, unknown>;
    const sent = messageList(next);
    let from = 0;
    if (typeof nextBody.previous_response_id !== 'string') {
      const before = messageList(call).length;
      // A reply that failed (an API error the client answered itself) leaves what the client sent back.
      from = before + (replied.messages.length && replied.error === undefined ? replyLength(reply) : 0);
      if (!sent.slice(before, from).every(isModelSide) || isModelSide(sent[from])) return null;
    }
    const key = ['messages', 'input', 'contents'].find((k) => nextBody[k] !== undefined) ?? 'messages';
    // Responses input may be the user's text alone.
    if (typeof nextBody[key] === 'string') messages.push({ role: 'user', content: nextBody[key] });
    else {
      const added = readMessages(sent.slice(from), { at: `${next.at.request}.${key}`, first: from });
      messages.push(...added.messages);
      ignored.push(...added.ignored);
    }
  }
  const lastReply = replyOf(last.response);
  if (lastReply) messages.push(...readResponse(lastReply, last.at.response).messages);
  // The tools any call of the conversation declared (a client may send them with the first call only).
  const tools = new Map(
    chain
      .flatMap((call) => readRequest(call.request as Record<string, unknown>, call.at.request).tools)
      .map((t) => [t.name, t]),
  );
  return {
    ...lastRead,
    messages,
    tools: [...tools.values()],
    ignored: [...ignored, ...lastRead.ignored.filter((p) => p.startsWith(last.at.response))],
  };
}

/**
 * An HTTP cassette of a model API: the run is its last model call's request (messages, system
 * text, tools) and the reply to it (JSON, or a streamed reply joined), read in whichever
 * provider's API it is (OpenAI Chat or Responses, Anthropic, Gemini, Bedrock Converse), with the
 * replies of the calls before it as the API gave them where the request sent them back. Calls a
 * later call does not continue are other runs: a cassette holding several is read as several.
 */
export function fromHttpCassette(record: Record<string, unknown>): ParsedRecord {
  const found = recorded(record);
  if (!found) throw new RecordError('no recorded HTTP interactions');
  const calls = found.exchanges.filter(isModelCall);
  const last = calls[calls.length - 1];
  if (!last)
    throw new RecordError(
      `none of its ${found.exchanges.length} recorded requests is a model API call (a body with "messages", "input" or "contents")`,
    );
  const exchange =
    chainedExchange(calls) ?? readExchange(last.request as Record<string, unknown>, replyOf(last.response), last.at);
  const { turns, notes } = messagesToTurns(exchange.messages);
  if (!turns.length) throw new RecordError('its last model call holds no messages');
  if (last.response !== undefined && !replyOf(last.response))
    notes.push(
      'a recorded reply was not JSON or a stream of JSON events (a compressed body?): only the request was read',
    );
  const model = exchange.model ?? modelInUrl(last.url);
  const outcome = outcomeOf(last.status, exchange.error);
  return {
    turns,
    tools: exchange.tools,
    ignored: exchange.ignored,
    notes,
    ...(outcome ? { outcome } : {}),
    metadata: {
      harness: found.recorder,
      ...(model ? { model } : {}),
      url: last.url,
      model_calls: calls.length,
      ...(exchange.stopReason ? { stop_reason: exchange.stopReason } : {}),
      ...(Object.keys(exchange.parameters).length ? { request_parameters: exchange.parameters } : {}),
      ...(exchange.error !== undefined ? { error: exchange.error } : {}),
    },
  };
}

/** An HTTP error status, else an error the reply's stream ended with: the run's failure. */
function outcomeOf(status: number | undefined, error: unknown): ParsedRecord['outcome'] {
  if (status !== undefined && status >= 400) return { status: 'failure', by: 'HTTP status', value: status };
  if (error === undefined) return undefined;
  const message = isObject(error) && typeof error.message === 'string' ? error.message : null;
  return { status: 'failure', by: 'API error', value: message };
}

/** The record a chain of calls makes: the document with only that chain's interactions. */
function withExchanges(document: Record<string, unknown>, keep: (k: number) => boolean): Record<string, unknown> {
  const only = (list: unknown) => (Array.isArray(list) ? list.filter((_, k) => keep(k)) : list);
  if (Array.isArray(document.interactions)) return { ...document, interactions: only(document.interactions) };
  if (Array.isArray(document.http_interactions))
    return { ...document, http_interactions: only(document.http_interactions) };
  if (Array.isArray(document.nock)) return { ...document, nock: only(document.nock) };
  const log = document.log as Record<string, unknown>;
  return { ...document, log: { ...log, entries: only(log.entries) } };
}

/**
 * The runs a cassette holds: each model call a later one does not continue ends a run (a test
 * that asks twice, afresh, recorded two). Null for a cassette of one run, read as it is.
 */
function runsIn(document: Record<string, unknown>): { records: unknown[]; shared: Record<string, unknown> } | null {
  const found = recorded(document);
  if (!found) return null;
  const calls = found.exchanges.filter(isModelCall);
  const ends = calls.filter((x, i) => !calls.slice(i + 1).some((later) => continues(later, x)));
  if (ends.length < 2) return null;
  // Each run is its calls and what was recorded between them: from after the previous run's end to its own.
  return {
    records: ends.map((end, i) => {
      const from = i ? ends[i - 1]!.index + 1 : 0;
      return withExchanges(document, (k) => k >= from && k <= end.index);
    }),
    shared: {},
  };
}

const isNockInteraction = (value: unknown) =>
  isObject(value) && typeof value.scope === 'string' && typeof value.path === 'string' && 'method' in value;

export const httpCassetteFormat = defineFormat({
  id: 'http-cassette',
  label: 'HTTP cassette of a model API',
  recognisedBy:
    '"interactions" (VCR.py, pytest-recording), "http_interactions" (Ruby VCR), "log.entries" (HAR, Polly.js), or a nock recording',
  versions:
    'VCR.py / pytest-recording YAML cassettes (body strings, gzip !!binary bodies, parsed_body as pydantic-ai writes it, base64 gzip .yaml.gz as LangChain writes them; streamed replies as server-sent events or AWS event streams); Ruby VCR http_interactions; nock recordings (JSON arrays of {scope, method, path, body, status, response}); HAR logs (Polly.js, browsers)',
  detect: (record) =>
    [record.interactions, record.http_interactions].some(
      (list) => Array.isArray(list) && list.some((i) => isObject(i) && isObject(i.request)),
    ) ||
    (Array.isArray(record.nock) && record.nock.some(isNockInteraction)) ||
    (isObject(record.log) &&
      Array.isArray(record.log.entries) &&
      record.log.entries.some((e) => isObject(e) && isObject(e.request))),
  parse: fromHttpCassette,
  turnFields: ['interactions', 'http_interactions', 'nock', 'log'],
  kept: ['version', 'recorded_with'],
  container: {
    recordsIn: runsIn,
    events: { detect: isNockInteraction, record: (events) => ({ nock: events }) },
  },
});
