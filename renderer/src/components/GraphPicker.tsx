import type { ReactNode } from 'react';
import type { GraphSummary } from '../../../shared/domain/tool-graph';

interface GraphPickerProps {
  /** The graphs to pick from, as useGraphs() gives them (nothing while they load). */
  graphs: readonly GraphSummary[] | undefined;
  /** The picked graph's id, or one of the `before` options' values. */
  value: string | null;
  onChange(value: string): void;
  /** The picker's accessible name when the label around it is not the name wanted. */
  label?: string;
  /** Options above the graphs, for choices that are not a graph ("ignore", "into a new graph…"). */
  before?: ReactNode;
  /** How a graph reads in the list; its name unless said. */
  optionText?(graph: GraphSummary): string;
  disabled?: boolean;
}

/** A drop-down of the workspace's tool graphs, one option per graph by name. */
export function GraphPicker({ graphs, value, onChange, label, before, optionText, disabled }: GraphPickerProps) {
  return (
    <select aria-label={label} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      {before}
      {graphs?.map((g) => (
        <option key={g.id} value={g.id}>
          {optionText ? optionText(g) : g.name}
        </option>
      ))}
    </select>
  );
}
