import { inCallOrder } from '../compare/parallel-calls';
import { diffTrajectories, turnChanges } from '../compare/trajectory-diff';
import type { Turn } from '../domain';
import type { Divergence, DivergenceKind } from './types';

/**
 * A turn as far as behaviour goes: what was called with which arguments, what was answered, what
 * came back. Thoughts and Trellis's notes (`replayed: exact`) are left out: a candidate that
 * thinks otherwise but calls the same tools with the same arguments kept the same calls. Call ids
 * stay only to pair each result with its call; the comparison itself ignores them.
 */
function behaviour(turn: Turn): Turn {
  if (turn.role === 'assistant' && turn.toolCalls?.length)
    return { role: 'assistant', toolCalls: turn.toolCalls.map((c) => ({ id: c.id, name: c.name, args: c.args })) };
  if (turn.role === 'tool')
    return { role: 'tool', content: turn.content ?? '', ...(turn.toolCallId ? { toolCallId: turn.toolCallId } : {}) };
  return { role: turn.role, content: turn.content ?? '' };
}

const called = (turn: Turn) => (turn.toolCalls?.length ? turn.toolCalls.map((c) => c.name).join(', ') : '—');

/** What kind of difference a lone turn (one side only) is, and how it reads. */
function lone(turn: Turn, side: 'a' | 'b'): Pick<Divergence, 'kind' | 'changes'> {
  const kind: DivergenceKind =
    turn.role === 'assistant'
      ? turn.toolCalls?.length
        ? 'tool'
        : 'answer'
      : turn.role === 'tool'
        ? 'result'
        : 'length';
  const what = turn.role === 'assistant' && !turn.toolCalls?.length ? (turn.content ?? '') : called(turn);
  const path = kind === 'answer' ? 'content' : kind === 'tool' ? 'toolCalls[0].name' : 'content';
  return { kind, changes: [side === 'a' ? { path, before: what, after: '—' } : { path, before: '—', after: what }] };
}

/** A paired turn's difference: another tool, other arguments (each differing argument), another answer. */
function paired(a: Turn, b: Turn): Pick<Divergence, 'kind' | 'changes'> {
  const changes = turnChanges(a, b);
  if (a.role === 'tool') return { kind: 'result', changes };
  const named = changes.filter((c) => c.path.endsWith('.name'));
  if (named.length) return { kind: 'tool', changes: named };
  const args = changes.filter((c) => c.path.startsWith('toolCalls'));
  if (args.length) return { kind: 'arguments', changes: args };
  return { kind: 'answer', changes };
}

/**
 * The first turn at or after `from` where `run` behaves otherwise than the recording `source`:
 * another tool, other arguments (argument by argument), another answer, another result, or one
 * side ending first; null when the run kept the same calls and answer. The recording's turns
 * before `from` (the run's before `runFrom`: a system prompt put first shifts them) are the
 * shared start and not compared. The turns are aligned as the run diff aligns
 * them (shared/compare), so an inserted retry is one turn, not a shift of every later one.
 */
export function firstDivergence(
  source: readonly Turn[],
  run: readonly Turn[],
  from: number,
  runFrom = from,
): Divergence | null {
  // Results of parallel calls in the order of their calls (by id), on both sides alike.
  const ordered = (turns: readonly Turn[]) => inCallOrder(turns.map(behaviour));
  const sourceSide = ordered(source.slice(from));
  const runSide = ordered(run.slice(runFrom));
  const a = sourceSide.turns;
  const b = runSide.turns;
  const diff = diffTrajectories(a, b);
  if (diff.firstDivergence === null) return null;
  // Every row before the first divergence pairs two equal turns, so both sides are at the same
  // step there: the candidate's turn is set against the recording's turn at that step.
  const k = diff.rows.slice(0, diff.firstDivergence).filter((r) => r.a !== null && r.b !== null).length;
  const left = a[k];
  const right = b[k];
  const found =
    left && right
      ? paired(left, right)
      : left
        ? { ...lone(left, 'a'), kind: 'length' as const }
        : { ...lone(right!, 'b'), kind: 'length' as const };
  const runTurn = right ? runFrom + runSide.order[k]! : null;
  const sourceTurn = left ? from + sourceSide.order[k]! : null;
  return { ...found, runTurn, sourceTurn };
}

/** Where a re-run starts: `fromTurn` when it is an assistant turn, else the first assistant turn. */
export function rerunStart(turns: readonly Turn[], fromTurn?: number): { start: number } | { error: string } {
  if (fromTurn === undefined) {
    const first = turns.findIndex((t) => t.role === 'assistant');
    return first < 0 ? { error: 'it has no assistant turn to re-run' } : { start: first };
  }
  const turn = turns[fromTurn];
  if (turn?.role === 'assistant') return { start: fromTurn };
  const assistants = turns.flatMap((t, i) => (t.role === 'assistant' ? [i] : []));
  return {
    error: `turn ${fromTurn} is ${turn ? `a ${turn.role} turn` : 'past its end'}; its assistant turns are ${assistants.join(', ') || 'none'}`,
  };
}
