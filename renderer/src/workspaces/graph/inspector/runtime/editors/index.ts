import type { RuntimeKind } from '../../../../../../../shared/runtimes';
import { environmentEditor } from './environment';
import { fixedEditor } from './fixed';
import { httpEditor } from './http';
import { simulatedEditor } from './llm-simulated';
import { mcpEditor } from './mcp';
import { mockEditor } from './mock';
import { replayEditor } from './replay';
import type { RuntimeEditor } from './types';

export type { EditorProps, RuntimeEditor, SelectionChoice } from './types';

/** The inspector's editor of every runtime kind, one file each. */
export const RUNTIME_EDITORS: { [K in RuntimeKind]: RuntimeEditor<K> } = {
  mock: mockEditor,
  fixed: fixedEditor,
  'llm-simulated': simulatedEditor,
  mcp: mcpEditor,
  http: httpEditor,
  replay: replayEditor,
  environment: environmentEditor,
};
