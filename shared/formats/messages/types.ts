import type { ToolCall, Turn } from '../../domain';

/**
 * One message in Trellis's own terms, whatever provider shape it was written in. A provider
 * message may become several (an Anthropic user message holding three `tool_result` blocks is
 * three tool messages), never fewer: nothing a model said is dropped.
 */
export interface Message {
  role: Turn['role'];
  content?: string;
  thought?: string;
  toolCalls?: ToolCall[];
  /** For a tool result: the call it answers, when the shape gives ids. */
  toolCallId?: string;
  /** For a tool result: the tool's name, when the shape gives it (Gemini `functionResponse`, role `function`). */
  name?: string;
  /** A tool result the shape marks as an error (Anthropic `is_error`, Bedrock `status: "error"`). */
  isError?: boolean;
  timing?: Turn['timing'];
  tokens?: Turn['tokens'];
}

/** The provider and client-library message shapes the layer reads. */
export const MESSAGE_SHAPES = {
  'openai-chat': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses items',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini contents',
  bedrock: 'Bedrock Converse',
  langchain: 'LangChain messages',
  'ai-sdk': 'Vercel AI SDK messages',
} as const;

export type MessageShape = keyof typeof MESSAGE_SHAPES;

/** What the layer made of a list of provider messages. */
export interface ReadMessages {
  messages: Message[];
  /** The shape(s) the list was read as (a list may mix, e.g. Responses items and Chat messages). */
  shapes: MessageShape[];
  /** Paths of fields no shape understands (`[3].audio`), for a strict import to refuse or a lenient one to keep. */
  ignored: string[];
  /** Said once per import ("results paired with calls by order: the shape gives no ids"). */
  notes: string[];
}
