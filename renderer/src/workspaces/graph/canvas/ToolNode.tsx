import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { schemaFields } from '../../../../../shared/graph';
import { paramHandle, paramSourceHandle, resultHandle } from './connect';
import type { ToolFlowNode } from './flow-model';

/** A tool on the canvas: a handle per parameter (left) and per result field (right). */
export const ToolNode = memo(function ToolNode({ data, selected }: NodeProps<ToolFlowNode>) {
  const { tool, errors, warnings } = data;
  const params = useMemo(() => schemaFields(tool.parameters), [tool.parameters]);
  const results = useMemo(() => schemaFields(tool.returns), [tool.returns]);
  return (
    <div className={`tool-node${selected ? ' selected' : ''}`} data-testid={`tool-${tool.name}`}>
      <div className="tool-name">
        {tool.name}
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
      </div>
      <div className="tool-description">{tool.description}</div>
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
            <li key={r.path} title={`${r.path}: ${r.type}`}>
              {r.path}
              <Handle type="source" position={Position.Right} id={resultHandle(r.path)} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
});
