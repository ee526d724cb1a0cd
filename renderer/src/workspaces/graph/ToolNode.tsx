import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { Tool } from '../../../../shared/domain';

export type ToolNodeData = { tool: Tool };
export type ToolFlowNode = Node<ToolNodeData, 'tool'>;

function propertyNames(schema: Tool['parameters']): string[] {
  const properties = schema.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}

/** A tool on the canvas: name, description, its parameters and result fields. */
export function ToolNode({ data, selected }: NodeProps<ToolFlowNode>) {
  const { tool } = data;
  const required = new Set(Array.isArray(tool.parameters.required) ? (tool.parameters.required as string[]) : []);
  return (
    <div className={`tool-node${selected ? ' selected' : ''}`} data-testid={`tool-${tool.name}`}>
      <Handle type="target" position={Position.Left} />
      <div className="tool-name">{tool.name}</div>
      <div className="tool-description">{tool.description}</div>
      <div className="tool-fields">
        <ul aria-label="Parameters">
          {propertyNames(tool.parameters).map((p) => (
            <li key={p}>
              {p}
              {required.has(p) && <span className="required">*</span>}
            </li>
          ))}
        </ul>
        <ul aria-label="Results" className="results">
          {propertyNames(tool.returns).map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </div>
      <Handle type="source" position={Position.Right} />
    </div>
  );
}
