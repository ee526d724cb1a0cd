import type { Tool, ToolCall, Turn } from '../../../shared/domain';

export type TrajectoryFormat = 'openai' | 'sharegpt';

export interface ParsedRecord {
  turns: Turn[];
  /** Tools the record declares, as OpenAI function definitions. */
  tools: Pick<Tool, 'name' | 'description' | 'parameters'>[];
}

/** A reason a record cannot be read, phrased for the import report. */
export class RecordError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Guesses the format from one record's keys. */
export function detectFormat(record: unknown): TrajectoryFormat | null {
  if (isObject(record) && Array.isArray(record.messages)) return 'openai';
  if (isObject(record) && Array.isArray(record.conversations)) return 'sharegpt';
  return null;
}

/** Tool-call arguments arrive as a JSON string; malformed ones are kept as the raw string for the checks. */
function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('');
  }
  return undefined;
}

function declaredTools(tools: unknown): ParsedRecord['tools'] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((t) => {
    const fn = isObject(t) && isObject(t.function) ? t.function : t;
    return isObject(fn) && typeof fn.name === 'string'
      ? [
          {
            name: fn.name,
            description: String(fn.description ?? ''),
            parameters: isObject(fn.parameters) ? fn.parameters : {},
          },
        ]
      : [];
  });
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
};
