import fs from 'node:fs';
import { ApiSecrets, defaultConfigDir } from '../backend';
import { TrellisError } from '../shared/errors';
import type { Verb } from './verb';

/** Standard input whole, without the line end a typed or echoed value ends with. */
function readStdin(): string {
  try {
    return fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '');
  } catch {
    return '';
  }
}

export const graphSecretVerb: Verb = {
  name: 'graph secret',
  summary:
    'Set a secret that HTTP tools send (an API key, a token; user:password for HTTP Basic), read from standard input, ' +
    'so it is not left in your shell history. Kept in your own config folder on this machine, never in a workspace. ' +
    'Tools imported from an API description name their secrets <api>/<scheme>; trellis graph import-tools lists those not set.',
  usage: 'trellis graph secret NAME [--clear] [--json]   (the value on standard input)',
  positional: 'name',
  options: {
    name: { type: 'string', description: 'The secret, as the tool runtime names it (e.g. petstore/api_key)' },
    clear: { type: 'boolean', description: 'Remove it instead' },
  },
  run(values, io) {
    if (typeof values.name !== 'string')
      throw new TrellisError('E1002', 'No secret named.', 'echo "$TOKEN" | trellis graph secret NAME');
    const value = values.clear ? '' : readStdin();
    if (!values.clear && !value)
      throw new TrellisError(
        'E1002',
        'No value on standard input; nothing was set.',
        `Pipe it in: echo "$TOKEN" | trellis graph secret ${values.name}  (or --clear to remove it).`,
      );
    new ApiSecrets(defaultConfigDir()).set(values.name, value);
    if (io.json) io.out(JSON.stringify({ ok: true, name: values.name, set: !values.clear }));
    else io.out(values.clear ? `Removed the secret ${values.name}.` : `Set the secret ${values.name} on this machine.`);
    return Promise.resolve(0);
  },
};
