import { Workflow } from 'lucide-react';
import { setCurrentGraph } from '../../state/current-graph';
import type { WorkspaceDescriptor } from '../descriptor';
import { GRAPH_COMMANDS } from './commands';
import { GraphWorkspace } from './GraphWorkspace';
import { GRAPH_LIST_COMMANDS } from './list-commands';
import { SaveStateNote } from './SaveStateNote';

export const graphWorkspace: WorkspaceDescriptor<'graph'> = {
  id: 'graph',
  label: 'Graph',
  icon: Workflow,
  key: '1',
  View: GraphWorkspace,
  commands: [...GRAPH_LIST_COMMANDS, ...GRAPH_COMMANDS],
  receive: ({ graphId }) => setCurrentGraph(graphId),
  StatusItem: SaveStateNote,
};
