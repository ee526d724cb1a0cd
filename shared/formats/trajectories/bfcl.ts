// Read from ShishirPatil/gorilla at 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8 (2026-03-23), BFCL v4:
// berkeley-function-call-leaderboard/bfcl_eval/data/BFCL_v4_*.json (question entries, JSON Lines),
// possible_answer/BFCL_v4_*.json, multi_turn_func_doc/*.json, memory_prereq_conversation/*.json,
// and bfcl_eval/utils.py (extract_test_category_from_id, populate_test_cases_with_predefined_functions).
import type { DeclaredTool, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { pythonTypesAsJsonSchema } from '../tools/bfcl';
import { defineFormat } from './descriptor';
import { fromOpenAI } from './openai';
import { declaredTools, RecordError, type ParsedRecord } from './records';

/** Function doc fields read into a tool; `response` (multi-turn docs' return schema) is kept as metadata. */
const FUNCTION_FIELDS = new Set(['name', 'description', 'parameters', 'response']);

/** What a possible-answer line holds (web search answers add `source` and `num_hops`). */
const ANSWER_FIELDS = new Set(['id', 'ground_truth', 'source', 'num_hops']);

const NO_ANSWERS_NOTE =
  'BFCL question entries hold the prompts only, no model answers: the trajectories end with the question and have no outcome.';
const NO_FUNCTIONS_NOTE =
  'BFCL multi-turn and agentic entries name their tools by class (involved_classes) and carry no function docs (the leaderboard adds them from bfcl_eval/data/multi_turn_func_doc/): their tools are unknown.';

/** The test category from a BFCL id: `simple_python_0` → `simple_python`, `live_simple_3-1-0` → `live_simple`. */
export function bfclCategory(id: string): string {
  return /^(.+?)_\d+(?:-\d+)*$/.exec(id)?.[1] ?? id;
}

/**
 * The test category as the leaderboard reads it from an id: `live_simple_0-0-0` → `live_simple`.
 * Ids that `bfclCategory` does not know (`memory_0-customer-0`, a format-sensitivity id
 * `format_sensitivity_0:prompt_format:live_simple_23-5-1`) are cut as utils.py cuts them: before
 * the first colon, then before the last underscore.
 */
export function bfclCategoryOf(id: string): string {
  const plain = id.split(':')[0]!;
  const category = bfclCategory(plain);
  if (category !== plain) return category;
  const cut = plain.lastIndexOf('_');
  return cut > 0 ? plain.slice(0, cut) : plain;
}

/** Web search and memory entries expect an answer text, not calls. */
const isAgentic = (category: string) => category.includes('web_search') || category.includes('memory');

const isQuestion = (question: unknown): question is unknown[][] =>
  Array.isArray(question) && question.length > 0 && question.every(Array.isArray);

const isPossibleAnswer = (record: Record<string, unknown>) =>
  Array.isArray(record.ground_truth) && Object.keys(record).every((key) => ANSWER_FIELDS.has(key));

/** Each inner list of `question` is one user turn: its messages, in order, as OpenAI chat messages. */
function questionTurns(question: unknown[][]): { turns: Turn[]; ignored: string[] } {
  const turns: Turn[] = [];
  const ignored: string[] = [];
  question.forEach((group, g) => {
    // An empty turn is one where the user says nothing (miss_func: the withheld function arrives).
    if (!group.length) return;
    try {
      const parsed = fromOpenAI({ messages: group });
      turns.push(...parsed.turns);
      ignored.push(...(parsed.ignored ?? []).map((path) => path.replace(/^messages\[/, `question[${g}][`)));
    } catch (error) {
      if (error instanceof RecordError) throw new RecordError(`question turn ${g + 1}: ${error.message}`);
      throw error;
    }
  });
  if (!turns.length) throw new RecordError('"question" holds no messages');
  return { turns, ignored };
}

/** The entry's functions as tools, with BFCL's Python-flavoured types read as JSON Schema. */
function functionTools(functions: unknown): {
  tools: DeclaredTool[];
  responses: Record<string, unknown>;
  ignored: string[];
} {
  const ignored: string[] = [];
  const responses: Record<string, unknown> = {};
  if (functions !== undefined && !Array.isArray(functions)) throw new RecordError('"function" is not a list');
  (functions ?? []).forEach((fn, i) => {
    if (!isObject(fn) || typeof fn.name !== 'string') throw new RecordError(`function ${i + 1} has no "name"`);
    if (fn.response !== undefined) responses[fn.name] = fn.response;
    for (const key of Object.keys(fn)) if (!FUNCTION_FIELDS.has(key)) ignored.push(`function[${i}].${key}`);
  });
  const tools = declaredTools(functions).map((t) => ({ ...t, parameters: pythonTypesAsJsonSchema(t.parameters) }));
  return { tools, responses, ignored };
}

/**
 * A BFCL test entry: `question` (a list of user turns, each a list of `{role, content}`) and
 * `function` (the tools; absent from multi-turn and agentic entries). A `ground_truth` merged in
 * from the possible answers is kept as `expected_calls` (`expected_answer` for web search and
 * memory, whose answers are texts). A possible-answer line alone holds no question and is refused.
 */
export function fromBfcl(record: Record<string, unknown>): ParsedRecord {
  const id = typeof record.id === 'string' ? record.id : undefined;
  if (!isQuestion(record.question)) {
    if (isPossibleAnswer(record))
      throw new RecordError(
        `${id ?? 'this line'} is a BFCL possible answer, which holds no question: import the question file (bfcl_eval/data/BFCL_v4_<category>.json); "trellis eval bfcl --answers" reads the answers`,
      );
    throw new RecordError('"question" is not a list of turns, each a list of messages');
  }
  const { turns, ignored } = questionTurns(record.question);
  const functions = functionTools(record.function);
  const category = id === undefined ? undefined : bfclCategoryOf(id);
  const metadata: TrajectoryMetadata = { harness: 'bfcl' };
  if (id !== undefined) metadata.task_id = id;
  if (category !== undefined) metadata.category = category;
  // Turn boundaries are not in the turns: how many messages each user turn had (0: a silent turn).
  if (record.question.length > 1) metadata.messages_per_turn = record.question.map((group) => group.length);
  if (Object.keys(functions.responses).length) metadata.function_responses = functions.responses;
  if (record.ground_truth !== undefined)
    metadata[category !== undefined && isAgentic(category) ? 'expected_answer' : 'expected_calls'] =
      record.ground_truth;
  const notes = [NO_ANSWERS_NOTE];
  if (record.function === undefined) notes.push(NO_FUNCTIONS_NOTE);
  return { turns, tools: functions.tools, ignored: [...ignored, ...functions.ignored], metadata, notes };
}

export const bfclFormat = defineFormat({
  id: 'bfcl',
  label: 'BFCL test entries',
  recognisedBy: '"id" and "question" as a list of turns of messages',
  versions:
    'BFCL v4 (gorilla 6ea5797): bfcl_eval/data question entries (single-turn, live, multi-turn, memory, web search) and possible answers merged in',
  detect: (record) => typeof record.id === 'string' && (isQuestion(record.question) || isPossibleAnswer(record)),
  parse: fromBfcl,
  turnFields: ['question', 'function', 'ground_truth'],
  kept: [
    'id',
    'initial_config',
    'path',
    'involved_classes',
    'excluded_function',
    'missed_function',
    'scenario',
    'topic',
    'source',
    'num_hops',
  ],
});
