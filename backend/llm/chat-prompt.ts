/**
 * A Trellis prompt as one user turn of the model's chat format, rendered by node-llama-cpp's chat
 * wrapper exactly as LlamaChatSession renders a new session's first prompt: the same history
 * (the wrapper's default system prompt, the user turn, an empty model turn), the same text, the
 * same tokens, the same stop triggers. Null where the format needs what only LlamaChat does
 * (thought segments, prefix triggers, function-call syntax, re-rendering): those requests keep
 * node-llama-cpp's own generator. Runs in the helper.
 */
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };

type Token = number;
type NodeLlamaCpp = typeof LlamaLibrary;
type Model = LlamaLibrary.LlamaModel;
type Wrapper = LlamaLibrary.ChatWrapper;

export interface RenderedChat {
  tokens: Token[];
  stopTokens: Token[];
  stopStrings: string[];
}

/** Stop triggers split into single tokens and plain text; null when one mixes them (LlamaChat's detector handles those). */
export function resolveStopTriggers(
  lib: NodeLlamaCpp,
  triggers: readonly (string | LlamaLibrary.LlamaText | readonly (string | LlamaLibrary.Token)[])[],
  tokenizer: Model['tokenizer'],
): { tokens: Token[]; strings: string[] } | null {
  const tokens: Token[] = [];
  const strings: string[] = [];
  for (const trigger of triggers) {
    const parts: (string | Token)[] = [];
    const values: readonly unknown[] =
      typeof trigger === 'string' ? [trigger] : lib.isLlamaText(trigger) ? trigger.values : trigger;
    for (const value of values) {
      if (value === '') continue;
      if (typeof value === 'string' || typeof value === 'number') parts.push(value);
      else if (value instanceof lib.SpecialToken) parts.push(...value.tokenize(tokenizer));
      else if (value instanceof lib.SpecialTokensText) parts.push(...value.tokenizeSpecialTokensOnly(tokenizer));
      else return null;
    }
    if (parts.length === 0) continue;
    if (parts.every((part) => typeof part === 'string')) strings.push(parts.join(''));
    else if (parts.length === 1) tokens.push(parts[0] as Token);
    else return null;
  }
  return { tokens, strings };
}

const wrappers = new WeakMap<Model, Wrapper>();

/**
 * The chat wrapper LlamaChatSession picks for `model` ("auto"), resolved once per model: resolving
 * it reads the GGUF's chat template and took 0.4–0.6 s on the test machine, each time.
 */
export function wrapperOf(lib: NodeLlamaCpp, model: Model): Wrapper {
  let wrapper = wrappers.get(model);
  if (!wrapper) wrappers.set(model, (wrapper = lib.resolveChatWrapper(model)));
  return wrapper;
}

/** `prompt` as the first user turn of a new chat session; null where only LlamaChat can run the format. */
export function renderChatPrompt(lib: NodeLlamaCpp, model: Model, prompt: string): RenderedChat | null {
  const wrapper = wrapperOf(lib, model);
  if (Object.keys(wrapper.settings.segments ?? {}).length > 0) return null;
  const supportsSystem = wrapper.settings.supportsSystemMessages;
  const initial = supportsSystem == null || supportsSystem ? wrapper.generateInitialChatHistory({}) : [];
  const history = lib.appendUserMessageToChatHistory(initial, prompt);
  history.push({ type: 'model', response: [] });
  const state = wrapper.generateContextState({ chatHistory: history });
  const extra = state as {
    ignoreStartText?: unknown[];
    prefixTriggers?: unknown[];
    noPrefixTrigger?: unknown;
    rerender?: unknown;
    functionCall?: { initiallyEngaged?: boolean };
  };
  if (
    (extra.ignoreStartText?.length ?? 0) > 0 ||
    (extra.prefixTriggers?.length ?? 0) > 0 ||
    extra.noPrefixTrigger != null ||
    extra.rerender != null ||
    extra.functionCall?.initiallyEngaged
  )
    return null;
  const stops = resolveStopTriggers(lib, state.stopGenerationTriggers, model.tokenizer);
  if (!stops) return null;
  return {
    tokens: state.contextText.tokenize(model.tokenizer),
    stopTokens: stops.tokens,
    stopStrings: stops.strings,
  };
}

/**
 * `prompt` as plain text, as LlamaCompletion reads it: the beginning token where the vocabulary
 * takes one, then the text. Null for Gemma models, whose completions also end at tokens
 * LlamaCompletion finds by name.
 */
export function renderPlainPrompt(lib: NodeLlamaCpp, model: Model, prompt: string): RenderedChat | null {
  const architecture = (model.fileInfo.metadata as { general?: { architecture?: string } }).general?.architecture;
  if (architecture === 'gemma' || architecture === 'gemma2') return null;
  const vocabulary = model.vocabularyType;
  const types = lib.LlamaVocabularyType;
  const bos =
    vocabulary === types.rwkv || vocabulary === types.ugm
      ? null
      : vocabulary === types.wpm || model.tokens.shouldPrependBosToken
        ? model.tokens.bos
        : null;
  const text = model.tokenize(prompt, false, bos != null ? 'trimLeadingSpace' : undefined);
  return { tokens: bos != null ? [bos, ...text] : text, stopTokens: [], stopStrings: [] };
}
