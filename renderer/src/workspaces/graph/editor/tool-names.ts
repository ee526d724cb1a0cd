import { TOOL_NAME_PATTERN } from '../../../../../shared/domain';

/** Why a tool cannot take this name, or null. */
export function nameProblem(name: string, current: string, taken: ReadonlySet<string>): string | null {
  if (!TOOL_NAME_PATTERN.test(name)) return 'Use 1–64 letters, digits, _ or -.';
  if (name !== current && taken.has(name)) return `"${name}" is already a tool of this graph.`;
  return null;
}
