// How a Claude Code session file's lines make threads: the branch the conversation ended on (its lines chained
// by uuid and parentUuid, with the rewound exchanges left out) and the subagents' sidechains beside it.
import { isObject } from '../../json';

export type Line = Record<string, unknown>;
/** A line and where it sits in its record, for the paths of what could not be read. */
export interface Placed {
  line: Line;
  at: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const isMessageLine = (line: Line) =>
  (line.type === 'user' || line.type === 'assistant') && isObject(line.message);

const parentOf = (line: Line) => text(line.parentUuid) ?? text(line.logicalParentUuid);
const blocksOf = (line: Line) => {
  const content = isObject(line.message) ? line.message.content : undefined;
  return Array.isArray(content) ? content.filter(isObject) : [];
};

/**
 * The lines of the conversation as it stands. From the last message back along `parentUuid` (across
 * a compaction by `logicalParentUuid`) is the branch the session ended on; where a line on it has
 * other children (the user rewound and wrote again), those children and theirs are left out, except
 * the other blocks of a response on it and the results of its calls (parallel calls branch too).
 * Lines no chain joins (files without `parentUuid`, the SDK's stream) are all kept.
 */
export function lastBranch(lines: Placed[], all: Line[]): { kept: Placed[]; abandoned: number } {
  const leaf = lines.at(-1);
  if (!leaf) return { kept: [], abandoned: 0 };
  // The chain runs through every line with a uuid (system notices, progress), not only messages.
  const byUuid = new Map<string, Line>();
  const children = new Map<string, Line[]>();
  for (const line of all) {
    if (typeof line.uuid === 'string') byUuid.set(line.uuid, line);
    const parent = parentOf(line);
    if (parent) (children.get(parent) ?? children.set(parent, []).get(parent)!).push(line);
  }
  const onPath = new Set<Line>();
  for (let line: Line | undefined = leaf.line; line && !onPath.has(line);) {
    onPath.add(line);
    const parent = parentOf(line);
    line = parent ? byUuid.get(parent) : undefined;
  }
  const responses = new Set<unknown>();
  const calls = new Set<unknown>();
  for (const line of onPath) {
    if (line.type === 'assistant' && isObject(line.message) && line.message.id) responses.add(line.message.id);
    for (const b of blocksOf(line)) if (b.type === 'tool_use') calls.add(b.id);
  }
  const belongs = (line: Line) => {
    const blocks = blocksOf(line);
    return (
      (line.type === 'assistant' && isObject(line.message) && responses.has(line.message.id)) ||
      (line.type === 'user' &&
        blocks.length > 0 &&
        blocks.every((b) => b.type === 'tool_result' && calls.has(b.tool_use_id)))
    );
  };
  const abandoned = new Set<Line>();
  const drop = (line: Line) => {
    if (abandoned.has(line)) return;
    abandoned.add(line);
    for (const child of children.get(text(line.uuid) ?? '') ?? []) drop(child);
  };
  for (const line of onPath)
    for (const child of children.get(text(line.uuid) ?? '') ?? [])
      if (!onPath.has(child) && !belongs(child)) drop(child);
  const kept = lines.filter(({ line }) => !abandoned.has(line));
  return { kept, abandoned: lines.length - kept.length };
}

/** Subagent runs written into the session's own file: one group per chain, by `agentId` or the chain's first line. */
export function sidechainGroups(lines: Placed[]): Placed[][] {
  const rootOf = new Map<string, string>();
  const groups = new Map<string, Placed[]>();
  for (const placed of lines) {
    const { line } = placed;
    const parent = text(line.parentUuid);
    const root = text(line.agentId) ?? (parent && rootOf.get(parent)) ?? text(line.uuid) ?? placed.at;
    if (typeof line.uuid === 'string') rootOf.set(line.uuid, root);
    (groups.get(root) ?? groups.set(root, []).get(root)!).push(placed);
  }
  return [...groups.values()];
}

/**
 * A subagent's message echoed into the session by a progress line (2.x: `{type: "progress", data: {type:
 * "agent_progress", agentId, prompt, message: <a message line>}, parentToolUseID}`), as a sidechain line.
 */
export function agentProgressMessage(line: Line, at: string): Placed | null {
  const data = line.type === 'progress' && isObject(line.data) ? line.data : undefined;
  const echoed = data?.type === 'agent_progress' && isObject(data.message) ? data.message : undefined;
  if (!echoed || !isMessageLine(echoed)) return null;
  const agent = text(data!.agentId) ?? text(line.parentToolUseID) ?? at;
  return {
    line: { ...echoed, isSidechain: true, agentId: agent, parent_tool_use_id: line.parentToolUseID ?? null },
    at: `${at}.data.message`,
  };
}
