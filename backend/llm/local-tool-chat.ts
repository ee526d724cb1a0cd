import type { ModelSupervisor } from './supervisor';
import type { ChatMessage, ToolChatRequest, ToolChatResult } from './tool-chat';
import { hermesToolsSystem, parseToolCallText } from './tool-call-syntax';

type TemplateCall = { function: { name: string; arguments: unknown } };

/**
 * Chat templates read a call's arguments as an object (`tool_call.arguments | tojson`): given
 * so when they are JSON; and every message has a content (templates concatenate it).
 */
function forTemplate(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m) => {
    const calls = m.tool_calls as { function: { name: string; arguments: string } }[] | undefined;
    if (!calls) return { ...m, content: m.content ?? '' };
    return {
      ...m,
      content: m.content ?? '',
      tool_calls: calls.map((c) => {
        let args: unknown = c.function.arguments;
        try {
          args = JSON.parse(c.function.arguments);
        } catch {
          // Not JSON: the template gets the text as written.
        }
        return { ...c, function: { ...c.function, arguments: args } };
      }),
    };
  });
}

/**
 * The conversation in Hermes's form for a template with no place for tools: the tools in the
 * system message (merged into one it has), each call as `<tool_call>` text of its turn, each
 * result inside `<tool_response>`.
 */
function withToolsSystem(templated: ChatMessage[], tools: readonly unknown[]): ChatMessage[] {
  const block = hermesToolsSystem(tools);
  const messages = templated.map((m): ChatMessage => {
    const calls = m.tool_calls as TemplateCall[] | undefined;
    if (calls) {
      const text = calls
        .map(
          (c) =>
            `<tool_call>\n${JSON.stringify({ name: c.function.name, arguments: c.function.arguments })}\n</tool_call>`,
        )
        .join('\n');
      return { role: m.role, content: [String(m.content ?? ''), text].filter(Boolean).join('\n') };
    }
    if (m.role === 'tool')
      return { role: 'tool', content: `<tool_response>\n${String(m.content ?? '')}\n</tool_response>` };
    return m;
  });
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ ...first, content: `${String(first.content ?? '')}\n\n${block}` }, ...rest];
  return [{ role: 'system', content: block }, ...messages];
}

/**
 * The prompt a local model generates its next turn from: the conversation and tools through its
 * own chat template, in Hermes's form when the template has no place for tools (its rendering is
 * the same with and without them), ending with the template's opening of the assistant's turn.
 */
export async function localToolPrompt(
  host: Pick<ModelSupervisor, 'renderChat'>,
  request: Pick<ToolChatRequest, 'messages' | 'tools'>,
): Promise<string> {
  const messages = forTemplate(request.messages);
  const { text } = await host.renderChat(messages, request.tools, true);
  if (!request.tools.length) return text;
  const { text: without } = await host.renderChat(messages, [], true);
  if (without !== text) return text;
  return (await host.renderChat(withToolsSystem(messages, request.tools), [], true)).text;
}

/**
 * Chat with tools through the loaded GGUF's own chat template: the conversation and its tools
 * rendered as the model was trained to read them (a template with no place for tools is told of
 * them in Hermes's form), generated from the template's assistant opening, and the calls read
 * back in the family's tool-call syntax (tool-call-syntax.ts).
 */
export function localToolChat(host: ModelSupervisor) {
  return async (request: ToolChatRequest, signal?: AbortSignal): Promise<ToolChatResult> => {
    const started = performance.now();
    const prompt = await localToolPrompt(host, request);
    const generated = await host.generate(
      {
        prompt,
        chat: false,
        maxTokens: request.maxTokens,
        temperature: request.temperature,
        ...(request.seed !== undefined ? { seed: request.seed } : {}),
      },
      () => {},
      signal,
    );
    const parsed = parseToolCallText(generated.text);
    return {
      content: parsed.content,
      toolCalls: parsed.calls.map((c) => ({ id: '', ...c })),
      ms: performance.now() - started,
      cancelled: generated.cancelled,
      ...(generated.tokens ? { tokens: generated.tokens } : {}),
    };
  };
}
