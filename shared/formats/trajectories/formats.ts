import type { TrajectoryFormat } from '../../contract/trajectories';
import type { ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { declaredTools, parseArguments, RecordError, type ParsedRecord } from './records';

export { RecordError, type ParsedRecord };
import { fromAgentGym, fromHermes } from './agent';

export type { TrajectoryFormat };

/** Guesses the format from one record's keys and speakers. */
export function detectFormat(record: unknown): TrajectoryFormat | null {
  if (!isObject(record)) return null;
  if (Array.isArray(record.messages)) return 'openai';
  if (!Array.isArray(record.conversations)) return null;
  if (typeof record.item_id === 'string') return 'agentgym';
  const turns = record.conversations.filter(isObject);
  const hermes = turns.some(
    (t) => t.from === 'tool' || (typeof t.value === 'string' && t.value.includes('<tool_call>')),
  );
  return hermes ? 'hermes' : 'sharegpt';
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
  }
  return undefined;
}

/** OpenAI chat JSONL: `{messages: [...], tools?: [...]}`; `arguments` is a JSON string. */
export function fromOpenAI(record: unknown): ParsedRecord {
  if (!isObject(record) || !Array.isArray(record.messages)) throw new RecordError('no "messages" array');
  const turns = record.messages.map((m, i): Turn => {
    if (!isObject(m)) throw new RecordError(`message ${i + 1} is not an object`);
    const role = m.role;
    if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool') {
      throw new RecordError(
        `message ${i + 1} has role ${JSON.stringify(role)}; expected system, user, assistant or tool`,
      );
    }
    const turn: Turn = { role };
    const content = textOf(m.content);
    if (content !== undefined) turn.content = content;
    // Reasoning models' logs (and Trellis's own export) carry the thought beside the content.
    if (typeof m.reasoning_content === 'string' && m.reasoning_content) turn.thought = m.reasoning_content;
    if (Array.isArray(m.tool_calls)) {
      turn.toolCalls = m.tool_calls.map((c, j): ToolCall => {
        const fn = isObject(c) && isObject(c.function) ? c.function : null;
        if (!fn || typeof fn.name !== 'string')
          throw new RecordError(`message ${i + 1}, tool call ${j + 1} has no function name`);
        return {
          id: isObject(c) && typeof c.id === 'string' ? c.id : `call_${i}_${j}`,
          name: fn.name,
          args: parseArguments(fn.arguments),
        };
      });
    }
    if (typeof m.tool_call_id === 'string') turn.toolCallId = m.tool_call_id;
    return turn;
  });
  if (!turns.length) throw new RecordError('"messages" is empty');
  return { turns, tools: declaredTools(record.tools) };
}

const SHAREGPT_ROLES: Record<string, Turn['role']> = {
  human: 'user',
  gpt: 'assistant',
  system: 'system',
  function_call: 'assistant',
  observation: 'tool',
};

/** LLaMA-Factory ShareGPT: `{conversations: [{from, value}], system?, tools?: "<JSON string>"}`. */
export function fromShareGPT(record: unknown): ParsedRecord {
  if (!isObject(record) || !Array.isArray(record.conversations)) throw new RecordError('no "conversations" array');
  const turns: Turn[] = [];
  if (typeof record.system === 'string' && record.system) turns.push({ role: 'system', content: record.system });
  let openCalls: string[] = [];
  record.conversations.forEach((c, i) => {
    if (!isObject(c) || typeof c.from !== 'string' || typeof c.value !== 'string') {
      throw new RecordError(`conversation turn ${i + 1} needs "from" and a string "value"`);
    }
    const role = SHAREGPT_ROLES[c.from];
    if (!role)
      throw new RecordError(
        `conversation turn ${i + 1} is from ${JSON.stringify(c.from)}; expected human, gpt, function_call, observation or system`,
      );
    if (c.from === 'function_call') {
      let value: unknown;
      try {
        value = JSON.parse(c.value);
      } catch {
        throw new RecordError(`conversation turn ${i + 1}: function_call value is not JSON`);
      }
      const calls = (Array.isArray(value) ? value : [value]).map((call, j): ToolCall => {
        if (!isObject(call) || typeof call.name !== 'string')
          throw new RecordError(`conversation turn ${i + 1}: a function call has no "name"`);
        return { id: `call_${i}_${j}`, name: call.name, args: parseArguments(call.arguments) };
      });
      openCalls = calls.map((call) => call.id);
      turns.push({ role: 'assistant', toolCalls: calls });
    } else if (c.from === 'observation') {
      const id = openCalls.shift();
      turns.push({ role: 'tool', content: c.value, ...(id ? { toolCallId: id } : {}) });
    } else {
      turns.push({ role, content: c.value });
    }
  });
  let tools: ParsedRecord['tools'] = [];
  if (typeof record.tools === 'string' && record.tools.trim()) {
    try {
      tools = declaredTools(JSON.parse(record.tools));
    } catch {
      throw new RecordError('"tools" is not a JSON string of tool definitions');
    }
  }
  return { turns, tools };
}

export const PARSERS: Record<TrajectoryFormat, (record: unknown) => ParsedRecord> = {
  openai: fromOpenAI,
  sharegpt: fromShareGPT,
  hermes: fromHermes,
  agentgym: fromAgentGym,
};
