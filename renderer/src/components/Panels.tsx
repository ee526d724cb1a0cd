import { PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout, type PanelImperativeHandle } from 'react-resizable-panels';
import { safeLocalStorage } from '../state/local-storage';
import { ErrorBoundary } from './ErrorBoundary';
import { BreakPanelForTest } from './break-panel-for-test';

/** What a collapsible panel offers its header: its state and the button's action. */
interface Collapse {
  collapsed: boolean;
  side: 'start' | 'end';
  toggle(): void;
}
const CollapseContext = createContext<Collapse | null>(null);
/** The collapsible panels of one SplitLayout by id, for the separators beside them. */
const LayoutPanels = createContext<Map<string, PanelImperativeHandle>>(new Map());

/** Collapses an expanded panel, expands a collapsed one. */
const toggle = (panel: PanelImperativeHandle | null | undefined) =>
  panel?.isCollapsed() ? panel.expand() : panel?.collapse();

function CollapseButton({ title, collapse }: { title: string; collapse: Collapse }) {
  const closes = collapse.side === 'start' ? PanelLeftClose : PanelRightClose;
  const opens = collapse.side === 'start' ? PanelLeftOpen : PanelRightOpen;
  const Icon = collapse.collapsed ? opens : closes;
  const label = `${collapse.collapsed ? 'Expand' : 'Collapse'} ${title}`;
  return (
    <button type="button" className="icon-button" aria-label={label} title={label} onClick={collapse.toggle}>
      <Icon size={16} aria-hidden />
    </button>
  );
}

/** A panel's title bar: its name in small capitals and its actions, like VS Code's. */
export function PanelHeader({ title, children }: { title: string; children?: ReactNode }) {
  const collapse = useContext(CollapseContext);
  return (
    <header className="panel-header">
      <h2>{title}</h2>
      {(children || collapse) && (
        <div className="panel-actions">
          {children}
          {collapse && <CollapseButton title={title} collapse={collapse} />}
        </div>
      )}
    </header>
  );
}

/**
 * Resizable panels side by side (horizontal) or stacked (vertical); the sizes the user drags to,
 * collapsed panels included, are remembered per layout in localStorage.
 */
export function SplitLayout({
  id,
  orientation = 'horizontal',
  children,
}: {
  id: string;
  orientation?: 'horizontal' | 'vertical';
  children: ReactNode;
}) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({
    id: `trellis.layout.${id}`,
    storage: safeLocalStorage,
  });
  const [panels] = useState(() => new Map<string, PanelImperativeHandle>());
  return (
    <LayoutPanels.Provider value={panels}>
      <Group
        id={`layout-${id}`}
        className="split-layout"
        orientation={orientation}
        defaultLayout={defaultLayout}
        onLayoutChanged={onLayoutChanged}
      >
        {children}
      </Group>
    </LayoutPanels.Provider>
  );
}

/** How far a collapsed side panel stays open: a strip with the button that expands it. */
const COLLAPSED_SIZE = 28;

/**
 * One panel of a SplitLayout, with its own error boundary; sizes in pixels (numbers) or percent
 * (strings). A `collapsible` panel (a side panel, at the layout's `start` or `end`) collapses to a
 * strip from the button in its header, by double-clicking the separator beside it, or by
 * dragging it below its minimum size; the strip's button expands it again.
 */
export function SplitPanel({
  id,
  defaultSize,
  minSize,
  maxSize,
  children,
  label,
  collapsible,
}: {
  id: string;
  defaultSize?: number | string;
  minSize?: number | string;
  maxSize?: number | string;
  label?: string;
  collapsible?: { title: string; side: 'start' | 'end' };
  children: ReactNode;
}) {
  const panels = useContext(LayoutPanels);
  const [collapsed, setCollapsed] = useState(false);
  const collapse = collapsible && { collapsed, side: collapsible.side, toggle: () => toggle(panels.get(id)) };
  return (
    <Panel
      id={`panel-${id}`}
      className="split-panel"
      defaultSize={defaultSize}
      minSize={minSize}
      maxSize={maxSize}
      {...(collapsible
        ? {
            collapsible: true,
            collapsedSize: COLLAPSED_SIZE,
            panelRef: (panel: PanelImperativeHandle | null) => {
              if (panel) panels.set(id, panel);
              else panels.delete(id);
            },
            onResize: () => setCollapsed(panels.get(id)?.isCollapsed() ?? false),
          }
        : {})}
      {...(label ? { 'aria-label': label } : {})}
    >
      <CollapseContext.Provider value={collapse || null}>
        {collapse && collapsed && (
          <div className="panel-strip">
            <CollapseButton title={collapsible.title} collapse={collapse} />
          </div>
        )}
        {/* Hidden, not unmounted, while collapsed: what is typed in it stays. */}
        <div className="split-panel-content" hidden={collapsed}>
          {/* A panel that fails shows why in place; the other panels go on working. */}
          <ErrorBoundary what={`the ${label ?? id.replace(/-/g, ' ')} panel`}>
            <BreakPanelForTest panel={id} />
            {children}
          </ErrorBoundary>
        </div>
      </CollapseContext.Provider>
    </Panel>
  );
}

/**
 * The draggable line between two panels (also resizable from the keyboard once focused).
 * Double-clicking it collapses or expands the collapsible panel named by `toggles`.
 */
export function ResizeHandle({ toggles }: { toggles?: string }) {
  const panels = useContext(LayoutPanels);
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!toggles) return;
    // The separator takes the pointer a few pixels either side of its 1 px line (it marks itself
    // as hovered then), over whatever is there, so the double-click is caught on the document
    // before the canvas under it zooms on it.
    const onDoubleClick = (event: MouseEvent) => {
      if (element.current?.dataset.separator === 'inactive' || !element.current?.dataset.separator) return;
      event.preventDefault();
      event.stopPropagation();
      toggle(panels.get(toggles));
    };
    document.addEventListener('dblclick', onDoubleClick, true);
    return () => document.removeEventListener('dblclick', onDoubleClick, true);
  }, [panels, toggles]);
  return (
    <Separator
      className="resize-handle"
      elementRef={element}
      {...(toggles ? { disableDoubleClick: true, title: 'Drag to resize; double-click to collapse or expand' } : {})}
    />
  );
}
