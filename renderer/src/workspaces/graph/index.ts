import { Workflow } from 'lucide-react';
import { useUi } from '../../state/ui-store';
import type { WorkspaceDescriptor } from '../descriptor';
import { GRAPH_COMMANDS } from './commands';
import { GraphWorkspace } from './GraphWorkspace';

export const graphWorkspace: WorkspaceDescriptor<'graph'> = {
  id: 'graph',
  label: 'Graph',
  icon: Workflow,
  key: '1',
  View: GraphWorkspace,
  commands: GRAPH_COMMANDS,
  receive: ({ graphId }) => useUi.getState().selectGraph(graphId),
};
