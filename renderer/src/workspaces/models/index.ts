import { BrainCircuit } from 'lucide-react';
import type { WorkspaceDescriptor } from '../descriptor';
import { MODEL_COMMANDS } from './commands';
import { ModelsWorkspace } from './ModelsWorkspace';

export const modelsWorkspace: WorkspaceDescriptor<'models'> = {
  id: 'models',
  label: 'Models',
  icon: BrainCircuit,
  key: '5',
  View: ModelsWorkspace,
  commands: MODEL_COMMANDS,
};
