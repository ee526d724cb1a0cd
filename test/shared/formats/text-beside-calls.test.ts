import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/formats/export-formats';
import { detectFormat, parseRecord } from '../../../shared/formats/trajectories/registry';
import type { Turn } from '../../../shared/domain';

/**
 * An on-call agent that says what it does as it calls tools (OpenAI chat records, and LiteLLM
 * gateway logs of an Anthropic model that wrote text with four of its five calls, and a text
 * block before each of two parallel calls): every word the assistant said beside a call is in
 * every export, and comes back when the export is read.
 */
const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'text-beside-calls');
const records = (file: string): unknown[] =>
  fs
    .readFileSync(path.join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);

const imported = (file: string) =>
  records(file).map((record) => {
    const format = detectFormat(record)!;
    return { format, ...parseRecord(format, record) };
  });

/**
 * Call ids are the format's business (ShareGPT and Hermes have none): compare what a call says.
 * Token counts are no turn's words (no format here carries them), and Hermes writes a result's
 * JSON as a value in its `<tool_response>`: results are compared as JSON values. ShareGPT and
 * Hermes pair results with calls by position, so results come back in the order of their calls.
 */
const comparable = (turns: Turn[]) =>
  inCallOrder(turns).map(({ toolCallId, toolCalls, tokens: _tokens, ...rest }) => ({
    ...rest,
    ...(rest.role === 'tool' && rest.content !== undefined ? { content: valueOf(rest.content) } : {}),
    answers:
      toolCallId === undefined
        ? undefined
        : turns.flatMap((t) => t.toolCalls ?? []).findIndex((c) => c.id === toolCallId),
    ...(toolCalls ? { toolCalls: toolCalls.map(({ name, args }) => ({ name, args })) } : {}),
  }));

const roundTrip = (
  format: ExportFormat,
  turns: Turn[],
  tools: Parameters<typeof EXPORT_FORMATS.openai.toRecord>[0]['tools'],
) => {
  // OpenAI keeps a thought only as asked (its schema has no field); ShareGPT and Hermes inline it.
  const written = EXPORT_FORMATS[format].toRecord({
    id: 'r',
    turns,
    tools,
    reasoning: format === 'openai' ? 'field' : undefined,
  });
  return { written, again: parseRecord(detectFormat(written)!, written) };
};

const besideCalls = (turns: Turn[]) => turns.filter((t) => t.content && t.toolCalls?.length);

describe('the fixtures hold what they are meant to', () => {
  it('text beside calls: two single calls, two in parallel, a thought, four of five LiteLLM calls, text with each of two', () => {
    const sre = imported('sre-oncall.jsonl');
    expect(sre.map((r) => besideCalls(r.turns).length)).toEqual([2, 1, 1]);
    expect(besideCalls(sre[1]!.turns)[0]!.toolCalls).toHaveLength(2);
    expect(besideCalls(sre[2]!.turns)[0]!.thought).toBe('Healthy means under 1% of 5xx.');
    const [session, parallel] = imported('litellm-gateway.jsonl');
    expect([session!.format, parallel!.format]).toEqual(['litellm', 'litellm']);
    const calling = session!.turns.filter((t) => t.toolCalls?.length);
    expect([calling.length, besideCalls(session!.turns).length]).toEqual([5, 4]);
    // An Anthropic message with a text block before each of its two tool_use blocks: one turn.
    const [both] = besideCalls(parallel!.turns);
    expect(both!.toolCalls).toHaveLength(2);
    // The text after the first call is a paragraph of its own, not run into the one before it.
    expect(both!.content).toBe('Payments first.\n\nThen ledger, in the same breath.');
  });
});

