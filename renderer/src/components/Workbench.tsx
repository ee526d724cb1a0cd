import type { ReactNode } from 'react';
import { PanelHeader, ResizeHandle, SplitLayout, SplitPanel } from './Panels';

/** One pane of a workbench: a resizable panel under a header that names it and holds its actions. */
export interface WorkbenchPane {
  /** The panel's id; the size the user drags it to is remembered under it. */
  id: string;
  /** The header's name; none where the content brings its own (the canvas, a stack of panes). */
  title?: string;
  /** Buttons in the header, beside the name. */
  actions?: ReactNode;
  /** The panel's accessible name, where its content does not name itself. */
  label?: string;
  /** Pixels (numbers) or percent (strings), as SplitPanel takes them. */
  defaultSize?: number | string;
  minSize?: number | string;
  maxSize?: number | string;
  /** A side pane that collapses to a strip (from its header's button, or a double-click on its separator). */
  collapsible?: boolean;
  children: ReactNode;
}

/** A pane as a SplitPanel: its header first (when it has a name), then what it shows. */
function Pane({ pane, side }: { pane: WorkbenchPane; side?: 'start' | 'end' }) {
  const { id, title, actions, label, defaultSize, minSize, maxSize, collapsible, children } = pane;
  return (
    <SplitPanel
      id={id}
      defaultSize={defaultSize}
      minSize={minSize}
      maxSize={maxSize}
      label={label}
      collapsible={collapsible && side ? { title: title ?? label ?? id, side } : undefined}
    >
      {title && <PanelHeader title={title}>{actions}</PanelHeader>}
      {children}
    </SplitPanel>
  );
}

/**
 * The layout every workspace shares, as VS Code's workbench: an optional toolbar over a side pane
 * (lists, filters), the main pane (editor, canvas, queue) and a detail pane (inspector, binding),
 * side by side and resizable; a collapsible side or detail pane folds to a strip. `id` names the
 * layout whose sizes are remembered.
 */
export function Workbench({
  id,
  className,
  label,
  toolbar,
  side,
  main,
  detail,
}: {
  id: string;
  /** The workspace's own class, for what its CSS sets inside. */
  className: string;
  /** The workspace's accessible name (a region); none leaves it unnamed. */
  label?: string;
  /** A one-line toolbar over the panes (and what it opens under it: a drawer). */
  toolbar?: ReactNode;
  side?: WorkbenchPane;
  main: WorkbenchPane;
  detail?: WorkbenchPane;
}) {
  const panes = (
    <SplitLayout id={id}>
      {side && <Pane pane={side} side="start" />}
      {side && <ResizeHandle toggles={side.collapsible ? side.id : undefined} />}
      <Pane pane={main} />
      {detail && <ResizeHandle toggles={detail.collapsible ? detail.id : undefined} />}
      {detail && <Pane pane={detail} side="end" />}
    </SplitLayout>
  );
  return (
    <section className={className} aria-label={label}>
      {toolbar}
      {toolbar ? <div className="workbench-split">{panes}</div> : panes}
    </section>
  );
}

/** Panes stacked top to bottom in one column of a workbench (a plan over its runs), each resizable. */
export function WorkbenchStack({ id, panes }: { id: string; panes: readonly WorkbenchPane[] }) {
  return (
    <SplitLayout id={id} orientation="vertical">
      {panes.flatMap((pane, i) => [
        ...(i > 0 ? [<ResizeHandle key={`${pane.id}-handle`} />] : []),
        <Pane key={pane.id} pane={pane} />,
      ])}
    </SplitLayout>
  );
}
