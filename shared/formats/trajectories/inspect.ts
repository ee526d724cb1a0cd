import { defineFormat } from './descriptor';
import { RecordError } from './records';

// Placeholder: being written.
export const inspectFormat = defineFormat({
  id: 'inspect',
  label: 'inspect',
  recognisedBy: '',
  versions: '',
  detect: () => false,
  parse: () => {
    throw new RecordError('not read yet');
  },
  turnFields: [],
});
