import type { ToolGraph } from '../domain';
import { goalToolsFor } from './goals';
import { wordsOf } from './intent-words';

/** What the intent box suggests for a graph without tools: no tool to name, so the kind of text. */
export const NEUTRAL_INTENT_EXAMPLE = 'e.g. what the agent should do, in plain words (add tools to the graph first)';

/** The first sentence of a description, without its full stop. */
const firstSentence = (text: string) => (text.split(/(?<=[.!?])\s/)[0] ?? '').replace(/[.!?]$/, '').trim();

/** For each tool, how many tools feed it, directly or not (one reverse index, a walk per tool). */
function upstreamCounts(graph: Pick<ToolGraph, 'tools' | 'edges'>): Map<string, number> {
  const feeders = new Map<string, string[]>();
  for (const e of graph.edges)
    if (e.kind === 'dependency') {
      const list = feeders.get(e.toTool);
      if (list) list.push(e.fromTool);
      else feeders.set(e.toTool, [e.fromTool]);
    }
  const counts = new Map<string, number>();
  for (const tool of graph.tools) {
    const found = new Set<string>();
    const stack = [tool.name];
    while (stack.length)
      for (const from of feeders.get(stack.pop()!) ?? [])
        if (!found.has(from)) {
          found.add(from);
          stack.push(from);
        }
    found.delete(tool.name);
    counts.set(tool.name, found.size);
  }
  return counts;
}

/**
 * An example intent for the intent box, from the open graph's own tools: the description of a
 * tool that says what it does in the words of its name ("Book a flight…" for book_flight),
 * preferring one that needs another tool first, so the example plans more than one step. The
 * example is one the deterministic planner reads back to that tool (a description naming
 * another tool is passed over); where no description does, the tool is named outright.
 */
export function intentExample(graph: Pick<ToolGraph, 'tools' | 'edges'>): string {
  if (!graph.tools.length) return NEUTRAL_INTENT_EXAMPLE;
  const upstreamOf = upstreamCounts(graph);
  const ranked = graph.tools
    .map((tool, order) => {
      const sentence = firstSentence(tool.description ?? '');
      const says = sentence !== '' && wordsOf(sentence)[0] === wordsOf(tool.name)[0];
      const upstream = upstreamOf.get(tool.name) ?? 0;
      // Best: says what it does, then needs one tool or a few before it (a short chain reads well).
      const rank = (says ? 0 : 2) + (upstream > 0 ? 0 : 1);
      return { tool, sentence, says, upstream, order, rank };
    })
    .sort((a, b) => a.rank - b.rank || a.upstream - b.upstream || a.order - b.order);
  for (const candidate of ranked) {
    if (!candidate.says) continue;
    const found = goalToolsFor(candidate.sentence, graph).map((g) => g.tool);
    if (found.includes(candidate.tool.name)) return `e.g. ${candidate.sentence}`;
  }
  const best = ranked[0]!;
  return `e.g. ${best.tool.name}${best.sentence ? ` (${best.sentence.toLowerCase()})` : ''}`;
}
