import { useUi, type WorkspaceId } from '../state/ui-store';

export const WORKSPACES: { id: WorkspaceId; label: string; icon: string }[] = [
  { id: 'graph', label: 'Graph', icon: '◇' },
  { id: 'runs', label: 'Plans & Runs', icon: '▶' },
  { id: 'trajectories', label: 'Trajectories', icon: '≡' },
  { id: 'datasets', label: 'Datasets', icon: '▤' },
  { id: 'models', label: 'Models', icon: '◎' },
];

/** The five workspaces of Trellis, one click (or Ctrl+1…5) away. */
export function ActivityBar() {
  const workspace = useUi((s) => s.workspace);
  const show = useUi((s) => s.showWorkspace);
  return (
    <nav className="activitybar" aria-label="Workspaces">
      {WORKSPACES.map((w, index) => (
        <button
          key={w.id}
          type="button"
          aria-current={workspace === w.id ? 'page' : undefined}
          title={`${w.label} (Ctrl+${index + 1})`}
          onClick={() => show(w.id)}
        >
          <span aria-hidden>{w.icon}</span>
          <span>{w.label}</span>
        </button>
      ))}
    </nav>
  );
}
