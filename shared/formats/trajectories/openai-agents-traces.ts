/**
 * The OpenAI Agents SDK's tracing export (`tracing/processors.py` `BackendSpanExporter`, and the JS
 * SDK's `OpenAITracingExporter`): `{"data": [trace or span exports]}` as posted to the tracing
 * API, or those exports one per line as a custom exporter writes them. A trace is `{object:
 * "trace", id, workflow_name, group_id, metadata}`; a span `{object: "trace.span", id, trace_id,
 * parent_id, started_at, ended_at, span_data, error}` whose `span_data.type` is `agent` (name,
 * handoffs, tools), `generation` (Chat Completions input and output messages, model, usage),
 * `function` (name, input, output), `handoff` (from_agent, to_agent), `response` (only the
 * response id), `guardrail` or `custom` (`tracing/span_data.py`).
 */
import { isObject } from '../../json';
import { turnsFromMessages } from '../messages';
import { parseArguments, type ParsedRecord } from './records';

type Json = Record<string, unknown>;

const isSpan = (v: unknown): v is Json => isObject(v) && v.object === 'trace.span' && isObject(v.span_data);
const isTrace = (v: unknown): v is Json => isObject(v) && v.object === 'trace' && typeof v.id === 'string';

/** A record that holds parts of traces: an exported span or trace, or a batch of them. */
export function isTracePart(record: Json): boolean {
  const value: unknown = record;
  const data = record.data;
  return isSpan(value) || isTrace(value) || (Array.isArray(data) && data.some((d) => isSpan(d) || isTrace(d)));
}

/** The exported parts as one record per trace, in the order each trace first appears. */
export function groupTraceParts(parts: unknown[]) {
  const traces = new Map<string, { trace?: Json; spans: Json[]; first: number }>();
  const problems: { part: number; reason: string }[] = [];
  parts.forEach((part, i) => {
    const items = isObject(part) && Array.isArray(part.data) ? part.data : [part];
    for (const item of items) {
      const id = isTrace(item) ? item.id : isSpan(item) ? item.trace_id : undefined;
      if (typeof id !== 'string') {
        problems.push({ part: i, reason: 'an exported item that is neither a trace nor a span with a trace_id' });
        continue;
      }
      const entry = traces.get(id) ?? { spans: [], first: i };
      traces.set(id, entry);
      if (isTrace(item)) entry.trace = item;
      else entry.spans.push(item as Json);
    }
  });
  return {
    records: [...traces.entries()].map(([id, { trace, spans, first }]) => ({
      record: { openai_agents_trace: { id, ...(trace ? { trace } : {}), spans } },
      first,
    })),
    problems,
  };
}

const NO_MESSAGES_NOTE =
  "OpenAI Agents SDK traces of Responses API runs keep only each response's id: their turns are the function calls and results the spans hold";

/** One trace's spans as turns: the last generation's input and output, else each function span as a call and its result. */
export function fromTrace(value: Json): ParsedRecord {
  const spans = (Array.isArray(value.spans) ? value.spans : []).filter(isSpan);
  spans.sort((a, b) => String(a.started_at ?? '').localeCompare(String(b.started_at ?? '')));
  const data = (s: Json) => s.span_data as Json;
  const generations = spans.filter((s) => data(s).type === 'generation');
  const agents = [
    ...new Set(
      spans.flatMap((s) =>
        data(s).type === 'agent' && typeof data(s).name === 'string' ? [data(s).name as string] : [],
      ),
    ),
  ];
  const handoffs = spans.flatMap((s) =>
    data(s).type === 'handoff' ? [{ from: data(s).from_agent, to: data(s).to_agent }] : [],
  );
  const errors = spans.flatMap((s) => (isObject(s.error) ? [{ span: s.id, type: data(s).type, ...s.error }] : []));
  const last = generations.at(-1);
  let parsed: { turns: ParsedRecord['turns']; ignored: string[]; notes: string[] };
  if (last) {
    const history = [
      ...(Array.isArray(data(last).input) ? (data(last).input as unknown[]) : []),
      ...(Array.isArray(data(last).output) ? (data(last).output as unknown[]) : []),
    ];
    parsed = turnsFromMessages(history, { at: 'generation' });
  } else {
    const turns: ParsedRecord['turns'] = spans
      .filter((s) => data(s).type === 'function' && typeof data(s).name === 'string')
      .flatMap((s) => {
        const id = String(s.id);
        const output = data(s).output;
        return [
          {
            role: 'assistant' as const,
            toolCalls: [{ id, name: data(s).name as string, args: parseArguments(data(s).input) }],
          },
          {
            role: 'tool' as const,
            content: typeof output === 'string' ? output : JSON.stringify(output ?? null),
            toolCallId: id,
          },
        ];
      });
    parsed = { turns, ignored: [], notes: turns.length ? [NO_MESSAGES_NOTE] : [] };
  }
  const usage = generations.reduce<{ input_tokens: number; output_tokens: number }>(
    (sum, g) => {
      const u = isObject(data(g).usage) ? (data(g).usage as Json) : {};
      return {
        input_tokens: sum.input_tokens + (typeof u.input_tokens === 'number' ? u.input_tokens : 0),
        output_tokens: sum.output_tokens + (typeof u.output_tokens === 'number' ? u.output_tokens : 0),
      };
    },
    { input_tokens: 0, output_tokens: 0 },
  );
  const trace = isObject(value.trace) ? value.trace : {};
  const model = last ? data(last).model : undefined;
  return {
    turns: parsed.turns,
    tools: [],
    ignored: parsed.ignored,
    metadata: {
      harness: 'openai-agents',
      trace_id: value.id,
      ...(typeof trace.workflow_name === 'string' ? { workflow_name: trace.workflow_name } : {}),
      ...(trace.group_id ? { group_id: trace.group_id } : {}),
      ...(isObject(trace.metadata) ? { trace_metadata: trace.metadata } : {}),
      ...(typeof model === 'string' ? { model } : {}),
      ...(generations.length ? { usage } : {}),
      ...(agents.length ? { agents } : {}),
      ...(handoffs.length ? { handoffs } : {}),
      ...(errors.length ? { span_errors: errors } : {}),
    },
    notes: parsed.notes,
  };
}
