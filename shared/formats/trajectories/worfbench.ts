// Read from zjunlp/WorfBench at 38a6455557128dffceae9a08ffd745f04a4a9d03 (2025-02-19): the gold files
// gold_traj/<task>/graph_eval.json (JSON arrays of {source, conversations, target, id, category?})
// and node_eval.py, whose gen_workflow writes the generator output [{query: <gold item>, workflow}].
// The training set (Hugging Face zjunlp/WorFBench_train, worfbench_train.json) was not readable
// here; records of the gold shape are read the same way whatever file they come from.
import type { Outcome, TrajectoryMetadata, Turn } from '../../domain';
import { parseWorkflow } from '../../plans/workflow-text';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { fromOpenAI } from './openai';
import { RecordError, type ParsedRecord } from './records';

/** The fields of a gold item, which the generator output nests whole under `query`. */
const GOLD_FIELDS = ['id', 'source', 'target', 'category'] as const;

const FEW_SHOT_NOTE =
  "WorfBench generator output (node_eval.py) saves the prompt without the few-shot examples that --few_shot sends with it: the turns are the saved system and user messages and the model's workflow.";

/** `{role, content}` turns (ShareGPT's are `{from, value}`). */
const isChat = (turns: unknown): turns is unknown[] =>
  Array.isArray(turns) &&
  turns.length > 0 &&
  turns.every((t) => isObject(t) && typeof t.role === 'string' && !('from' in t));

function lastAssistantText(turns: unknown[]): string | undefined {
  const last = turns.findLast((t) => isObject(t) && t.role === 'assistant');
  return isObject(last) && typeof last.content === 'string' ? last.content : undefined;
}

/** The conversation as OpenAI chat messages, with what they hold unread named where it stands. */
function chatTurns(messages: unknown[], at: string): { turns: Turn[]; ignored: string[] } {
  try {
    const parsed = fromOpenAI({ messages });
    return {
      turns: parsed.turns,
      ignored: (parsed.ignored ?? []).map((path) => path.replace(/^messages\[/, `${at}[`)),
    };
  } catch (error) {
    if (error instanceof RecordError) throw new RecordError(`${at}: ${error.message}`);
    throw error;
  }
}

const idText = (id: unknown) => (typeof id === 'string' || typeof id === 'number' ? String(id) : undefined);

/** A gold (or training) item: system, user and assistant turns, the workflow text the assistant's. */
function fromGold(record: Record<string, unknown>): ParsedRecord {
  if (!isChat(record.conversations)) throw new RecordError('"conversations" is not a list of {role, content} turns');
  const { turns, ignored } = chatTurns(record.conversations, 'conversations');
  const metadata: TrajectoryMetadata = { harness: 'worfbench' };
  const taskId = idText(record.id);
  if (taskId !== undefined) metadata.task_id = taskId;
  const workflow = lastAssistantText(record.conversations);
  // The parsed graph, as the scorer reads it: nodes with START first and END last, edges by index.
  if (workflow !== undefined) metadata.workflow_graph = parseWorkflow(workflow);
  return { turns, tools: [], ignored, metadata };
}

/**
 * node_eval.py's generator output: `{query: <gold item>, workflow: <the model's text>}`. The
 * prompt is the gold item's conversation without its last (gold) assistant turn, the model's
 * workflow the assistant turn after it; the gold workflow is kept as `expected_workflow`. Where
 * the model call failed, localLLM saved `{"error": "…"}` (or the reply had no content, null).
 */
function fromGeneratorOutput(record: Record<string, unknown>): ParsedRecord {
  const query = record.query;
  if (!isObject(query) || !isChat(query.conversations))
    throw new RecordError('"query" is not a WorfBench item with {role, content} "conversations"');
  const conversations = query.conversations;
  const last = conversations.at(-1);
  const goldAtEnd = isObject(last) && last.role === 'assistant';
  const { turns, ignored } = chatTurns(goldAtEnd ? conversations.slice(0, -1) : conversations, 'query.conversations');
  for (const key of Object.keys(query))
    if (key !== 'conversations' && !(GOLD_FIELDS as readonly string[]).includes(key)) ignored.push(`query.${key}`);
  const metadata: TrajectoryMetadata = { harness: 'worfbench' };
  const taskId = idText(query.id);
  if (taskId !== undefined) metadata.task_id = taskId;
  for (const key of GOLD_FIELDS.slice(1)) if (query[key] !== undefined) metadata[key] = query[key];
  if (goldAtEnd && typeof last.content === 'string') metadata.expected_workflow = last.content;
  let outcome: Outcome | undefined;
  const { workflow } = record;
  if (typeof workflow === 'string') {
    turns.push({ role: 'assistant', content: workflow });
    metadata.workflow_graph = parseWorkflow(workflow);
  } else if (workflow === null) {
    outcome = { status: 'failure', by: 'WorfBench generation: no workflow', value: null };
  } else if (isObject(workflow) && 'error' in workflow) {
    const error = workflow.error;
    outcome = {
      status: 'failure',
      by: 'WorfBench generation error',
      value: typeof error === 'string' || typeof error === 'number' ? error : JSON.stringify(error),
    };
  } else throw new RecordError('"workflow" is neither the generated text nor {"error": …}');
  return { turns, tools: [], ignored, metadata, notes: [FEW_SHOT_NOTE], ...(outcome ? { outcome } : {}) };
}

const isGeneratorOutput = (record: Record<string, unknown>) =>
  'workflow' in record && isObject(record.query) && isChat(record.query.conversations);

/** A gold item is known by its graph target or by an assistant answer in the workflow text form. */
const isGold = (record: Record<string, unknown>) =>
  isChat(record.conversations) &&
  (record.target === 'graph' || /^\s*Node\s*:/.test(lastAssistantText(record.conversations) ?? ''));

export const worfbenchFormat = defineFormat({
  id: 'worfbench',
  label: 'WorfBench workflows',
  recognisedBy: '"conversations" with role/content turns and a "Node: … Edge: …" answer, or "query" and "workflow"',
  versions:
    'WorfBench (zjunlp/WorfBench 38a6455): gold_traj/*/graph_eval.json items and node_eval.py generator output {query, workflow}',
  detect: (record) => isGeneratorOutput(record) || isGold(record),
  parse: (record) => (isGeneratorOutput(record) ? fromGeneratorOutput(record) : fromGold(record)),
  turnFields: ['conversations', 'query', 'workflow'],
  kept: [...GOLD_FIELDS],
});
