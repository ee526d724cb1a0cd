import { Database } from 'lucide-react';
import type { WorkspaceDescriptor } from '../descriptor';
import { DATASET_COMMANDS } from './commands';
import { DatasetsWorkspace } from './DatasetsWorkspace';
import { useDatasetsFilter } from './state';

export const datasetsWorkspace: WorkspaceDescriptor<'datasets'> = {
  id: 'datasets',
  label: 'Datasets',
  icon: Database,
  key: '4',
  View: DatasetsWorkspace,
  commands: DATASET_COMMANDS,
  receive: ({ filter }) => useDatasetsFilter.setState({ filter }),
};
