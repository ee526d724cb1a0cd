import type { ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { declaredTools, parseArguments, RecordError, type ParsedRecord } from './records';

const HERMES_ROLES: Record<string, Turn['role']> = { system: 'system', human: 'user', gpt: 'assistant', tool: 'tool' };
const tagged = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');

/** `<tools>` holds a JSON array, or one JSON object per line. */
function toolsInSystemPrompt(value: string, turn: number): ParsedRecord['tools'] {
  return [...value.matchAll(tagged('tools'))].flatMap((m) => {
    const block = m[1]!.trim();
    try {
      const parsed = JSON.parse(block) as unknown;
      return declaredTools(Array.isArray(parsed) ? parsed : [parsed]);
    } catch {
      return block
        .split('\n')
        .filter((line) => line.trim())
        .flatMap((line) => {
          try {
            return declaredTools([JSON.parse(line)]);
          } catch {
            throw new RecordError(`conversation turn ${turn}: <tools> is not JSON`);
          }
        });
    }
  });
}

/**
 * Hermes function calling (NousResearch): conversations from system/human/gpt/tool; tools listed
 * in the system prompt inside `<tools>…</tools>`; calls as `<tool_call>{"name", "arguments"}</tool_call>`
 * in assistant turns; results as `<tool_response>…</tool_response>` in tool turns, paired in order.
 */
export function fromHermes(record: unknown): ParsedRecord {
  if (!isObject(record) || !Array.isArray(record.conversations)) throw new RecordError('no "conversations" array');
  const turns: Turn[] = [];
  let tools: ParsedRecord['tools'] = [];
  let openCalls: string[] = [];
  record.conversations.forEach((c, i) => {
    if (!isObject(c) || typeof c.from !== 'string' || typeof c.value !== 'string') {
      throw new RecordError(`conversation turn ${i + 1} needs "from" and a string "value"`);
    }
    const role = HERMES_ROLES[c.from];
    if (!role)
      throw new RecordError(
        `conversation turn ${i + 1} is from ${JSON.stringify(c.from)}; expected system, human, gpt or tool`,
      );
    const value = c.value;
    if (role === 'system') {
      tools = [...tools, ...toolsInSystemPrompt(value, i + 1)];
      // The tools are kept as the record's tools; the system turn keeps the rest of the prompt.
      const prompt = value.replace(/<tools>[\s\S]*?<\/tools>/g, '').trim();
      if (prompt) turns.push({ role, content: prompt });
    } else if (role === 'assistant') {
      const calls = [...value.matchAll(tagged('tool_call'))].map((m, j): ToolCall => {
        const raw = m[1]!.trim();
        let call: unknown;
        try {
          call = JSON.parse(raw);
        } catch {
          // Kept as written: the checks report malformed tool-call JSON at this turn.
          return { id: `call_${i}_${j}`, name: '', args: raw };
        }
        if (!isObject(call) || typeof call.name !== 'string')
          throw new RecordError(`conversation turn ${i + 1}: a <tool_call> has no "name"`);
        return { id: `call_${i}_${j}`, name: call.name, args: parseArguments(call.arguments) };
      });
      let text = value.replace(tagged('tool_call'), '').trim();
      // Hermes 3 and Qwen-style models think in a leading <think> block.
      const think = /^<think>([\s\S]*?)<\/think>/.exec(text);
      if (think) text = text.slice(think[0].length).trim();
      openCalls = calls.map((call) => call.id);
      turns.push({
        role,
        ...(think?.[1]?.trim() ? { thought: think[1].trim() } : {}),
        ...(text ? { content: text } : {}),
        ...(calls.length ? { toolCalls: calls } : {}),
      });
    } else if (role === 'tool') {
      const responses = [...value.matchAll(tagged('tool_response'))].map((m) => m[1]!.trim());
      for (const response of responses.length ? responses : [value]) {
        const id = openCalls.shift();
        turns.push({ role: 'tool', content: responseContent(response), ...(id ? { toolCallId: id } : {}) });
      }
    } else turns.push({ role, content: value });
  });
  return { turns, tools };
}

/** AgentGym (e.g. ALFWorld): human/gpt turns; gpt turns read `Thought:\n…\n\nAction:\n…`. */
export function fromAgentGym(record: unknown): ParsedRecord {
  if (!isObject(record) || !Array.isArray(record.conversations)) throw new RecordError('no "conversations" array');
  const turns = record.conversations.map((c, i): Turn => {
    if (!isObject(c) || (c.from !== 'human' && c.from !== 'gpt') || typeof c.value !== 'string') {
      throw new RecordError(`conversation turn ${i + 1} needs "from": human or gpt and a string "value"`);
    }
    if (c.from === 'human') return { role: 'user', content: c.value };
    const match = /^\s*Thought:\s*([\s\S]*?)\s*Action:\s*([\s\S]*)$/.exec(c.value);
    return match
      ? { role: 'assistant', thought: match[1]!, content: match[2]!.trim() }
      : { role: 'assistant', content: c.value };
  });
  return { turns, tools: [] };
}

/** A `<tool_response>` is `{"name": …, "content": …}` by convention; the content is the observation. */
function responseContent(response: string): string {
  try {
    const parsed: unknown = JSON.parse(response);
    if (isObject(parsed) && 'name' in parsed && 'content' in parsed)
      return typeof parsed.content === 'string' ? parsed.content : JSON.stringify(parsed.content);
  } catch {
    // Not JSON: the text is the observation.
  }
  return response;
}

const hermesTurns = (record: Record<string, unknown>) =>
  Array.isArray(record.conversations) &&
  record.conversations.some(
    (t) => isObject(t) && (t.from === 'tool' || (typeof t.value === 'string' && t.value.includes('<tool_call>'))),
  );

export const hermesFormat = defineFormat({
  id: 'hermes',
  label: 'Hermes',
  recognisedBy: '"conversations" with <tool_call> tags',
  versions: 'NousResearch Hermes function calling (tools in <tools>, <tool_call>, <tool_response>)',
  detect: (record) => typeof record.item_id !== 'string' && hermesTurns(record),
  parse: fromHermes,
  turnFields: ['conversations'],
  kept: ['id', 'category', 'subcategory', 'task'],
});

export const agentgymFormat = defineFormat({
  id: 'agentgym',
  label: 'AgentGym',
  recognisedBy: '"conversations" and "item_id"',
  versions: 'AgentGym AgentTraj (human/gpt turns, Thought: … Action: …)',
  detect: (record) => Array.isArray(record.conversations) && typeof record.item_id === 'string',
  parse: (record) => ({ ...fromAgentGym(record), metadata: { task_id: record.item_id } }),
  turnFields: ['conversations', 'item_id'],
});
