import {
  IN_PROGRESS,
  type DeclaredTool,
  type Outcome,
  type ToolCall,
  type TrajectoryMetadata,
  type Turn,
} from '../../domain';
import { adkModelCall, adkToolExecution } from './adk';
import { agentRunSpans } from './agent-runs';
import { aiSdkModelCall, aiSdkToolExecution } from './ai-sdk';
import { errorText } from './error-text';
import { genAiModelCall, genAiToolExecution } from './genai';
import { modelCallsOfTrace, withOmittedCalls } from './history';
import { langfuseModelCall, langfuseToolExecution } from './langfuse-attributes';
import { langsmithModelCall, langsmithToolExecution } from './langsmith-attributes';
import { mastraModelCall, mastraToolExecution } from './mastra';
import { monocleModelCall, monocleToolExecution } from './monocle';
import { saysSomething, type ChatMessage, type ModelCall, type ToolExecution } from './messages';
import { openInferenceModelCall, openInferenceToolExecution } from './openinference';
import { isOpenAIAgentsHandoff, openAIAgentsModelCall } from './openai-agents';
import { openLitModelCall } from './openlit';
import { pydanticAiModelCall, pydanticAiToolExecution } from './pydantic-ai';
import { failedTopSpan } from './rootless';
import { conversationOf, nsToMs, spanKey, type OtlpSpan } from './spans';

/** One trajectory made of the spans of a trace (or of a conversation's traces). */
export interface AssembledTrace {
  turns: Turn[];
  tools: DeclaredTool[];
  outcome: Outcome;
  metadata: TrajectoryMetadata;
  /** False while the root span has not arrived and the trace has not gone quiet. */
  complete: boolean;
}

const ERROR = 2;
const OK = 1;

