import { defineFormat } from './descriptor';
import { RecordError } from './records';

// Placeholder: being written.
export const sweAgentFormat = defineFormat({
  id: 'swe-agent',
  label: 'swe-agent',
  recognisedBy: '',
  versions: '',
  detect: () => false,
  parse: () => {
    throw new RecordError('not read yet');
  },
  turnFields: [],
});
