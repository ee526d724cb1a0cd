import type { LucideIcon } from 'lucide-react';
import { formatKeybinding } from '../commands/registry';
import { useUi, type WorkspaceId } from '../state/ui-store';

/** What the bar shows of a workspace (workspaces/registry.ts holds them). */
export interface ActivityBarItem {
  id: WorkspaceId;
  label: string;
  icon: LucideIcon;
  key: string;
}

/** The workspaces of Trellis as icons, one click (or Ctrl+1…5) away; the name is the tooltip. */
export function ActivityBar({ workspaces }: { workspaces: readonly ActivityBarItem[] }) {
  const workspace = useUi((s) => s.workspace);
  const show = useUi((s) => s.showWorkspace);
  return (
    <nav className="activitybar" aria-label="Workspaces">
      {workspaces.map((w) => {
        const Icon = w.icon;
        return (
          <button
            key={w.id}
            type="button"
            aria-label={w.label}
            aria-current={workspace === w.id ? 'page' : undefined}
            title={`${w.label} (${formatKeybinding(`Mod+${w.key}`)})`}
            onClick={() => show(w.id)}
          >
            <Icon aria-hidden size={22} strokeWidth={1.6} />
          </button>
        );
      })}
    </nav>
  );
}
