import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import { readRecords } from './files';

/** One predicted workflow and how it is paired with a gold item. */
export interface WorkflowPrediction {
  /** The gold id it names: `id` in Trellis's own form, `query.id` in WorfBench's generator output. */
  id?: string;
  /** Null when the record holds no text (a failed generation: `"workflow": null`). */
  text: string | null;
  /** Where it came from, for messages: `file item 3` or `file:3`. */
  where: string;
}

/**
 * Predictions paired with the gold file by `id` (Trellis's own `{id, workflow}`), or by
 * position (WorfBench's generator output, whose pairing its evaluator makes by position; and
 * records that carry no id).
 */
export type WorkflowPredictions =
  { pairing: 'id'; byId: Map<string, WorkflowPrediction> } | { pairing: 'position'; items: WorkflowPrediction[] };

const TEXT_FIELDS = ['workflow', 'prediction', 'pred', 'output', 'text', 'response'];

type Read = WorkflowPrediction & { pairing: 'id' | 'position' };

const idOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The text of the last assistant (or ShareGPT `gpt`) turn of a conversation. */
function lastAnswer(conversations: unknown[]): string | undefined {
  const last = [...conversations]
    .reverse()
    .find((t) => isObject(t) && ['assistant', 'gpt'].includes(String(t.role ?? t.from)));
  const text = isObject(last) ? (last.content ?? last.value) : undefined;
  return typeof text === 'string' ? text : undefined;
}

function readPrediction(record: unknown, where: string): Read {
  if (typeof record === 'string') return { pairing: 'position', text: record, where };
  if (!isObject(record)) throw new TrellisError('E4004', `${where}: expected an object or a string.`);
  const queryId = isObject(record.query) ? idOf(record.query.id) : undefined;
  // WorfBench's node_eval.py writes `{"query": <gold item>, "workflow": <text>}` into a JSON array.
  if ('query' in record && 'workflow' in record) {
    const text = typeof record.workflow === 'string' ? record.workflow : null;
    return { pairing: 'position', id: queryId, text, where };
  }
  // Its .jsonl form: a chat completion under `answer`, the text at answer.choices[0].message.content.
  if (isObject(record.answer)) {
    const choice: unknown = Array.isArray(record.answer.choices) ? record.answer.choices[0] : undefined;
    const content = isObject(choice) && isObject(choice.message) ? choice.message.content : undefined;
    return { pairing: 'position', id: queryId, text: typeof content === 'string' ? content : null, where };
  }
  const id = idOf(record.id);
  const pairing = id === undefined ? 'position' : 'id';
  const fromTurns = Array.isArray(record.conversations) ? lastAnswer(record.conversations) : undefined;
  if (fromTurns !== undefined) return { pairing, id, text: fromTurns, where };
  const field = TEXT_FIELDS.find((f) => typeof record[f] === 'string');
  if (field) return { pairing, id, text: record[field] as string, where };
  throw new TrellisError(
    'E4004',
    `${where}: no workflow text (WorfBench's {"query", "workflow"} or answer.choices[0].message.content, an assistant turn in "conversations", or one of ${TEXT_FIELDS.join(', ')}).`,
  );
}

/**
 * Predicted workflows from a JSON array or JSON Lines file in any of the shapes models and
 * tools write: WorfBench's generator output (`{query, workflow}` in an array, or lines with
 * `answer.choices[0].message.content`), Trellis's own `{id, workflow}` (or `prediction`,
 * `output`, a `conversations` list), or bare strings.
 */
export function readWorkflowPredictions(file: string): WorkflowPredictions {
  const read = readRecords(file).map(({ record, where }) => readPrediction(record, where));
  const byPosition = read.filter((r) => r.pairing === 'position');
  if (byPosition.length && byPosition.length < read.length) {
    const first = byPosition[0]!;
    throw new TrellisError(
      'E4004',
      `${file} mixes predictions paired by "id" with others paired by position (the first: ${first.where}). Give every record an "id", or write the file in one of WorfBench's generator shapes.`,
    );
  }
  const strip = ({ pairing: _, ...prediction }: Read): WorkflowPrediction => prediction;
  if (byPosition.length) return { pairing: 'position', items: read.map(strip) };
  return { pairing: 'id', byId: new Map(read.map((r) => [r.id!, strip(r)])) };
}

/**
 * Gold workflow texts in file order: WorfBench's gold form (`{id, conversations: [system, user,
 * assistant]}`, the last assistant/gpt turn), objects with a `workflow`-like field, or bare
 * strings; an item without an id is known by its position.
 */
export function readWorkflowTexts(file: string): { id: string; text: string }[] {
  return readRecords(file).map(({ record, where }, i) => {
    const { id, text } = readPrediction(record, where);
    if (text === null) throw new TrellisError('E4004', `${where}: no workflow text.`);
    return { id: id ?? String(i), text };
  });
}
