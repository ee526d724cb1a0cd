import type { GraphEdge, Tool } from '../../../../../shared/domain';
import {
  clearElementField,
  elementFieldsThatFit,
  fieldCompatibility,
  findField,
  type Compatibility,
} from '../../../../../shared/graph';

/**
 * Handle ids: `p:<path>` for a parameter (left, a target), `r:<path>` for a result field
 * (right, a source). Each parameter also has `s:<path>`, a source handle at the same spot, so
 * a shared-parameter edge can start at a parameter and React Flow can draw it.
 */
export const paramHandle = (path: string) => `p:${path}`;
export const paramSourceHandle = (path: string) => `s:${path}`;
export const resultHandle = (path: string) => `r:${path}`;

export interface HandleRef {
  tool: string;
  handle: string | null | undefined;
}

/** `picked`: the list was dropped on a scalar and one of its element fields was connected instead. */
export type ConnectVerdict = { edge: GraphEdge; compatibility: Compatibility; picked?: string } | { refused: string };

function parse(handle: string | null | undefined): { side: 'p' | 'r'; path: string } | null {
  const match = /^([prs]):(.+)$/.exec(handle ?? '');
  if (!match) return null;
  return { side: match[1] === 'r' ? 'r' : 'p', path: match[2]! };
}

/**
 * What dropping a connection between two handles would make: a dependency edge (result →
 * parameter, either drag direction), a shared-parameter edge (parameter ↔ parameter), or a
 * refusal with the reason to show where the user dropped it.
 */
export function judgeConnection(tools: ReadonlyMap<string, Tool>, a: HandleRef, b: HandleRef): ConnectVerdict {
  const ha = parse(a.handle);
  const hb = parse(b.handle);
  const toolA = tools.get(a.tool);
  const toolB = tools.get(b.tool);
  if (!ha || !hb || !toolA || !toolB) return { refused: 'Drop on a parameter or result field.' };
  if (a.tool === b.tool) return { refused: 'A tool cannot be connected to itself.' };
  if (ha.side === 'r' && hb.side === 'r') return { refused: 'Two results cannot be connected: drop on a parameter.' };

  if (ha.side === 'p' && hb.side === 'p') {
    const compatibility = fieldCompatibility(
      findField(toolA.parameters, ha.path)!,
      findField(toolB.parameters, hb.path)!,
    );
    if (compatibility.level === 'incompatible') return { refused: `Not the same entity: ${compatibility.reason}.` };
    return { edge: { kind: 'shared', toolA: a.tool, paramA: ha.path, toolB: b.tool, paramB: hb.path }, compatibility };
  }
  const [from, fromPath, to, toPath] =
    ha.side === 'r' ? [toolA, ha.path, toolB, hb.path] : [toolB, hb.path, toolA, ha.path];
  const fromField = findField(from.returns, fromPath);
  const toField = findField(to.parameters, toPath);
  if (!fromField || !toField) return { refused: 'That field no longer exists.' };
  const compatibility = fieldCompatibility(fromField, toField);
  if (compatibility.level === 'incompatible') {
    const refused = `${from.name}.${fromPath} cannot feed ${to.name}.${toPath}: ${compatibility.reason}.`;
    if (fromField.type !== 'array') return { refused };
    // "List, then pick an id": a list on a scalar means one of its elements' fields.
    const fits = elementFieldsThatFit(from.returns, fromPath, toField);
    const clear = clearElementField(fits);
    if (clear) {
      return {
        edge: { kind: 'dependency', fromTool: from.name, fromPath: clear.field.path, toTool: to.name, toParam: toPath },
        compatibility: clear.compatibility,
        picked: `${fromPath} is a list: connected one element's field, ${clear.field.path} → ${to.name}.${toPath}.`,
      };
    }
    if (!fits.length) return { refused };
    const names = fits.map((f) => f.field.path + (f.compatibility.level === 'loose' ? ' (with a warning)' : ''));
    return { refused: `${refused} Drag one of its element fields instead: ${names.join(', ')}.` };
  }
  return {
    edge: { kind: 'dependency', fromTool: from.name, fromPath, toTool: to.name, toParam: toPath },
    compatibility,
  };
}
