import type { Tool } from '../../../../../shared/domain';

/** A fresh tool with one parameter and one result, so it can be connected right away. */
export function newTool(): Tool {
  return {
    name: 'new_tool',
    description: 'Describe what this tool does.',
    parameters: {
      type: 'object',
      properties: { input: { type: 'string', description: 'What the tool needs' } },
      required: ['input'],
    },
    returns: { type: 'object', properties: { result: { type: 'string', description: 'What the tool gives back' } } },
    runtime: null,
    position: { x: 0, y: 0 },
  };
}
