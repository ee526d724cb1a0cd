/**
 * ToolBench (OpenBMB/ToolBench, read at d56fdd8, 2025-05-21): the answer file the inference
 * pipeline writes for each query (`toolbench/inference/Downstream_tasks/rapidapi.py`,
 * `run_single_task`: `chain.to_json(answer=True, process=True)` plus `answer_generation.query`),
 * as in `data_example/answer/G*_answer/*.json`. DFS/DFSDT (`Algorithms/DFS.py`) writes
 * `{win, tree, forward_args, compare_candidates, answer_generation}`, CoT (`Algorithms/single_chain.py`)
 * `{win, try_count, trys, compare_candidates, forward_args, answer_generation}`.
 *
 * `answer_generation.train_messages` (`Tree/Tree.py`, `get_train_messages_from_this_node`) is the
 * context of every step of the chain that reached `Finish`, in the OpenAI legacy shape
 * (`function_call`, role `function`); it is absent when no chain finished (`valid_data` false).
 */
import type { Outcome, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { fromOpenAI } from './openai';
import { declaredTools, RecordError, type ParsedRecord } from './records';

/** The fields `to_json` and `run_single_task` write into `answer_generation`. */
const ANSWER_FIELDS = new Set([
  'valid_data',
  'query_count',
  'total_tokens',
  'final_answer',
  'finish_type',
  'function',
  'chain',
  'train_messages',
  'query',
]);

interface SourcedMessage {
  message: unknown;
  /** Where it came from, for the fields not understood. */
  at: string;
}

const isSearchPrompt = (message: unknown) => isObject(message) && message.valid === false;

/**
 * The whole conversation of the finished chain: the last list of `train_messages` (the context of
 * the chain's last step, each list before it the context of a step before). DFSDT's "try
 * something different" prompts are marked `valid: false` once sent and each list keeps only the
 * latest of them, so the earlier lists' prompts are put back where they were sent.
 */
function wholeConversation(lists: unknown[][]): { messages: SourcedMessage[]; searchPrompts: number[] } {
  const at = (k: number, j: number) => `answer_generation.train_messages[${k}][${j}]`;
  // Each prompt by the number of other messages before it: one per step it was sent at.
  const prompts = new Map<number, SourcedMessage>();
  lists.forEach((list, k) => {
    let before = 0;
    list.forEach((message, j) => {
      if (!isSearchPrompt(message)) before += 1;
      else if (!prompts.has(before)) {
        const { valid: _, ...rest } = message as Record<string, unknown>;
        prompts.set(before, { message: rest, at: at(k, j) });
      }
    });
  });
  const messages: SourcedMessage[] = [];
  const searchPrompts: number[] = [];
  const last = lists.length - 1;
  const chain = (lists[last] ?? []).flatMap((message, j) =>
    isSearchPrompt(message) ? [] : [{ message, at: at(last, j) }],
  );
  chain.forEach((message, before) => {
    const prompt = prompts.get(before);
    if (prompt) searchPrompts.push(messages.push(prompt) - 1);
    messages.push(message);
  });
  const trailing = prompts.get(chain.length);
  if (trailing) searchPrompts.push(messages.push(trailing) - 1);
  return { messages, searchPrompts };
}

/** The prompt asks for a thought with each call: text beside a call is that thought. */
function thoughtBesideCall(turn: Turn): Turn {
  if (turn.role !== 'assistant' || !turn.toolCalls?.length || !turn.content) return turn;
  const { content, ...rest } = turn;
  return { ...rest, thought: turn.thought ? `${turn.thought}\n${content}` : content };
}

/** `final_answer` is the `Finish` call's arguments (JSON text, malformed from ToolLLaMA at times). */
function finishOf(finalAnswer: unknown): Record<string, unknown> | null {
  if (typeof finalAnswer !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(finalAnswer);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** rapidapi.py counts a run as answered when `valid_data` and `final_answer` says give_answer. */
function outcomeOf(answer: Record<string, unknown>): Outcome {
  if (answer.valid_data !== true) return { status: 'failure', by: 'toolbench valid_data', value: false };
  const finish = finishOf(answer.final_answer);
  const text = typeof answer.final_answer === 'string' ? answer.final_answer : '';
  const returnType =
    typeof finish?.return_type === 'string'
      ? finish.return_type
      : answer.finish_type === 'give_up'
        ? 'give_up_and_restart'
        : text.includes('give_answer')
          ? 'give_answer'
          : null;
  const answered =
    answer.finish_type !== 'give_up' &&
    returnType === 'give_answer' &&
    (finish ? typeof finish.final_answer === 'string' && finish.final_answer.trim() !== '' : true);
  return { status: answered ? 'success' : 'failure', by: 'toolbench Finish', value: returnType };
}

export function fromToolbench(record: Record<string, unknown>): ParsedRecord {
  const answer = record.answer_generation;
  if (!isObject(answer)) throw new RecordError('"answer_generation" is not an object');
  const ignored = Object.keys(answer)
    .filter((key) => !ANSWER_FIELDS.has(key))
    .map((key) => `answer_generation.${key}`);
  // The writers always leave `chain` empty; anything in it would be a shape not read here.
  if (Array.isArray(answer.chain) && answer.chain.length) ignored.push('answer_generation.chain');
  const query = typeof answer.query === 'string' ? answer.query : undefined;
  const lists = Array.isArray(answer.train_messages) ? answer.train_messages.filter(Array.isArray) : [];
  const { messages, searchPrompts } = wholeConversation(lists);
  let turns: Turn[];
  if (messages.length) {
    const parsed = fromOpenAI({ messages: messages.map((m) => m.message) });
    turns = parsed.turns.map(thoughtBesideCall);
    for (const path of parsed.ignored ?? [])
      ignored.push(path.replace(/^messages\[(\d+)\]/, (_, i: string) => messages[Number(i)]!.at));
  } else if (query) turns = [{ role: 'user', content: query }];
  else throw new RecordError('"answer_generation" has neither "train_messages" nor a "query"');
  const metadata: Record<string, unknown> = { harness: 'toolbench' };
  if (query) metadata.task = query;
  // Without a finished chain `finish_type` is only the writer's default ("give_answer"): left out.
  const read =
    answer.valid_data === true ? ['finish_type', 'query_count', 'total_tokens'] : ['query_count', 'total_tokens'];
  for (const key of read) if (answer[key] !== undefined) metadata[key] = answer[key];
  if (searchPrompts.length) metadata.search_prompt_turns = searchPrompts;
  return {
    turns,
    tools: declaredTools(answer.function),
    ignored,
    outcome: outcomeOf(answer),
    metadata,
    notes: [
      'ToolBench answers hold the one chain of the search that reached Finish as turns; the whole search (tree, compare_candidates) is kept as metadata',
    ],
  };
}

export const toolbenchFormat = defineFormat({
  id: 'toolbench',
  label: 'ToolBench answers',
  recognisedBy: '"answer_generation"',
  versions:
    'OpenBMB/ToolBench d56fdd8: inference answer files (DFS/DFSDT and CoT; ChatGPT function calling, ToolLLaMA)',
  detect: (record) => isObject(record.answer_generation) && 'valid_data' in record.answer_generation,
  parse: fromToolbench,
  turnFields: ['answer_generation'],
  kept: ['win', 'tree', 'forward_args', 'compare_candidates', 'try_count', 'trys'],
});
