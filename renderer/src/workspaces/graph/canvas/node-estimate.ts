import { Position, type NodeHandle } from '@xyflow/react';
import type { Tool } from '../../../../../shared/domain';
import { schemaFields } from '../../../../../shared/graph';
import { paramHandle, paramSourceHandle, resultHandle } from './connect';

/*
 * A tool's size and handle positions before React Flow has measured it, from the metrics in
 * canvas.css. A large graph renders only the tools on screen; the others still need a size
 * (to know when they come into view, and to fit the view) and handles (so that edges from
 * tools on screen to them are drawn). Once a tool is rendered its measured values replace these.
 */

const PADDING_X = 10;
const PADDING_TOP = 7;
const BORDER = 1;
const NAME_LINE = 17;
const DESCRIPTION_LINE = 15;
const DESCRIPTION_MARGIN = 6;
const FIELD_LINE = 16;
const FIELD_CHAR = 7.3;
const NAME_CHAR = 8;
const DESCRIPTION_CHAR = 6.6;
const FIELD_GAP = 16;
const HANDLE = 8;
export const NODE_MIN_WIDTH = 180;
export const NODE_MAX_WIDTH = 300;
const COMPACT_HEIGHT = 52;
/*
 * Estimates end in .5: React Flow reports a measured size only when it differs from the one it
 * has, and measured sizes are whole pixels, so every first measurement replaces an estimate.
 */
const HALF = 0.5;

export interface NodeEstimate {
  measured: { width: number; height: number };
  handles: NodeHandle[];
}

const longest = (names: readonly string[]) => names.reduce((n, s) => Math.max(n, s.length), 0);

/** Size and handles of a tool not yet rendered, drawn full (fields) or compact (name only). */
export function estimateNode(tool: Tool, compact: boolean): NodeEstimate {
  const params = schemaFields(tool.parameters);
  const results = schemaFields(tool.returns, { elements: true });
  const nameWidth = tool.name.length * NAME_CHAR + 40;
  const fieldsWidth = (longest(params.map((p) => `${p.path}*`)) + longest(results.map((r) => r.path))) * FIELD_CHAR;
  const width =
    Math.min(NODE_MAX_WIDTH, Math.max(NODE_MIN_WIDTH, Math.max(nameWidth, fieldsWidth + FIELD_GAP) + 2 * PADDING_X)) +
    HALF;
  if (compact) {
    const middle = COMPACT_HEIGHT / 2 - HANDLE / 2;
    return {
      measured: { width, height: COMPACT_HEIGHT + HALF },
      handles: [
        { id: null, type: 'target', position: Position.Left, x: 0, y: middle, width: HANDLE, height: HANDLE },
        {
          id: null,
          type: 'source',
          position: Position.Right,
          x: width - HANDLE,
          y: middle,
          width: HANDLE,
          height: HANDLE,
        },
      ],
    };
  }
  const perLine = Math.max(1, (width - 2 * PADDING_X) / DESCRIPTION_CHAR);
  const descriptionLines = Math.min(2, Math.ceil(tool.description.length / perLine));
  const fieldsTop = BORDER + PADDING_TOP + NAME_LINE + descriptionLines * DESCRIPTION_LINE + DESCRIPTION_MARGIN;
  const rowY = (i: number) => fieldsTop + i * FIELD_LINE + FIELD_LINE / 2 - HANDLE / 2;
  const handle = (id: string, type: 'source' | 'target', position: Position, y: number): NodeHandle => ({
    id,
    type,
    position,
    x: position === Position.Left ? BORDER : width - BORDER - HANDLE,
    y,
    width: HANDLE,
    height: HANDLE,
  });
  const handles = [
    ...params.flatMap((p, i) => [
      handle(paramHandle(p.path), 'target', Position.Left, rowY(i)),
      handle(paramSourceHandle(p.path), 'source', Position.Left, rowY(i)),
    ]),
    ...results.map((r, i) => handle(resultHandle(r.path), 'source', Position.Right, rowY(i))),
  ];
  const height = fieldsTop + Math.max(params.length, results.length) * FIELD_LINE + PADDING_TOP + BORDER + HALF;
  return { measured: { width, height }, handles };
}
