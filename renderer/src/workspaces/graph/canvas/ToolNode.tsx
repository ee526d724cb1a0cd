import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { isElementPath, schemaFields, type SchemaField } from '../../../../../shared/graph';
import { paramHandle, paramSourceHandle, resultHandle } from './connect';
import type { ToolFlowNode } from './flow-model';
import { useCompact } from './use-compact';

/** A node shows the start of its description (two lines at most); the inspector has all of it. */
const DESCRIPTION_CHARS = 200;
const clipDescription = (text: string) =>
  text.length > DESCRIPTION_CHARS ? `${text.slice(0, DESCRIPTION_CHARS).trimEnd()}…` : text;

function Badges({ errors, warnings }: { errors: number; warnings: number }) {
  return (
    <>
      {errors > 0 && (
        <span className="badge error" title={`${errors} errors`}>
          {errors}
        </span>
      )}
      {warnings > 0 && (
        <span className="badge warning" title={`${warnings} warnings`}>
          {warnings}
        </span>
      )}
    </>
  );
}

/**
 * A result field and its handle. An element field (`rooms[].room_id`) sits under its list,
 * indented and named by its own key, so a list of objects costs one short line per field.
 */
function ResultField({ field }: { field: SchemaField }) {
  if (!isElementPath(field.path)) {
    return (
      <li title={`${field.path}: ${field.type}`}>
        {field.path}
        <Handle type="source" position={Position.Right} id={resultHandle(field.path)} />
      </li>
    );
  }
  const depth = field.path.split('[]').length - 1;
  const own = field.path.slice(field.path.lastIndexOf('[].') + 3);
  return (
    <li
      className="element-field"
      style={{ paddingRight: depth * 8 }}
      title={`${field.path}: ${field.type} — one element's field: an edge from it picks one element of the list`}
    >
      <span className="element-mark">[].</span>
      {own}
      <Handle type="source" position={Position.Right} id={resultHandle(field.path)} />
    </li>
  );
}

/**
 * A tool on the canvas: a handle per parameter (left) and per result field (right), fields of
 * list elements included. Zoomed far out it is drawn compact, its name only, with one handle a side.
 */
export const ToolNode = memo(function ToolNode({ data, selected }: NodeProps<ToolFlowNode>) {
  const { tool, errors, warnings } = data;
  const compact = useCompact();
  const params = useMemo(() => (compact ? [] : schemaFields(tool.parameters)), [compact, tool.parameters]);
  const results = useMemo(
    () => (compact ? [] : schemaFields(tool.returns, { elements: true })),
    [compact, tool.returns],
  );

  if (compact) {
    return (
      <div className={`tool-node compact${selected ? ' selected' : ''}`} data-testid={`tool-${tool.name}`}>
        <Handle type="target" position={Position.Left} />
        <div className="tool-name">
          {tool.name}
          <Badges errors={errors} warnings={warnings} />
        </div>
        <Handle type="source" position={Position.Right} />
      </div>
    );
  }
  return (
    <div className={`tool-node${selected ? ' selected' : ''}`} data-testid={`tool-${tool.name}`}>
      <div className="tool-name" title={tool.name}>
        {tool.name}
        <Badges errors={errors} warnings={warnings} />
      </div>
      <div className="tool-description">{clipDescription(tool.description)}</div>
      <div className="tool-fields">
        <ul aria-label="Parameters">
          {params.map((p) => (
            <li key={p.path} title={`${p.path}: ${p.type}${p.required ? ' (required)' : ''}`}>
              <Handle type="target" position={Position.Left} id={paramHandle(p.path)} />
              <Handle type="source" position={Position.Left} id={paramSourceHandle(p.path)} className="param-source" />
              {p.path}
              {p.required && <span className="required">*</span>}
            </li>
          ))}
        </ul>
        <ul aria-label="Results" className="results">
          {results.map((r) => (
            <ResultField key={r.path} field={r} />
          ))}
        </ul>
      </div>
    </div>
  );
});
