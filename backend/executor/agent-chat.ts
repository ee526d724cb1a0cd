import type { DeclaredTool, ToolCall, Turn } from '../../shared/domain';
import { toOpenAI } from '../../shared/formats/export-records';
import { beyondJsonLimits, TOOL_VALUE_LIMITS } from '../../shared/json';
import { shortText } from '../../shared/runs';
import type { ChatMessage, ToolChatRequest, ToolChatResult } from '../llm/tool-chat';
import { UnusableAnswer, unknownToolReason } from './unusable-answer';

/** One agent turn decided outside the engine's JSON mode: the assistant turn to add. */
export type AgentDecider = (turns: readonly Turn[]) => Promise<Turn>;

/** The conversation as OpenAI chat messages (the fine-tuning export's own converter, without weights). */
export function chatMessages(turns: readonly Turn[], tools: readonly DeclaredTool[]): ToolChatRequest['messages'] {
  const record = toOpenAI({ id: '', turns: [...turns], tools: [...tools] }) as { messages: ChatMessage[] };
  return record.messages.map(({ weight: _weight, ...message }) => message);
}

/** The tools as the chat-completions API declares them. */
export function chatTools(tools: readonly DeclaredTool[]): ToolChatRequest['tools'] {
  return tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
}

/** A call's arguments from the text the model wrote; a string that is not JSON stays the string. */
function parsedArguments(text: string): { ok: true; args: unknown } | { ok: false; text: string } {
  if (!text.trim()) return { ok: true, args: {} };
  try {
    return { ok: true, args: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, text };
  }
}

/**
 * The assistant turn a chat answer makes: its tool calls (ids kept, or made per turn) or its text.
 * An answer Trellis cannot use throws {@link UnusableAnswer}, keeping the calls the model made
 * where they can be stored (arguments that are not JSON stay the text the model wrote).
 */
export function turnFromChat(answer: ToolChatResult, turnIndex: number, toolNames?: readonly string[]): Turn {
  const measured = { timing: { durationMs: answer.ms }, ...(answer.tokens ? { tokens: answer.tokens } : {}) };
  if (!answer.toolCalls.length) {
    if (!answer.content.trim()) throw new UnusableAnswer('The model answered nothing: no text and no tool call.');
    return { role: 'assistant', content: answer.content, ...measured };
  }
  const calls: ToolCall[] = [];
  let malformed: { name: string; text: string } | null = null;
  for (const [i, call] of answer.toolCalls.entries()) {
    const parsed = parsedArguments(call.arguments);
    if (!parsed.ok) malformed ??= { name: call.name, text: parsed.text };
    calls.push({
      id: call.id || `call_${turnIndex}_${i}`,
      name: call.name,
      args: parsed.ok ? parsed.args : parsed.text,
    });
  }
  // A server need not respect any bound: arguments too deep to store or send are not used.
  const beyond = beyondJsonLimits(calls, TOOL_VALUE_LIMITS);
  if (beyond) throw new UnusableAnswer(`The model's answer was not used: it ${beyond}, more than a tool call may.`);
  const turn: Turn = {
    role: 'assistant',
    ...(answer.content.trim() ? { thought: answer.content.trim() } : {}),
    toolCalls: calls,
    ...measured,
  };
  if (malformed)
    throw new UnusableAnswer(
      `The model called ${malformed.name} with arguments that are not JSON: ${shortText(malformed.text)}`,
      turn,
    );
  const unknown = toolNames && calls.find((c) => !toolNames.includes(c.name));
  if (unknown) throw new UnusableAnswer(unknownToolReason(unknown.name, toolNames), turn);
  return turn;
}

/** An agent that asks `chat` the way production does: the messages so far and the tools, each turn. */
export function chatDecider(options: {
  chat: (request: ToolChatRequest, signal?: AbortSignal) => Promise<ToolChatResult>;
  tools: readonly DeclaredTool[];
  maxTokens: number;
  temperature: number;
  seed?: number;
  signal?: AbortSignal;
}): AgentDecider {
  const tools = chatTools(options.tools);
  return async (turns) => {
    const answer = await options.chat(
      {
        messages: chatMessages(turns, options.tools),
        tools,
        maxTokens: options.maxTokens,
        temperature: options.temperature,
        ...(options.seed !== undefined ? { seed: options.seed + turns.length } : {}),
      },
      options.signal,
    );
    return turnFromChat(
      answer,
      turns.length,
      options.tools.map((t) => t.name),
    );
  };
}
