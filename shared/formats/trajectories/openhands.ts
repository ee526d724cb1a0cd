import { defineFormat } from './descriptor';
import { RecordError } from './records';

// Placeholder: being written.
export const openhandsFormat = defineFormat({
  id: 'openhands',
  label: 'openhands',
  recognisedBy: '',
  versions: '',
  detect: () => false,
  parse: () => {
    throw new RecordError('not read yet');
  },
  turnFields: [],
});
