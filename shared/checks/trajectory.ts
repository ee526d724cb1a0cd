import { isObject } from '../json';
import type { ToolCall, ToolGraph, Turn } from '../domain';
import { listOfElementPath } from '../graph/field-paths';
import { dependencyEdges } from '../graph/topology';
import { answeredWithError } from '../runs/results';
import { SaidSoFar, trajectoryDay } from './grounding';
import { codesOf, problemMaker, type CodeRegistry, type Problem, type TurnWhere } from '../domain/problem';

/** What the trajectory checks find, each code with its severity. */
export const TRAJECTORY_CODES = {
  'unpaired-result': { severity: 'error', description: 'A tool result answers no earlier call.' },
  'tool-error': { severity: 'warning', description: 'The tool answered with an error (a call not to train on).' },
  'malformed-call': { severity: 'error', description: 'A tool call is not valid JSON or has no name.' },
  'unknown-tool': { severity: 'error', description: 'A call names a tool the graph (or the record) does not have.' },
  'tool-conflict': {
    severity: 'warning',
    description: "The record declares a tool its graph defines otherwise (the call is checked against the record's).",
  },
  'schema-violation': { severity: 'error', description: "A call's arguments break its tool's parameter schema." },
  'invented-value': {
    severity: 'error',
    description: 'An argument a dependency edge fills is not in the result it should come from.',
  },
  'dependency-order': {
    severity: 'error',
    description: 'An argument comes from a tool that was not called before, and nothing before gave its value.',
  },
  'ungrounded-value': {
    severity: 'warning',
    description: "A value appears neither in the user's words nor in an earlier result.",
    heuristic: true,
  },
  'repeated-call': { severity: 'warning', description: 'A tool is called again with the same arguments.' },
  'unanswered-call': { severity: 'warning', description: 'A tool call got no result (but a last turn of calls).' },
  'no-final-answer': {
    severity: 'error',
    description: 'The trajectory ends on a user or tool turn, or an empty assistant turn.',
  },
} as const satisfies CodeRegistry<string>;
export type TrajectoryCode = keyof typeof TRAJECTORY_CODES;
export const TRAJECTORY_CODE_LIST = codesOf(TRAJECTORY_CODES);

/** What a finding's code means, in one line; undefined for a code this Trellis does not check (an older one, stored). */
export const findingCodeDescription = (code: string): string | undefined =>
  Object.hasOwn(TRAJECTORY_CODES, code) ? TRAJECTORY_CODES[code as TrajectoryCode].description : undefined;

/** A trajectory check's finding: on a turn, at a JSON path inside it. */
export type TrajectoryFinding = Problem<TrajectoryCode, TurnWhere>;

/** Validates arguments against a tool's parameter schema; supplied by the side that has ajv. */
export type ArgumentValidator = (tool: string, args: unknown) => { path: string; message: string }[];

export interface CheckContext {
  graph?: { tools: Pick<ToolGraph['tools'][number], 'name' | 'parameters'>[]; edges: ToolGraph['edges'] } | null;
  validate?: ArgumentValidator;
  /**
   * Where the tools come from: the trajectory's graph (the default), its record's own
   * declaration, or both (the record's definitions first, the graph for what it does not declare).
   */
  toolsFrom?: 'graph' | 'record' | 'both';
  /** Tools the record declares otherwise than the graph: each name with both definitions in words. */
  conflicts?: ReadonlyMap<string, string>;
  /** The day the trajectory took place (`YYYY-MM-DD`), to read "tomorrow" and "Friday"; else what its turns say. */
  today?: string;
  /** Calls the record says failed (`recordedToolErrors`): their results are tool errors whatever their text. */
  failedCalls?: ReadonlySet<string>;
}

const make = problemMaker<TrajectoryCode, TurnWhere>(TRAJECTORY_CODES);
const finding = (code: TrajectoryCode, turn: number, path: string, message: string): TrajectoryFinding =>
  make(code, { at: 'turn', turn, path }, message);

/** Every string and number leaf of a value, with its JSON path. */
function leaves(value: unknown, path = '$'): { path: string; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (typeof value === 'number') return [{ path, value: String(value) }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
  return [];
}

/** Whether JSON path `path` is `parent` or a path inside it. */
const isAtOrUnder = (path: string, parent: string) =>
  path === parent || path.startsWith(`${parent}.`) || path.startsWith(`${parent}[`);

/** The last key of a JSON path names an id: `id`, `room_id`, `roomId`, `room-id`. */
const idLike = (path: string) => /(?:^|[._-])id$|[a-z]Id$/i.test(/[^.[\]]+(?=\]?$)/.exec(path)?.[0] ?? '');