describe.each(['sre-oncall.jsonl', 'litellm-gateway.jsonl'])('%s exported and read back', (file) => {
  it.each(['openai', 'hermes'] as const)('%s keeps every turn as it was, text beside calls included', (format) => {
    for (const first of imported(file)) {
      const { again } = roundTrip(format, first.turns, first.tools);
      expect(comparable(again.turns)).toEqual(comparable(first.turns));
    }
  });

  it('ShareGPT keeps every turn, the text beside a call in the call turn`s thought as LLaMA-Factory reads it', () => {
    for (const first of imported(file)) {
      const { written, again } = roundTrip('sharegpt', first.turns, first.tools);
      const conversations = (written as { conversations: { from: string; value: string }[] }).conversations;
      // LLaMA-Factory's converter wants human/observation and gpt/function_call turns in turn:
      // the text cannot be a gpt turn of its own before the function_call.
      const even = conversations.filter((c) => c.from !== 'system').filter((_, i) => i % 2 === 1);
      expect(even.every((c) => c.from === 'gpt' || c.from === 'function_call')).toBe(true);
      // Its FunctionFormatter reads one leading thought block, then the calls' JSON.
      for (const c of conversations.filter((c) => c.from === 'function_call')) {
        const rest = c.value.replace(/^<think>\n[\s\S]*?\n<\/think>\n\n/, '');
        expect(() => JSON.parse(rest) as unknown).not.toThrow();
      }
      const expected = first.turns.map((t) =>
        t.role === 'assistant' && t.content && t.toolCalls?.length
          ? { ...withoutContent(t), thought: [t.thought, t.content].filter(Boolean).join('\n\n') }
          : t,
      );
      expect(comparable(again.turns)).toEqual(comparable(expected));
    }
  });
});

describe('what each format writes beside a call', () => {
  const [first] = imported('sre-oncall.jsonl');
  const said = "Checking checkout's error rate over the last 15 minutes before touching the deploy.";

  it('OpenAI: the content beside tool_calls', () => {
    const { messages } = EXPORT_FORMATS.openai.toRecord({ id: 'r', turns: first!.turns, tools: [] }) as {
      messages: { content?: string; tool_calls?: unknown[] }[];
    };
    expect(messages.find((m) => m.tool_calls)).toMatchObject({ content: said });
  });

  it('Hermes: the text before <tool_call> in the same gpt turn', () => {
    const { conversations } = EXPORT_FORMATS.hermes.toRecord({ id: 'r', turns: first!.turns, tools: [] }) as {
      conversations: { from: string; value: string }[];
    };
    expect(conversations.find((c) => c.value.includes('<tool_call>'))!.value).toMatch(
      new RegExp(`^${said.replace(/[.?]/g, '\\$&')}\n<tool_call>\n`),
    );
  });

  it('ShareGPT: the text in the function_call turn`s thought block, after the thought when there is one', () => {
    const { conversations } = EXPORT_FORMATS.sharegpt.toRecord({ id: 'r', turns: first!.turns, tools: [] }) as {
      conversations: { from: string; value: string }[];
    };
    expect(conversations.find((c) => c.from === 'function_call')!.value).toBe(
      `<think>\n${said}\n</think>\n\n{"name":"get_error_rate","arguments":{"service":"checkout","window_minutes":15}}`,
    );
    const [, , thinking] = imported('sre-oncall.jsonl');
    const record = EXPORT_FORMATS.sharegpt.toRecord({ id: 'r', turns: thinking!.turns, tools: [] }) as {
      conversations: { from: string; value: string }[];
    };
    expect(record.conversations.find((c) => c.from === 'function_call')!.value).toMatch(
      /^<think>\nHealthy means under 1% of 5xx\.\n\nLet me look at search's last hour\.\n<\/think>\n\n\{/,
    );
    // Dropping thoughts drops the thought, never the words said beside the call.
    const dropped = EXPORT_FORMATS.sharegpt.toRecord({
      id: 'r',
      turns: thinking!.turns,
      tools: [],
      reasoning: 'drop',
    }) as {
      conversations: { from: string; value: string }[];
    };
    expect(dropped.conversations.find((c) => c.from === 'function_call')!.value).toMatch(
      /^<think>\nLet me look at search's last hour\.\n<\/think>\n\n\{/,
    );
  });
});

function withoutContent(t: Turn): Turn {
  const { content: _content, ...rest } = t;
  return rest;
}

function valueOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Each run of tool results in the order of the calls they answer (paired by id). */
function inCallOrder(turns: Turn[]): Turn[] {
  const calls = turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id);
  const rank = (t: Turn) => calls.indexOf(t.toolCallId ?? '');
  const out: Turn[] = [];
  for (const t of turns) {
    let at = out.length;
    while (t.role === 'tool' && at > 0 && out[at - 1]!.role === 'tool' && rank(out[at - 1]!) > rank(t)) at--;
    out.splice(at, 0, t);
  }
  return out;
}
