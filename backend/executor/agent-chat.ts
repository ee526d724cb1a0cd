import type { DeclaredTool, Turn } from '../../shared/domain';
import { toOpenAI } from '../../shared/formats/export-records';
import { beyondJsonLimits, TOOL_VALUE_LIMITS } from '../../shared/json';
import { shortText } from '../../shared/runs';
import type { ChatMessage, ToolChatRequest, ToolChatResult } from '../llm/tool-chat';

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

/** The assistant turn a chat answer makes: its tool calls (ids kept, or made per turn) or its text. */
export function turnFromChat(answer: ToolChatResult, turnIndex: number): Turn {
  const measured = { timing: { durationMs: answer.ms }, ...(answer.tokens ? { tokens: answer.tokens } : {}) };
  if (!answer.toolCalls.length) return { role: 'assistant', content: answer.content || '(no answer)', ...measured };
  const calls = [];
  for (const [i, call] of answer.toolCalls.entries()) {
    const parsed = parsedArguments(call.arguments);
    if (!parsed.ok)
      return {
        role: 'assistant',
        content: `The model called ${call.name} with arguments that are not JSON: ${shortText(parsed.text)}`,
        ...measured,
      };
    calls.push({ id: call.id || `call_${turnIndex}_${i}`, name: call.name, args: parsed.args });
  }
  // A server need not respect any bound: arguments too deep to store or send are not used.
  const beyond = beyondJsonLimits(calls, TOOL_VALUE_LIMITS);
  if (beyond)
    return {
      role: 'assistant',
      content: `The model's answer was not used: it ${beyond}, more than a tool call may.`,
      ...measured,
    };
  return {
    role: 'assistant',
    ...(answer.content.trim() ? { thought: answer.content.trim() } : {}),
    toolCalls: calls,
    ...measured,
  };
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
    return turnFromChat(answer, turns.length);
  };
}