/**
 * Whether a value is in a result's text: as a substring for values of 3 characters or more; as a whole
 * token for shorter ones ("r9" is not grounded by "r90").
 */
function grounded(value: string, said: string): boolean {
  const needle = value.toLowerCase();
  const text = said.toLowerCase();
  if (needle.length >= 3) return text.includes(needle);
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1];
    const after = text[at + needle.length];
    if (!(before && /[a-z0-9]/.test(before)) && !(after && /[a-z0-9]/.test(after))) return true;
  }
  return false;
}

/** Values the tool's own schema offers (enum, const, default, examples): choosing one needs no grounding. */
function schemaValues(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) schemaValues(s, into);
  else if (isObject(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'enum' || key === 'examples') {
        if (Array.isArray(value)) for (const v of value) if (typeof v !== 'object') into.add(String(v));
      } else if ((key === 'const' || key === 'default') && typeof value !== 'object') into.add(String(value));
      else schemaValues(value, into);
    }
  }
  return into;
}

/**
 * Deterministic checks of one trajectory, each finding attached to a turn and a JSON path:
 * unknown tool, malformed call JSON, schema violations, dependency order, ungrounded values (a
 * heuristic, labelled so), repeated calls, unpaired calls and results, no final answer.
 */
export function checkTrajectory(turns: readonly Turn[], context: CheckContext = {}): TrajectoryFinding[] {
  const findings: TrajectoryFinding[] = [];
  const tools = context.graph ? new Set(context.graph.tools.map((t) => t.name)) : null;
  // Who may fill each parameter; an element edge's producer is the tool that returns the list.
  const producers = new Map<string, { tool: string; list: string | null }[]>();
  for (const edge of context.graph ? dependencyEdges(context.graph) : []) {
    const key = `${edge.toTool}.${edge.toParam}`;
    producers.set(key, [
      ...(producers.get(key) ?? []),
      { tool: edge.fromTool, list: listOfElementPath(edge.fromPath) },
    ]);
  }
  const called = new Set<string>();
  /** Conflicting tools already said: once per trajectory, at the first call. */
  const conflicted = new Set<string>();
  const openCalls = new Map<string, { turn: number; call: ToolCall }>();
  /** What each tool answered so far (its results' text), for arguments a dependency edge fills. */
  const answers = new Map<string, { text: string; turn: number }[]>();
  /** What the user, the system, earlier results and the assistant's words said so far. */
  const said = new SaidSoFar(context.today ?? trajectoryDay({ turns }));
  let previousCall: string | null = null;

  const isError = (turn: Turn) => answeredWithError(turn, context.failedCalls);
  turns.forEach((turn, index) => {
    // An error gives nothing: "Unknown hotel_id kyoto-grand-01" only echoes the call's own value.
    if (turn.role === 'user' || turn.role === 'system' || (turn.role === 'tool' && !isError(turn)))
      said.add(turn.content ?? '');
    if (turn.role === 'tool') {
      const answered = turn.toolCallId ? openCalls.get(turn.toolCallId)?.call.name : undefined;
      if (answered)
        answers.set(answered, [...(answers.get(answered) ?? []), { text: turn.content ?? '', turn: index }]);
      if (!turn.toolCallId || !openCalls.delete(turn.toolCallId)) {
        findings.push(
          finding(
            'unpaired-result',
            index,
            '$',
            `A tool result${turn.toolCallId ? ` for ${turn.toolCallId}` : ''} answers no earlier call.`,
          ),
        );
      }
      if (isError(turn)) {
        findings.push(finding('tool-error', index, '$.content', 'The tool answered with an error.'));
      }
      return;
    }
    // A simulated user's own calls (τ²-bench's user tools) are answered like the agent's, but are
    // not the agent's to check against its tools.
    if (turn.role === 'user') for (const call of turn.toolCalls ?? []) openCalls.set(call.id, { turn: index, call });
    if (turn.role !== 'assistant') return;
    for (const [callIndex, call] of (turn.toolCalls ?? []).entries()) {
      const at = `$.toolCalls[${callIndex}]`;
      openCalls.set(call.id, { turn: index, call });
      // One finding per value, the most specific: a value already found wrong here is not also ungrounded.
      const valueFound = new Set<string>();
      const argumentFound = new Set<string>();
      if (!call.name || typeof call.args === 'string') {
        findings.push(
          finding('malformed-call', index, at, `The tool call is not valid JSON${call.name ? ` (${call.name})` : ''}.`),
        );
        continue;
      }
      if (tools && !tools.has(call.name)) {
        findings.push(
          finding(
            'unknown-tool',
            index,
            `${at}.name`,
            context.toolsFrom === 'record'
              ? `"${call.name}" is not one of the tools the record declares.`
              : context.toolsFrom === 'both'
                ? `"${call.name}" is neither a tool the record declares nor a tool of the graph.`
                : `"${call.name}" is not a tool of the graph.`,
          ),
        );
      } else {
        const conflict = context.conflicts?.get(call.name);
        if (conflict && !conflicted.has(call.name)) {
          conflicted.add(call.name);
          findings.push(finding('tool-conflict', index, `${at}.name`, conflict));
        }
        for (const problem of context.validate?.(call.name, call.args) ?? []) {
          // The validator names array elements `.0`; the values' own paths write them `[0]`.
          valueFound.add(`${at}.args${problem.path.replace(/^\$/, '').replace(/\.(\d+)(?=\.|$)/g, '[$1]')}`);
          findings.push(
            finding(
              'schema-violation',
              index,
              `${at}.args${problem.path.replace(/^\$/, '')}`,
              `${call.name}: ${problem.message}.`,
            ),
          );
        }
      }
      if (isObject(call.args)) {
        for (const param of Object.keys(call.args)) {
          const sources = producers.get(`${call.name}.${param}`);
          const value = call.args[param];
          const results = sources?.flatMap((s) => answers.get(s.tool) ?? []) ?? [];
          // A value a dependency edge says comes from an earlier result, but no such result holds it.
          if (
            results.length &&
            (typeof value === 'string' || typeof value === 'number') &&
            !results.some((r) => grounded(String(value), r.text))
          ) {
            const from = sources!.find((s) => answers.has(s.tool))!;
            argumentFound.add(`${at}.args.${param}`);
            findings.push(
              finding(
                'invented-value',
                index,
                `${at}.args.${param}`,
                `${call.name}.${param} = ${JSON.stringify(value)} should come from ${from.tool}'s result${from.list ? ` (one element of its ${from.list})` : ''} at turn #${results.at(-1)!.turn}, which does not contain it.`,
              ),
            );
          }
          // Only a value that nothing before gave: the user may say the address a lookup would find.
          if (sources && !sources.some((s) => called.has(s.tool)) && !said.givesAll(value)) {
            const names = sources.map((s) => (s.list ? `${s.tool} (one element of its ${s.list})` : s.tool));
            argumentFound.add(`${at}.args.${param}`);
            findings.push(
              finding(
                'dependency-order',
                index,
                `${at}.args.${param}`,
                `${call.name}.${param} comes from ${[...new Set(names)].join(' or ')}, which was not called before.`,
              ),
            );
          }
        }
        const fixed = schemaValues(context.graph?.tools.find((t) => t.name === call.name)?.parameters);
        for (const leaf of leaves(call.args, `${at}.args`)) {
          const id = idLike(leaf.path);
          // Short values are only worth checking where they are ids ("r9"): an invented id breaks the next call.
          if ((leaf.value.length < 3 && !id) || fixed.has(leaf.value) || said.gives(leaf.value)) continue;
          if (valueFound.has(leaf.path) || [...argumentFound].some((p) => isAtOrUnder(leaf.path, p))) continue;
          findings.push(
            finding(
              'ungrounded-value',
              index,
              leaf.path,
              id
                ? `"${leaf.value}" appears neither in the user's words nor in an earlier result: an invented id? (heuristic)`
                : `"${leaf.value}" appears neither in the user's words nor in an earlier result (heuristic).`,
            ),
          );
        }
      }
      const signature = `${call.name} ${JSON.stringify(call.args)}`;
      if (signature === previousCall) {
        findings.push(finding('repeated-call', index, at, `${call.name} is called again with the same arguments.`));
      }
      previousCall = signature;
      called.add(call.name);
    }
    if (turn.content) said.add(turn.content);
  });

  const lastIndex = turns.findLastIndex((t) => t.role !== 'system');
  const last = turns[lastIndex];
  // A trajectory that ends on its calls is a complete function-calling example: those calls are its target.
  const endsOnCalls = last?.role === 'assistant' && (last.toolCalls?.length ?? 0) > 0;
  for (const { turn, call } of openCalls.values()) {
    if (endsOnCalls && turn === lastIndex) continue;
    findings.push(finding('unanswered-call', turn, '$', `${call.name || 'A tool call'} (${call.id}) got no result.`));
  }
  if (!last || last.role !== 'assistant' || (!last.content?.trim() && !endsOnCalls)) {
    findings.push(
      finding('no-final-answer', Math.max(0, turns.length - 1), '$', 'The trajectory ends without a final answer.'),
    );
  }
  return findings.sort((a, b) => a.where.turn - b.where.turn);
}
