import { ListChecks } from 'lucide-react';
import type { WorkspaceDescriptor } from '../descriptor';
import { RUN_COMMANDS } from './commands';
import { RunsWorkspace } from './RunsWorkspace';
import { useRuns } from './state';

export const runsWorkspace: WorkspaceDescriptor<'runs'> = {
  id: 'runs',
  label: 'Plans & Runs',
  icon: ListChecks,
  key: '2',
  View: RunsWorkspace,
  commands: RUN_COMMANDS,
  receive: ({ trajectoryId }) => void useRuns.getState().openTrajectory(trajectoryId),
};
