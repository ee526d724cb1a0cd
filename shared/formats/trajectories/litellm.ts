import type { Outcome } from '../../domain';
import { isObject } from '../../json';
import { joinStreamedReply, messagesToTurns, readExchange, sseData, type Exchange } from '../messages';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

/**
 * LiteLLM's StandardLoggingPayload (what every logging callback receives, `litellm/types/utils.py`)
 * and its spend-log rows (`LiteLLM_SpendLogs`, where `messages`, `response`, `metadata` and the
 * proxy's `proxy_server_request` are JSON text): every field the runs hold no turn of, kept as it is.
 */
const PAYLOAD_FIELDS = [
  'id',
  'trace_id',
  'call_id',
  'call_type',
  'stream',
  'response_cost',
  'cost_breakdown',
  'response_cost_failure_debug_info',
  'status',
  'status_fields',
  'custom_llm_provider',
  'total_tokens',
  'prompt_tokens',
  'completion_tokens',
  'startTime',
  'endTime',
  'completionStartTime',
  'response_time',
  'model_map_information',
  'model',
  'model_id',
  'model_group',
  'api_base',
  'metadata',
  'cache_hit',
  'cache_key',
  'saved_cache_cost',
  'request_tags',
  'end_user',
  'requester_ip_address',
  'user_agent',
  'error_str',
  'error_information',
  'model_parameters',
  'hidden_params',
  'guardrail_information',
  'standard_built_in_tools_params',
] as const;

const SPEND_LOG_FIELDS = [
  'request_id',
  'session_id',
  'api_key',
  'spend',
  'user',
  'team_id',
  'organization_id',
  'mcp_namespaced_tool_name',
  'agent_id',
] as const;

/** A field LiteLLM may have written as JSON text (spend logs do), parsed; other text as it is. */
function jsonOrText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && !value.length) ||
  (isObject(value) && !Object.keys(value).length);

/** A LiteLLM log record: a call type beside the request's messages and the response. */
const isLiteLLMLog = (record: Record<string, unknown>) =>
  typeof record.call_type === 'string' && 'messages' in record && 'response' in record;

/** A gateway log line: a request body that holds messages (or input, or contents) and a response. */
function requestBody(record: Record<string, unknown>): Record<string, unknown> | null {
  const request = isObject(record.request) && isObject(record.request.body) ? record.request.body : record.request;
  if (!isObject(request) || !('response' in record)) return null;
  return ['messages', 'input', 'contents'].some((k) => k in request) ? request : null;
}

/** What the LiteLLM record's request was: the proxy's request body when kept, with the logged messages. */
function litellmRequest(record: Record<string, unknown>): Record<string, unknown> {
  const proxied = jsonOrText(record.proxy_server_request);
  const body: Record<string, unknown> = isObject(proxied) ? { ...proxied } : {};
  const messages = jsonOrText(record.messages);
  // The logged messages are the ones sent (after prompt templates and pre-call hooks).
  if (!isEmpty(messages)) {
    if (isObject(messages) && ('messages' in messages || 'input' in messages)) Object.assign(body, messages);
    else body.messages = messages;
    delete body.input;
  }
  const parameters = isObject(record.model_parameters) ? record.model_parameters : {};
  if (body.tools === undefined && parameters.tools !== undefined) body.tools = parameters.tools;
  if (body.functions === undefined && parameters.functions !== undefined) body.functions = parameters.functions;
  return body;
}

function outcomeOf(status: unknown, by: string): Outcome | undefined {
  if (status === 'failure') return { status: 'failure', by, value: status };
  if (status === 'success') return { status: 'success', by, value: status };
  return undefined;
}

function parsedExchange(exchange: Exchange, fallbackModel: unknown, why: string): ParsedRecord {
  const { turns, notes } = messagesToTurns(exchange.messages);
  if (!turns.length) throw new RecordError(why);
  const model = exchange.model ?? (typeof fallbackModel === 'string' && fallbackModel ? fallbackModel : undefined);
  return {
    turns,
    tools: exchange.tools,
    ignored: exchange.ignored,
    notes,
    metadata: {
      ...(model ? { model } : {}),
      ...(exchange.stopReason ? { stop_reason: exchange.stopReason } : {}),
    },
  };
}

