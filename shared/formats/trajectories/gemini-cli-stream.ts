// `gemini -p … --output-format stream-json` prints a run as events, one per line. Read from google-gemini/gemini-cli
// at 5411f11: packages/core/src/output/types.ts (JsonStreamEvent: init {session_id, model}, message {role, content,
// delta}, tool_use {tool_name, tool_id, parameters}, tool_result {tool_id, status, output, error}, error {severity,
// message}, result {status, error, stats}; each with a timestamp) and packages/cli/src/nonInteractiveCli.ts, which
// writes them (since 47f6931, 0.11): the prompt as a user message, the model's text as deltas, a tool result's
// output as the text the user was shown (its resultDisplay).
import type { Outcome, Turn, TrajectoryMetadata } from '../../domain';
import { isObject } from '../../json';
import { openAssistantTurn, type ParsedRecord } from './records';

const DISPLAY_NOTE =
  "Gemini CLI stream-json tool results are the text the user was shown (the tool's display), not the response the model was sent.";

/** The first line of a stream: its init event. */
export const isStreamInit = (value: unknown): boolean =>
  isObject(value) && value.type === 'init' && typeof value.session_id === 'string' && typeof value.model === 'string';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function between(from: unknown, to: unknown): Turn['timing'] | undefined {
  const start = typeof from === 'string' ? Date.parse(from) : NaN;
  const end = typeof to === 'string' ? Date.parse(to) : NaN;
  return end >= start ? { startedAt: from as string, durationMs: end - start } : undefined;
}

/**
 * A Gemini CLI stream-json run: the prompt, the model's text deltas joined into its turns with the
 * calls that follow them, each tool result paired with its call by tool_id, the result event as the
 * outcome and its stats as metadata.
 */
export function fromGeminiStream(events: unknown[]): ParsedRecord {
  const turns: Turn[] = [];
  const metadata: TrajectoryMetadata = { harness: 'gemini-cli' };
  const ignored: string[] = [];
  const calledAt = new Map<string, unknown>();
  let outcome: Outcome | undefined;
  let hasResults = false;
  const assistant = () => openAssistantTurn(turns);
  events.forEach((event, i) => {
    const at = `stream_events[${i}]`;
    if (!isObject(event)) return ignored.push(`${at} (not a JSON object)`);
    if (event.type === 'init') {
      metadata.session_id = event.session_id;
      metadata.model = event.model;
    } else if (event.type === 'message' && event.role === 'user')
      turns.push({ role: 'user', content: text(event.content) ?? '' });
    else if (event.type === 'message' && event.role === 'assistant') {
      // Deltas join into the model's text; text after its calls is its next response.
      const last = turns.at(-1);
      const turn: Turn = last?.role === 'assistant' && !last.toolCalls?.length ? last : { role: 'assistant' };
      if (turn !== last) turns.push(turn);
      turn.content = (turn.content ?? '') + (text(event.content) ?? '');
    } else if (event.type === 'tool_use' && typeof event.tool_name === 'string') {
      const id = text(event.tool_id) ?? `${at}`;
      (assistant().toolCalls ??= []).push({ id, name: event.tool_name, args: event.parameters ?? {} });
      calledAt.set(id, event.timestamp);
    } else if (event.type === 'tool_result') {
      const error = isObject(event.error) ? text(event.error.message) : undefined;
      const id = text(event.tool_id) ?? '';
      const timing = between(calledAt.get(id), event.timestamp);
      turns.push({
        role: 'tool',
        toolCallId: id,
        content: text(event.output) ?? error ?? '',
        ...(timing ? { timing } : {}),
      });
      hasResults = true;
    } else if (event.type === 'error')
      ((metadata.errors ??= []) as unknown[]).push({ severity: event.severity, message: event.message });
    else if (event.type === 'result') {
      if (event.stats !== undefined) metadata.stats = event.stats;
      const error = isObject(event.error) ? (text(event.error.message) ?? null) : null;
      outcome =
        event.status === 'success'
          ? { status: 'success', by: 'Gemini CLI result', value: 'success' }
          : { status: 'failure', by: 'Gemini CLI result', value: error ?? String(event.status) };
    } else ignored.push(`${at} (a "${String(event.type)}" event)`);
  });
  return {
    turns,
    tools: [],
    ignored,
    ...(outcome ? { outcome } : {}),
    metadata,
    notes: hasResults ? [DISPLAY_NOTE] : [],
  };
}
