import type { Turn } from '../../domain';
import { saysSomething } from './common';
import type { Message } from './types';

/** Said when a result named no call and was given the earliest unanswered one. */
export const PAIRED_BY_ORDER = 'tool results were paired with calls by order: the messages give no call ids';
/** Said when a result named only its tool and was given the earliest unanswered call of that tool. */
export const PAIRED_BY_NAME = 'tool results were paired with calls by tool name: the messages give no call ids';

/** The turn a message makes: the layer's own fields (a result's tool name, its error mark) are left out. */
function turnOf(m: Message): Turn {
  const { name: _name, isError: _isError, ...turn } = m;
  return turn;
}

/**
 * Messages as turns, each tool result paired with the call it answers: by its id where it has
 * one; else (Gemini, ReAct, legacy `function` results) with the earliest unanswered call of the
 * same tool, else with the earliest unanswered call, each said once in `notes`. A result whose
 * id names no call keeps it. Messages that hold nothing (no text, thought or call) make no turn.
 */
export function messagesToTurns(messages: Message[]): { turns: Turn[]; notes: string[] } {
  const notes = new Set<string>();
  const turns: Turn[] = [];
  let open: { id: string; name: string }[] = [];
  for (const m of messages) {
    if (!saysSomething(m)) continue;
    if (m.role === 'assistant' && m.toolCalls?.length)
      open.push(...m.toolCalls.map((c) => ({ id: c.id, name: c.name })));
    if (m.role !== 'tool') {
      turns.push(turnOf(m));
      continue;
    }
    let id = m.toolCallId;
    if (id === undefined) {
      const byName = m.name === undefined ? undefined : open.find((c) => c.name === m.name);
      const answered = byName ?? open[0];
      if (answered) {
        notes.add(byName ? PAIRED_BY_NAME : PAIRED_BY_ORDER);
        id = answered.id;
      }
    }
    open = open.filter((c) => c.id !== id);
    turns.push(turnOf({ ...m, ...(id !== undefined ? { toolCallId: id } : {}) }));
  }
  return { turns, notes: [...notes] };
}