/**
 * A LiteLLM log record (StandardLoggingPayload or spend-log row) or a gateway's request/response
 * log line: the run is the request's messages (system text first) and the reply (every choice's
 * message), read in whichever provider's API they are; tools from the request (or LiteLLM's
 * `model_parameters`). LiteLLM's `status` is the outcome; model, tokens and cost are kept.
 */
export function fromLiteLLM(record: Record<string, unknown>): ParsedRecord {
  if (isLiteLLMLog(record)) {
    const request = litellmRequest(record);
    const response = jsonOrText(record.response);
    const exchange = readExchange(request, isObject(response) && !isEmpty(response) ? response : undefined, {
      request: 'messages',
      response: 'response',
    });
    if (typeof response === 'string' && response) exchange.messages.push({ role: 'assistant', content: response });
    const parsed = parsedExchange(
      exchange,
      record.model,
      'LiteLLM logged no messages for this call: message logging was off (turn_off_message_logging, or store_prompts_in_spend_logs for spend logs)',
    );
    const outcome = outcomeOf(record.status, 'LiteLLM status');
    return {
      ...parsed,
      ...(outcome ? { outcome } : {}),
      metadata: {
        harness: 'LiteLLM',
        ...parsed.metadata,
        ...(Object.keys(exchange.parameters).length && isObject(jsonOrText(record.proxy_server_request))
          ? { request_parameters: exchange.parameters }
          : {}),
      },
    };
  }
  const body = requestBody(record);
  if (!body) throw new RecordError('no request body with messages beside a response');
  // A gateway wraps each body beside its status (`{status, body}`) or logs the body itself.
  const wrapped = isObject(record.response) && record.response.body !== undefined ? record.response : undefined;
  const raw = wrapped ? wrapped.body : record.response;
  const status = typeof record.status === 'number' ? record.status : wrapped?.status;
  const response = replyBody(jsonOrText(raw));
  const exchange = readExchange(body, response, {
    request: isObject(record.request) && isObject(record.request.body) ? 'request.body' : 'request',
    response: raw === record.response ? 'response' : 'response.body',
  });
  const parsed = parsedExchange(exchange, body.model, 'the request holds no messages');
  const failed = exchange.error !== undefined || (typeof status === 'number' && status >= 400);
  return {
    ...parsed,
    ...(failed ? { outcome: { status: 'failure', by: 'API error', value: errorText(exchange.error, status) } } : {}),
    metadata: {
      harness: 'model API gateway log',
      ...parsed.metadata,
      ...(Object.keys(exchange.parameters).length ? { request_parameters: exchange.parameters } : {}),
      ...(exchange.error !== undefined ? { error: exchange.error } : {}),
    },
  };
}

/** A logged reply: a response body, or a streamed reply (its chunks, or their server-sent events) joined into one. */
function replyBody(response: unknown): Record<string, unknown> | undefined {
  if (isObject(response)) return response;
  if (Array.isArray(response)) return joinStreamedReply(response) ?? undefined;
  if (typeof response === 'string' && response.includes('data:'))
    return joinStreamedReply(sseData(response)) ?? undefined;
  return undefined;
}

function errorText(error: unknown, status: unknown): string | number | null {
  if (isObject(error) && typeof error.message === 'string') return error.message;
  if (typeof error === 'string') return error;
  return typeof status === 'number' ? status : null;
}

export const litellmFormat = defineFormat({
  id: 'litellm',
  label: 'LiteLLM or gateway log',
  recognisedBy: '"call_type", "messages" and "response" (LiteLLM); "request" with messages and "response" (a gateway)',
  versions:
    'LiteLLM StandardLoggingPayload as litellm/types/utils.py defines it, with and without status_fields, cost_breakdown and call_id (its logging callbacks and bucket loggers write it), and LiteLLM_SpendLogs rows (messages, response, metadata and proxy_server_request as JSON text); gateway log lines {request, response} (bodies bare or as {status, body}, a streamed reply as its chunks or server-sent events) of OpenAI Chat, Responses, Anthropic, Gemini or Bedrock bodies',
  detect: (record) => isLiteLLMLog(record) || requestBody(record) !== null,
  parse: fromLiteLLM,
  turnFields: ['messages', 'response', 'proxy_server_request', 'request'],
  kept: [...PAYLOAD_FIELDS, ...SPEND_LOG_FIELDS, 'timestamp', 'duration_ms', 'latency_ms'],
});
