import { Route } from 'lucide-react';
import type { WorkspaceDescriptor } from '../descriptor';
import { ChecksWatcher } from './ChecksWatcher';
import { TRAJECTORY_COMMANDS } from './commands';
import { useBrowserStore } from './state';
import { TrajectoriesWorkspace } from './TrajectoriesWorkspace';

export const trajectoriesWorkspace: WorkspaceDescriptor<'trajectories'> = {
  id: 'trajectories',
  label: 'Trajectories',
  icon: Route,
  key: '3',
  View: TrajectoriesWorkspace,
  commands: TRAJECTORY_COMMANDS,
  receive: ({ filter }) => useBrowserStore.setState({ filter }),
  Watcher: ChecksWatcher,
};
