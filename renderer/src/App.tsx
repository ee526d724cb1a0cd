import { ErrorBoundary } from './components/ErrorBoundary';
import { useEffect } from 'react';
import { APP_COMMANDS } from './commands/app-commands';
import { GRAPH_COMMANDS } from './workspaces/graph/commands';
import { RUN_COMMANDS } from './workspaces/runs/commands';
import { DATASET_COMMANDS } from './workspaces/datasets/commands';
import { TRAJECTORY_COMMANDS } from './workspaces/trajectories/commands';
import { assertUnique } from './commands/registry';
import { useShortcuts } from './commands/use-shortcuts';
import { ActivityBar } from './components/ActivityBar';
import { CommandPalette } from './components/CommandPalette';
import { MenuBar } from './components/MenuBar';
import { PromptDialog } from './components/PromptDialog';
import { StatusBar } from './components/StatusBar';
import { useUi } from './state/ui-store';
import { GraphWorkspace } from './workspaces/graph/GraphWorkspace';
import { ModelsWorkspace } from './workspaces/models/ModelsWorkspace';
import { DatasetsWorkspace } from './workspaces/datasets/DatasetsWorkspace';
import { RunsWorkspace } from './workspaces/runs/RunsWorkspace';
import { TrajectoriesWorkspace } from './workspaces/trajectories/TrajectoriesWorkspace';

const COMMANDS = [...APP_COMMANDS, ...GRAPH_COMMANDS, ...RUN_COMMANDS, ...TRAJECTORY_COMMANDS, ...DATASET_COMMANDS];
assertUnique(COMMANDS);

function ActiveWorkspace() {
  switch (useUi((s) => s.workspace)) {
    case 'graph':
      return <GraphWorkspace />;
    case 'runs':
      return <RunsWorkspace />;
    case 'trajectories':
      return <TrajectoriesWorkspace />;
    case 'datasets':
      return <DatasetsWorkspace />;
    case 'models':
      return <ModelsWorkspace />;
  }
}

const WORKSPACE_NAMES = {
  graph: 'Graph',
  runs: 'Plans & Runs',
  trajectories: 'Trajectories',
  datasets: 'Datasets',
  models: 'Models',
} as const;

export function App() {
  const theme = useUi((s) => s.theme);
  const workspace = useUi((s) => s.workspace);
  useShortcuts(COMMANDS);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <div className="app">
      <MenuBar commands={COMMANDS} />
      <div className="body">
        <ActivityBar />
        <main>
          <ErrorBoundary key={workspace} what={`the ${WORKSPACE_NAMES[workspace]} workspace`}>
            <ActiveWorkspace />
          </ErrorBoundary>
        </main>
      </div>
      <StatusBar />
      <CommandPalette commands={COMMANDS} />
      <PromptDialog />
    </div>
  );
}