const byStart = (a: OtlpSpan, b: OtlpSpan) => {
  const d = BigInt(a.startNs) - BigInt(b.startNs);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

const timingOf = (span: OtlpSpan): Turn['timing'] => {
  const start = nsToMs(span.startNs);
  return {
    ...(start > 0 ? { startedAt: new Date(start).toISOString() } : {}),
    durationMs: Math.max(0, nsToMs(span.endNs) - start),
  };
};

/** A span's error in words: its status message, else the exception it recorded, else its `error.type`. */
export function spanError(span: OtlpSpan): string | null {
  if (span.status.code !== ERROR) return null;
  const exception = span.events.find((e) => e.name === 'exception')?.attributes;
  const text = span.status.message || exception?.['exception.message'] || span.attributes['error.type'];
  // The error as the program said it, without the stack a JavaScript or Python runtime appended.
  return typeof text === 'string' && text ? errorText(text) : 'error';
}

/** A model call's reading: the AI SDK's own when it wrote the span, OpenInference when the span says it is one, else the GenAI conventions. */
const modelCallOf = (span: OtlpSpan): ModelCall | null =>
  aiSdkModelCall(span) ??
  ('openinference.span.kind' in span.attributes
    ? (openAIAgentsModelCall(span) ?? openInferenceModelCall(span))
    : (openLitModelCall(span) ??
      genAiModelCall(span) ??
      pydanticAiModelCall(span) ??
      adkModelCall(span) ??
      openInferenceModelCall(span) ??
      langfuseModelCall(span) ??
      langsmithModelCall(span) ??
      monocleModelCall(span)));

// A tracing tool's own marker (Langfuse's observation type, LangSmith's span kind) says more of
// a tool span than the GenAI operation name it may also set: its result is only in the former's.
const toolExecutionOf = (span: OtlpSpan): ToolExecution | null =>
  mastraToolExecution(span) ??
  aiSdkToolExecution(span) ??
  langfuseToolExecution(span) ??
  langsmithToolExecution(span) ??
  pydanticAiToolExecution(span) ??
  adkToolExecution(span) ??
  genAiToolExecution(span) ??
  openInferenceToolExecution(span) ??
  monocleToolExecution(span);

const sameArgs = (a: unknown, b: unknown) => b !== undefined && JSON.stringify(a) === JSON.stringify(b);

const sameMessage = (turn: Turn, m: ChatMessage) =>
  turn.role === m.role &&
  (turn.content ?? '').trim() === (m.content ?? '').trim() &&
  (turn.toolCalls ?? []).map((c) => c.id).join() === (m.toolCalls ?? []).map((c) => c.id).join() &&
  (m.role !== 'tool' || !m.toolCallId || turn.toolCallId === m.toolCallId);

const asTurn = (m: ChatMessage): Turn => ({
  role: m.role,
  ...(m.thought ? { thought: m.thought } : {}),
  ...(m.content !== undefined ? { content: m.content } : {}),
  ...(m.toolCalls?.length ? { toolCalls: m.toolCalls } : {}),
  ...(m.toolCallId ? { toolCallId: m.toolCallId } : {}),
});

/**
 * Spans of one trace (or one `gen_ai.conversation.id`) as one trajectory. Model-call spans, in
 * start order, give the conversation: each call's input messages beyond those already seen, then
 * its output with the call's tokens and timing. Tool-execution spans give the results (and
 * errors) with their timing, placed after the call they answer. The root span's status gives the
 * outcome once it has arrived; what no turn holds is kept as metadata, spans and all.
 */
export function assembleTrace(input: readonly OtlpSpan[], options: { quiet?: boolean } = {}): AssembledTrace {
  const unique = new Map(input.map((s) => [spanKey(s), s]));
  const spans = [...unique.values()].sort(byStart);
  const turns: Turn[] = [];
  const tools = new Map<string, DeclaredTool>();
  const conventions = new Set<string>();
  const models = new Set<string>();
  const unknown: Record<string, Record<string, unknown>> = {};
  const usage = { input: 0, output: 0 };
  const executions: { span: OtlpSpan; exec: ToolExecution }[] = [];
  const runs = agentRunSpans(spans);
  let lastCall: OtlpSpan | undefined;

  const callOf = modelCallsOfTrace(spans, modelCallOf);
  for (const span of spans) {
    // Mastra's reader knows its own agent-run span (the tools are declared there); other run spans are not calls.
    const call = mastraModelCall(span, spans) ?? (runs.has(spanKey(span)) ? null : callOf(span));
    const exec = call || isOpenAIAgentsHandoff(span) ? null : toolExecutionOf(span);
    const consumed = new Set(call?.consumed ?? exec?.consumed ?? []);
    const rest = Object.entries(span.attributes).filter(([k]) => !consumed.has(k));
    if (rest.length) unknown[`${span.name} ${span.spanId}`] = Object.fromEntries(rest);
    if (exec) executions.push({ span, exec });
    if (!call) continue;
    lastCall = span;
    conventions.add(call.convention);
    if (call.model) models.add(call.model);
    for (const tool of call.tools) if (!tools.has(tool.name)) tools.set(tool.name, tool);
    const messages = withOmittedCalls(call.input.filter(saysSomething), turns);
    // A system prompt sent apart (gen_ai.system_instructions) on one call only is not a new turn.
    const skip = turns[0]?.role === 'system' && messages[0]?.role !== 'system' ? 1 : 0;
    let seen = 0;
    while (skip + seen < turns.length && seen < messages.length && sameMessage(turns[skip + seen]!, messages[seen]!))
      seen++;
    // A call that resends the history continues it; one that sends only what is new (or another
    // conversation's history) adds its messages after the turns so far, its system prompt once.
    const fresh =
      skip + seen === turns.length
        ? messages.slice(seen)
        : (afterHandover(turns, messages) ??
          messages.filter((m) => !(m.role === 'system' && turns.some((t) => sameMessage(t, m)))));
    turns.push(...fresh.map(asTurn));
    call.output.filter(saysSomething).forEach((m, k) => {
      turns.push({
        ...asTurn(m),
        timing: timingOf(span),
        ...(k === 0 && call.tokens ? { tokens: call.tokens } : {}),
      });
    });
    if (call.tokens) {
      usage.input += call.tokens.prompt;
      usage.output += call.tokens.completion;
    }
  }

  const toolErrors = placeToolResults(turns, executions);
  const roots = spans.filter((s) => !s.parentSpanId);
  const root = roots.at(-1);
  const complete = Boolean(root) || Boolean(options.quiet);
  const traceIds = [...new Set(spans.map((s) => s.traceId))];
  const conversation = spans.map(conversationOf).find((c) => c !== null);
  const service = spans.find((s) => typeof s.resource['service.name'] === 'string')?.resource['service.name'];
  // Without its root, a quiet trace's failed top span (its parent never came) says how the run ended.
  const orphan = root || !complete ? undefined : failedTopSpan(spans);
  const rootError = root ? spanError(root) : orphan ? spanError(orphan) : null;
  const metadata: TrajectoryMetadata = {
    harness: 'OpenTelemetry',
    ...(models.size ? { model: [...models].at(-1) } : {}),
    ...(typeof service === 'string' ? { service } : {}),
    trace_state: complete ? 'complete' : 'in progress',
    trace_ids: traceIds,
    ...(conversation ? { conversation_id: conversation } : {}),
    ...(root ? { root_span: root.name } : {}),
    ...(rootError ? { error: rootError } : {}),
    conventions: [...conventions],
    instrumentations: [...new Set(spans.map((s) => `${s.scope.name}${s.scope.version ? ` ${s.scope.version}` : ''}`))],
    ...(usage.input || usage.output ? { usage: { input_tokens: usage.input, output_tokens: usage.output } } : {}),
    ...(toolErrors.length ? { tool_errors: toolErrors } : {}),
    ...(Object.keys(unknown).length ? { span_attributes: unknown } : {}),
    otlp_spans: spans,
  };
  return {
    turns,
    tools: [...tools.values()],
    outcome: outcomeOf(root, complete, { orphan, lastCall }),
    metadata,
    complete,
  };
}

/**
 * A run's verdict from its root span's status. Where that says nothing: a failed top span when
 * the root never came (`orphan`), or a failed last model call under a root left unset (`lastCall`).
 */
function outcomeOf(
  root: OtlpSpan | undefined,
  complete: boolean,
  { orphan, lastCall }: { orphan?: OtlpSpan; lastCall?: OtlpSpan } = {},
): Outcome {
  if (!complete) return IN_PROGRESS;
  if (!root && orphan)
    return {
      status: 'failure',
      by: `span "${orphan.name}" status (no root span came)`,
      value: spanError(orphan) ?? 'ERROR',
    };
  if (!root) return { status: 'unknown', by: 'trace went quiet without its root span', value: null };
  const by = `root span "${root.name}" status`;
  if (root.status.code === ERROR) return { status: 'failure', by, value: spanError(root) ?? 'ERROR' };
  if (root.status.code === OK) return { status: 'success', by, value: 'OK' };
  // A root left unset by a run whose last model call failed (the AI SDK's streamText leaves it so): that call ended the run.
  const callError = lastCall && spanError(lastCall);
  if (lastCall && callError)
    return { status: 'failure', by: `last model call span "${lastCall.name}" status`, value: callError };
  return { status: 'unknown', by, value: 'UNSET' };
}

/**
 * What a call adds when it resends the history under another system prompt (an agent that took
 * the run over from another, as the OpenAI Agents SDK's handoffs do): the messages past the turns
 * so far, then its prompt as a system turn where it changed. Null when it does not resend them.
 */
function afterHandover(turns: Turn[], messages: ChatMessage[]): ChatMessage[] | null {
  const prompt = messages[0];
  if (prompt?.role !== 'system') return null;
  const said = turns.filter((t) => t.role !== 'system');
  const rest = messages.slice(1);
  if (rest.length < said.length || !said.every((t, i) => sameMessage(t, rest[i]!))) return null;
  const current = turns.findLast((t) => t.role === 'system');
  return [...rest.slice(said.length), ...(current && sameMessage(current, prompt) ? [] : [prompt])];
}

/**
 * Tool results from tool-execution spans: timing (and an error where the span failed) on the
 * result turn the model's next input already gave, or a result turn of its own after the call it
 * answers (an assistant call made for it when no model call asked for it). Returns the errors.
 */
function placeToolResults(turns: Turn[], executions: { span: OtlpSpan; exec: ToolExecution }[]) {
  const errors: { tool: string; toolCallId: string; error: string }[] = [];
  const used = new Set<string>();
  for (const { span, exec } of executions) {
    const calls = turns.flatMap((t) => t.toolCalls ?? []);
    const call =
      calls.find((c) => exec.callId && c.id === exec.callId) ??
      calls.find((c) => c.name === exec.name && !used.has(c.id) && sameArgs(c.args, exec.args)) ??
      calls.find((c) => c.name === exec.name && !used.has(c.id));
    const id = call?.id ?? exec.callId ?? `call_${span.spanId}`;
    used.add(id);
    const error = spanError(span);
    if (error) errors.push({ tool: exec.name, toolCallId: id, error });
    const content = exec.result ?? (error ? `Error: ${error}` : undefined);
    const result: Turn = { role: 'tool', ...(content !== undefined ? { content } : {}), toolCallId: id };
    const existing = turns.findIndex((t) => t.role === 'tool' && t.toolCallId === id);
    if (existing >= 0) {
      const turn = turns[existing]!;
      turns[existing] = { ...turn, ...(turn.content ? {} : result), timing: timingOf(span) };
      continue;
    }
    const at = turns.findIndex((t) => t.toolCalls?.some((c) => c.id === id));
    if (at < 0) {
      placeUncalled(turns, { id, name: exec.name, args: exec.args ?? {} }, { ...result, timing: timingOf(span) });
      continue;
    }
    // After the results of the calls made before it in the same reply: parallel calls' results in call order.
    const order = turns[at]!.toolCalls!.map((c) => c.id);
    const before = (t: Turn) => order.indexOf(t.toolCallId ?? '') < order.indexOf(id);
    let after = at + 1;
    while (after < turns.length && turns[after]!.role === 'tool' && before(turns[after]!)) after++;
    turns.splice(after, 0, { ...result, timing: timingOf(span) });
  }
  return errors;
}

/**
 * A result no model call asked for by id (a convention whose model output names no tool call,
 * as Monocle's and a ReAct agent's do): on the tool message with the same text that a later
 * call was sent, the call joined to the assistant turn before it; else after the last model
 * output that started before the tool ran, with a call made for it.
 */
function placeUncalled(turns: Turn[], call: ToolCall, result: Turn) {
  const text = (result.content ?? '').trim();
  const sent = turns.findIndex((t) => t.role === 'tool' && !t.toolCallId && text && (t.content ?? '').trim() === text);
  if (sent >= 0) {
    const before = turns[sent - 1];
    turns[sent] = { ...turns[sent]!, toolCallId: call.id, ...(result.timing ? { timing: result.timing } : {}) };
    if (before?.role === 'assistant' && !before.toolCalls?.length) turns[sent - 1] = { ...before, toolCalls: [call] };
    else turns.splice(sent, 0, { role: 'assistant', toolCalls: [call] });
    return;
  }
  const ran = result.timing?.startedAt;
  let at = turns.length;
  if (ran) {
    const last = turns.findLastIndex((t) => t.role === 'assistant' && t.timing?.startedAt && t.timing.startedAt <= ran);
    if (last >= 0) {
      at = last + 1;
      while (at < turns.length && turns[at]!.role === 'tool') at++;
    }
  }
  turns.splice(at, 0, { role: 'assistant', toolCalls: [call] }, result);
}
