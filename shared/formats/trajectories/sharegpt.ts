import { Outcome, type ToolCall, type Turn } from '../../domain';
import { isObject } from '../../json';
import { SHAREGPT_RESULT_SEPARATOR, splitThought } from '../export-records';
import { defineFormat } from './descriptor';
import { toolsValue } from './openai';
import { declaredTools, jsonField, parseArguments, RecordError, type ParsedRecord } from './records';
import { importedMedia, MEDIA_COLUMNS } from '../media';
import { declaredToolsOf, turnsFromMessages } from '../messages';

const SHAREGPT_ROLES: Record<string, Turn['role']> = {
  human: 'user',
  gpt: 'assistant',
  system: 'system',
  function_call: 'assistant',
  observation: 'tool',
};

/**
 * LLaMA-Factory ShareGPT: `{conversations: [{from, value}], system?, tools?: "<JSON string>"}`, with
 * its media columns (`images`, `videos`, `audios`) kept as metadata.
 */
export function fromShareGPT(record: unknown): ParsedRecord {
  if (!isObject(record) || !Array.isArray(record.conversations)) throw new RecordError('no "conversations" array');
  const turns: Turn[] = [];
  if (typeof record.system === 'string' && record.system) turns.push({ role: 'system', content: record.system });
  // `conversations` of chat messages ({role, content}: LLaMA-Factory's role_tag/content_tag form,
  // and many agent datasets): the message layer reads them, calls and results paired.
  if (record.conversations.some((c) => isObject(c) && 'role' in c && !('from' in c))) {
    const read = turnsFromMessages(record.conversations, { at: 'conversations' });
    if (!read.turns.some((t) => t.role !== 'system'))
      throw new RecordError('"conversations" holds no user, assistant or tool message Trellis reads');
    return {
      turns: [...turns, ...read.turns],
      tools: declaredToolsOf(toolsValue(record.tools)),
      ignored: read.ignored,
      ...(read.notes.length ? { notes: read.notes } : {}),
      ...runRecordOf(record),
    };
  }
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
    // A model turn's leading <think>…</think> is its thought, as LLaMA-Factory's reasoning templates write it.
    const { thought, rest } =
      c.from === 'gpt' || c.from === 'function_call' ? splitThought(c.value) : { rest: c.value };
    if (c.from === 'function_call') {
      let value: unknown;
      try {
        value = JSON.parse(rest);
      } catch {
        throw new RecordError(`conversation turn ${i + 1}: function_call value is not JSON`);
      }
      const calls = (Array.isArray(value) ? value : [value]).map((call, j): ToolCall => {
        if (!isObject(call) || typeof call.name !== 'string')
          throw new RecordError(`conversation turn ${i + 1}: a function call has no "name"`);
        return { id: `call_${i}_${j}`, name: call.name, args: parseArguments(call.arguments) };
      });
      openCalls = calls.map((call) => call.id);
      turns.push({ role: 'assistant', ...(thought ? { thought } : {}), toolCalls: calls });
    } else if (c.from === 'observation') {
      // Results of parallel calls arrive as one observation, joined as LLaMA-Factory joins them.
      const parts = c.value.split(SHAREGPT_RESULT_SEPARATOR);
      for (const result of parts.length > 1 && parts.length === openCalls.length ? parts : [c.value]) {
        const id = openCalls.shift();
        turns.push({ role: 'tool', content: result, ...(id ? { toolCallId: id } : {}) });
      }
    } else {
      turns.push({ role, ...(thought ? { thought } : {}), content: rest });
    }
  });
  const run = runRecordOf(record);
  const media = importedMedia(record, turns);
  return {
    turns,
    tools: declaredTools(toolsValue(record.tools)),
    ignored: [],
    ...run,
    ...(media.metadata ? { metadata: { ...run.metadata, ...media.metadata } } : {}),
    ...(media.notes ? { notes: media.notes } : {}),
  };
}

/** The outcome and metadata a ShareGPT record carries as JSON text (as Trellis's export writes them). */
function runRecordOf(record: Record<string, unknown>): Pick<ParsedRecord, 'outcome' | 'metadata'> {
  // An empty column (a Parquet or Arrow row without them) is no value.
  const json = (key: string): unknown =>
    record[key] === null || record[key] === '' ? undefined : jsonField(record, key);
  const outcome = json('outcome');
  const metadata = json('metadata');
  if (outcome !== undefined && !Outcome.safeParse(outcome).success)
    throw new RecordError('"outcome" is not {status: success | failure | unknown, by, value}');
  if (metadata !== undefined && !isObject(metadata)) throw new RecordError('"metadata" is not a JSON object');
  return {
    ...(outcome !== undefined ? { outcome: outcome as Outcome } : {}),
    ...(metadata !== undefined ? { metadata } : {}),
  };
}

/** Hermes and AgentGym records have `conversations` too: ShareGPT is what is left. */
export const sharegptFormat = defineFormat({
  id: 'sharegpt',
  label: 'ShareGPT',
  recognisedBy: '"conversations" with from/value turns (or role/content messages)',
  versions:
    'LLaMA-Factory ShareGPT, its tool-use form (function_call / observation turns), <think> thoughts and media columns (images, videos, audios); conversations of role/content chat messages (its role_tag/content_tag form, agent datasets)',
  detect: (record) => Array.isArray(record.conversations),
  parse: fromShareGPT,
  turnFields: ['conversations', 'system', 'tools', 'outcome', 'metadata', ...MEDIA_COLUMNS],
  kept: ['id'],
});
