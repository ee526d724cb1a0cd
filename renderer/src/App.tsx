import { useEffect } from 'react';
import { CommandsContext } from './commands/commands-context';
import { useShortcuts } from './commands/use-shortcuts';
import { ActivityBar } from './components/ActivityBar';
import { CommandPalette } from './components/CommandPalette';
import { ErrorBoundary } from './components/ErrorBoundary';
import { MenuBar } from './components/MenuBar';
import { PromptDialog } from './components/PromptDialog';
import { StatusBar } from './components/StatusBar';
import { useUi } from './state/ui-store';
import { COMMANDS, deliverIntent, WORKSPACE_LIST, WORKSPACE_NAMES, WORKSPACES } from './workspaces/registry';

/** The open workspace, from the registry. */
function ActiveWorkspace() {
  const { View } = WORKSPACES[useUi((s) => s.workspace)];
  return <View />;
}

/** An intent one workspace raised for another (`openIn`) reaches it as soon as it is raised. */
function useIntents(): void {
  useEffect(
    () =>
      useUi.subscribe((state) => {
        if (!state.intent) return;
        const intent = state.takeIntent();
        if (intent) deliverIntent(intent);
      }),
    [],
  );
}

/** What every workspace says in the status bar, open or not (WorkspaceDescriptor.StatusItem). */
const statusItems = WORKSPACE_LIST.map(({ id, StatusItem }) => StatusItem && <StatusItem key={id} />);

/** Every workspace's watcher, open or not (WorkspaceDescriptor.Watcher). */
function Watchers() {
  return WORKSPACE_LIST.map(({ id, Watcher }) => Watcher && <Watcher key={id} />);
}

export function App() {
  const theme = useUi((s) => s.theme);
  const workspace = useUi((s) => s.workspace);
  useShortcuts(COMMANDS);
  useIntents();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return (
    <CommandsContext.Provider value={COMMANDS}>
      <div className="app">
        <MenuBar commands={COMMANDS} />
        <div className="body">
          <ActivityBar workspaces={WORKSPACE_LIST} />
          <main>
            <ErrorBoundary key={workspace} what={`the ${WORKSPACE_NAMES[workspace]} workspace`}>
              <ActiveWorkspace />
            </ErrorBoundary>
          </main>
        </div>
        <StatusBar names={WORKSPACE_NAMES} items={statusItems} />
        <CommandPalette commands={COMMANDS} names={WORKSPACE_NAMES} />
        <PromptDialog />
        <Watchers />
      </div>
    </CommandsContext.Provider>
  );
}
