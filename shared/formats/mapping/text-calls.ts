import { isObject } from '../../json';
import { parseArguments } from '../trajectories/records';
import type { TextCallStyle } from './schema';

/** A call read from the text a model wrote: its tool, its arguments, and its id when the text gives one. */
export interface TextCall {
  name: string;
  args: unknown;
  id?: string;
}

/** What a model's text holds once its calls are taken out: the reasoning before them, the rest, the calls. */
export interface TextWithCalls {
  thought?: string;
  content?: string;
  calls: TextCall[];
}

/** Reads the calls out of a message's text in the given style; text without calls comes back whole as content. */
export function callsInText(text: string, style: TextCallStyle): TextWithCalls {
  const read = READERS[style](text);
  return read ?? { content: text, calls: [] };
}

const READERS: Record<TextCallStyle, (text: string) => TextWithCalls | null> = {
  react: reactCalls,
  json: jsonCalls,
  tool_call_tag: taggedCalls,
};

const nonEmpty = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

const REACT_ACTION = /^[ \t]*Action[ \t]*\d*[ \t]*:[ \t]*(.*)$/gim;
const REACT_INPUT = /^[ \t]*Action[ \t]*\d*[ \t]*Input[ \t]*\d*[ \t]*:[ \t]*/im;
const REACT_END = /^[ \t]*(?:Observation|Thought|Final Answer|Action)[ \t]*\d*[ \t]*:/im;

/**
 * ReAct (LangChain's agents, the ReAct paper's prompts): `Thought: …` then `Action: tool` and
 * `Action Input: {…}` (JSON or plain text), possibly several times; `Final Answer: …` is content.
 */
function reactCalls(text: string): TextWithCalls | null {
  const actions = [...text.matchAll(REACT_ACTION)];
  const final = /^[ \t]*Final Answer[ \t]*:/im.exec(text);
  if (!actions.length) {
    if (!final) return null;
    return {
      thought: nonEmpty(text.slice(0, final.index).replace(/^\s*Thought\s*:/i, '')),
      content: nonEmpty(text.slice(final.index + final[0].length)),
      calls: [],
    };
  }
  const calls: TextCall[] = [];
  for (const action of actions) {
    const after = text.slice(action.index + action[0].length);
    const input = REACT_INPUT.exec(after);
    // The input belongs to this action only when it comes before the next step.
    const rest = input ? after.slice(input.index + input[0].length) : '';
    const end = REACT_END.exec(rest);
    const raw = input && !REACT_END.exec(after.slice(0, input.index)) ? rest.slice(0, end?.index).trim() : '';
    calls.push({ name: action[1]!.trim().replace(/^`|`$/g, ''), args: reactArguments(raw) });
  }
  return {
    thought: nonEmpty(text.slice(0, actions[0]!.index).replace(/^\s*Thought\s*:/i, '')),
    content: final ? nonEmpty(text.slice(final.index + final[0].length)) : undefined,
    calls,
  };
}

/** Action Input is JSON in most agents, sometimes fenced, and plain text in the oldest: kept as written then. */
function reactArguments(raw: string): unknown {
  const unfenced = raw.replace(/^```(?:json)?\s*|\s*```$/g, '');
  if (!unfenced) return {};
  const parsed = parseArguments(unfenced);
  return typeof parsed === 'string' ? { input: parsed } : parsed;
}

const TOOL_CALL_TAG = /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g;

/** Hermes, Qwen and most open-weight chat templates: `<tool_call>{"name": …, "arguments": …}</tool_call>`. */
function taggedCalls(text: string): TextWithCalls | null {
  const tags = [...text.matchAll(TOOL_CALL_TAG)];
  if (!tags.length) return null;
  const calls = tags.map((m) => callOf(parseArguments(m[1]!)) ?? { name: '', args: m[1]! });
  const outside = text.replace(TOOL_CALL_TAG, '');
  const think = /<think>([\s\S]*?)<\/think>/.exec(outside);
  return {
    ...(think ? { thought: nonEmpty(think[1]) } : {}),
    content: nonEmpty(think ? outside.replace(think[0], '') : outside),
    calls,
  };
}

const FENCED_JSON = /```(?:json)?\s*([\s\S]*?)```/g;

/**
 * A call written as JSON: the whole text, or fenced ```json blocks, holding `{"name", "arguments"}`
 * (or `args`, `parameters`, `input`; `action`/`action_input` as LangChain's structured chat
 * writes it), or an array of them. Text around the JSON stays content.
 */
function jsonCalls(text: string): TextWithCalls | null {
  const whole = callsOf(parseJson(text.trim()));
  if (whole) return { calls: whole };
  const calls: TextCall[] = [];
  const rest = text.replace(FENCED_JSON, (block, inner: string) => {
    const found = callsOf(parseJson(inner.trim()));
    if (!found) return block;
    calls.push(...found);
    return '';
  });
  if (calls.length) return { content: nonEmpty(rest), calls };
  // An object at the end of the text, after the model's words: "I'll look it up. {"name": …}".
  const brace = text.indexOf('{');
  const tail = brace >= 0 ? callsOf(parseJson(text.slice(brace).trim())) : null;
  return tail ? { content: nonEmpty(text.slice(0, brace)), calls: tail } : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function callsOf(value: unknown): TextCall[] | null {
  const list = Array.isArray(value) ? value : [value];
  const calls = list.map(callOf);
  return list.length && calls.every((c) => c !== null) ? (calls as TextCall[]) : null;
}

/** One call from a JSON object in one of the ways models write them; null when it names no tool. */
export function callOf(value: unknown): TextCall | null {
  if (!isObject(value)) return null;
  const fn = isObject(value.function) ? value.function : value;
  const name = fn.name ?? fn.tool ?? fn.tool_name ?? fn.action;
  if (typeof name !== 'string' || !name.trim()) return null;
  const args = fn.arguments ?? fn.args ?? fn.parameters ?? fn.input ?? fn.tool_input ?? fn.action_input;
  const id = value.id ?? value.call_id;
  return { name, args: parseArguments(args), ...(typeof id === 'string' ? { id } : {}) };
}
