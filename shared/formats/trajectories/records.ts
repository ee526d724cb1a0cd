import type { DeclaredTool, Outcome, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';

/** What a format parser makes of one record. */
export interface ParsedRecord {
  turns: Turn[];
  /** Tools the record declares, as OpenAI function definitions. */
  tools: DeclaredTool[];
  /** Fields the parser found but does not understand (a strict import refuses the record). */
  ignored?: string[];
  /** The run's verdict, when the record carries one (a reward, a score, a final status). */
  outcome?: Outcome;
  /**
   * What the parser made of the record besides turns: `harness`, `task_id`, `model`, and
   * anything it read that no turn holds (expected calls, a run's status). The import adds
   * the descriptor's `kept` fields and, leniently, the fields not understood.
   */
  metadata?: TrajectoryMetadata;
  /** Said once per import, not once per record (e.g. "the records declare no tools"). */
  notes?: string[];
}

/** A reason a record cannot be read, phrased for the import report. */
export class RecordError extends Error {}

/** A field that holds JSON, or JSON written as a string (as many Hugging Face sets write `tools`). */
export function jsonField(record: Record<string, unknown>, key: string): unknown {
  const value = record[key];
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new RecordError(`"${key}" is not JSON`);
  }
}

/** Tool-call arguments arrive as a JSON string; malformed ones are kept as the raw string for the checks. */
export function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export function declaredTools(tools: unknown): ParsedRecord['tools'] {
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

/** The turn an assistant's next words or call go on: the last turn if it is the assistant's, else a new one. */
export function openAssistantTurn(turns: Turn[]): Turn {
  const last = turns.at(-1);
  if (last?.role === 'assistant') return last;
  const turn: Turn = { role: 'assistant' };
  turns.push(turn);
  return turn;
}
