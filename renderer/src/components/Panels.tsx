import type { ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import { safeLocalStorage } from '../state/local-storage';
import { ErrorBoundary } from './ErrorBoundary';

/** A panel's title bar: its name in small capitals and its actions, like VS Code's. */
export function PanelHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="panel-header">
      <h2>{title}</h2>
      {children && <div className="panel-actions">{children}</div>}
    </header>
  );
}

/**
 * Resizable panels side by side (horizontal) or stacked (vertical); the sizes the user drags to
 * are remembered per layout in localStorage.
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
  return (
    <Group
      id={`layout-${id}`}
      className="split-layout"
      orientation={orientation}
      defaultLayout={defaultLayout}
      onLayoutChanged={onLayoutChanged}
    >
      {children}
    </Group>
  );
}

/** One panel of a SplitLayout, with its own error boundary; sizes in pixels (numbers) or percent (strings). */
export function SplitPanel({
  id,
  defaultSize,
  minSize,
  maxSize,
  children,
  label,
}: {
  id: string;
  defaultSize?: number | string;
  minSize?: number | string;
  maxSize?: number | string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Panel
      id={`panel-${id}`}
      className="split-panel"
      defaultSize={defaultSize}
      minSize={minSize}
      maxSize={maxSize}
      {...(label ? { 'aria-label': label } : {})}
    >
      {/* A panel that fails shows why in place; the other panels go on working. */}
      <ErrorBoundary what={`the ${label ?? id.replace(/-/g, ' ')} panel`}>{children}</ErrorBoundary>
    </Panel>
  );
}

/** The draggable line between two panels (also resizable from the keyboard once focused). */
export function ResizeHandle() {
  return <Separator className="resize-handle" />;
}
