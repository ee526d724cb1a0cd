import type { Turn } from '../../domain';
import type { ChatMessage, ModelCall } from './messages';
import { spanKey, type OtlpSpan } from './spans';

/**
 * Each span's model call, leaving out those that sum up a whole agent run (`wholeRun`) when the
 * trace has a model call of its own: the run's messages then repeat theirs (and its usage is
 * their sum). A trace with only the run's span is read from it.
 */
export function modelCallsOfTrace(
  spans: readonly OtlpSpan[],
  read: (span: OtlpSpan) => ModelCall | null,
): (span: OtlpSpan) => ModelCall | null {
  const calls = new Map(spans.map((s) => [spanKey(s), read(s)]));
  const perCall = [...calls.values()].some((c) => c && !c.wholeRun);
  return (span) => {
    const call = calls.get(spanKey(span)) ?? null;
    return call?.wholeRun && perCall ? null : call;
  };
}

/**
 * A call's input with the assistant turns it left out put back: some producers (OpenLIT) resend
 * the results of the assistant's calls but not the message that made them. Before results whose
 * calls the input does not hold, the earlier turn that made those calls.
 */
export function withOmittedCalls(messages: ChatMessage[], turns: readonly Turn[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const sent = new Set(messages.flatMap((m) => m.toolCalls ?? []).map((c) => c.id));
  for (const m of messages) {
    const id = m.role === 'tool' ? m.toolCallId : undefined;
    if (id && !sent.has(id)) {
      const maker = turns.find((t) => t.role === 'assistant' && t.toolCalls?.some((c) => c.id === id));
      const before = out.at(-1);
      if (maker && before?.role === 'assistant' && !before.toolCalls?.length && before.content === maker.content) {
        // The message was sent for its text, without its calls.
        out[out.length - 1] = { ...before, toolCalls: maker.toolCalls! };
        for (const c of maker.toolCalls!) sent.add(c.id);
      } else if (maker) {
        out.push({
          role: 'assistant',
          ...(maker.content !== undefined ? { content: maker.content } : {}),
          ...(maker.thought ? { thought: maker.thought } : {}),
          toolCalls: maker.toolCalls!,
        });
        for (const c of maker.toolCalls!) sent.add(c.id);
      }
    }
    out.push(m);
  }
  return out;
}
