import { isObject } from '../../json';
import { assembleTrace } from '../otlp/assemble';
import { groupSpans } from '../otlp/groups';
import { spansOfExport, type OtlpSpan } from '../otlp/spans';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

/** The record one trace (or conversation) of a file becomes: its spans, as Trellis keeps them. */
const TRACE_KEY = 'otlp_trace';

function parseTrace(record: Record<string, unknown>): ParsedRecord {
  let spans: OtlpSpan[];
  if (Array.isArray(record[TRACE_KEY])) spans = record[TRACE_KEY] as OtlpSpan[];
  else {
    const found = spansOfExport(record);
    const groups = groupSpans(found.spans);
    if (groups.size !== 1)
      throw new RecordError(
        `holds spans of ${groups.size} traces; import the file (each trace becomes one trajectory) rather than one record`,
      );
    spans = [...groups.values()][0]!;
  }
  if (!spans.length) throw new RecordError('holds no spans');
  // A file holds what was exported: its traces are as complete as they will get.
  const trace = assembleTrace(spans, { quiet: true });
  return { turns: trace.turns, tools: trace.tools, outcome: trace.outcome, metadata: trace.metadata };
}

/**
 * OTLP JSON: one ExportTraceServiceRequest per line, as the OpenTelemetry file exporters and the
 * Collector's `file` exporter write them. A line holds spans of several traces, and a trace may
 * span lines: the whole file's spans are grouped first, one trajectory per trace or conversation.
 */
export const otlpFormat = defineFormat({
  id: 'otlp',
  label: 'OpenTelemetry traces (OTLP JSON)',
  recognisedBy: '"resourceSpans"',
  versions:
    'OTLP 1.x JSON (opentelemetry-proto v1.11); GenAI semantic conventions (gen_ai.input.messages parts, gen_ai.prompt.N attributes, per-message events, execute_tool spans), OpenInference (llm.input_messages, llm.tools, TOOL spans), Vercel AI SDK ai.* spans (doGenerate/doStream, ai.toolCall)',
  detect: (record) => Array.isArray(record.resourceSpans) || Array.isArray(record[TRACE_KEY]),
  parse: parseTrace,
  turnFields: ['resourceSpans', TRACE_KEY],
  container: {
    parts: {
      detect: (record) => Array.isArray(record.resourceSpans),
      group(parts) {
        const spans: OtlpSpan[] = [];
        const firstPart = new Map<string, number>();
        const problems: { part: number; reason: string }[] = [];
        parts.forEach((part, i) => {
          const found = spansOfExport(isObject(part) ? part : {});
          for (const p of found.problems) problems.push({ part: i, reason: `${p.at}: ${p.reason}` });
          for (const span of found.spans) {
            spans.push(span);
            if (!firstPart.has(span.spanId)) firstPart.set(span.spanId, i);
          }
        });
        const records = [...groupSpans(spans).values()].map((group) => ({
          record: { [TRACE_KEY]: group },
          first: group.reduce((min, s) => Math.min(min, firstPart.get(s.spanId)!), Infinity),
        }));
        return { records, problems };
      },
    },
  },
});
