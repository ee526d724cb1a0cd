import { BrainCircuit, Database, ListChecks, Route, Workflow, type LucideIcon } from 'lucide-react';
import { useUi, type WorkspaceId } from '../state/ui-store';

export const WORKSPACES: { id: WorkspaceId; label: string; icon: LucideIcon }[] = [
  { id: 'graph', label: 'Graph', icon: Workflow },
  { id: 'runs', label: 'Plans & Runs', icon: ListChecks },
  { id: 'trajectories', label: 'Trajectories', icon: Route },
  { id: 'datasets', label: 'Datasets', icon: Database },
  { id: 'models', label: 'Models', icon: BrainCircuit },
];

/** The five workspaces of Trellis as icons, one click (or Ctrl+1…5) away; the name is the tooltip. */
export function ActivityBar() {
  const workspace = useUi((s) => s.workspace);
  const show = useUi((s) => s.showWorkspace);
  return (
    <nav className="activitybar" aria-label="Workspaces">
      {WORKSPACES.map((w, index) => {
        const Icon = w.icon;
        return (
          <button
            key={w.id}
            type="button"
            aria-label={w.label}
            aria-current={workspace === w.id ? 'page' : undefined}
            title={`${w.label} (Ctrl+${index + 1})`}
            onClick={() => show(w.id)}
          >
            <Icon aria-hidden size={22} strokeWidth={1.6} />
          </button>
        );
      })}
    </nav>
  );
}
