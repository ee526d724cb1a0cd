import type { Tool, ToolRuntime } from '../../../../../../shared/domain';
import { RUNTIME_KINDS, type RuntimeKind } from '../../../../../../shared/runtimes';
import { formatCount } from '../../../../../../shared/text';

const sameRuntime = (a: ToolRuntime | null, b: ToolRuntime | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What applying `next` to the tools would overwrite, for the question asked first: "Replaces 10
 * different HTTP endpoint runtimes". Null when it overwrites nothing a person set (none, or the same).
 */
export function describeReplacedRuntimes(
  tools: readonly Tool[],
  next: (tool: Tool) => ToolRuntime | null,
): string | null {
  const byKind = new Map<RuntimeKind, Set<string>>();
  const counts = new Map<RuntimeKind, number>();
  for (const tool of tools) {
    const now = tool.runtime ?? null;
    if (!now || sameRuntime(now, next(tool))) continue;
    const kind = now.kind as RuntimeKind;
    byKind.set(kind, (byKind.get(kind) ?? new Set()).add(JSON.stringify(now)));
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  if (!byKind.size) return null;
  const parts = [...byKind].map(([kind, distinct]) => {
    const n = counts.get(kind)!;
    const label = RUNTIME_KINDS[kind].label.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
    const many = n > 1 && distinct.size === n ? `${formatCount(n)} different` : formatCount(n);
    return `${many} ${label} ${n === 1 ? 'runtime' : 'runtimes'}`;
  });
  return `Replaces ${parts.join(' and ')}`;
}
