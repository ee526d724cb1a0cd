import fs from 'node:fs';
import path from 'node:path';
import type { TrajectoryMapping } from '../shared/formats/mapping';
import { TrellisError } from '../shared/errors';
import { countOf } from '../shared/text';
import { readMappingFile } from '../backend';
import { openBackend } from './backend-helpers';
import type { VerbIO } from './verb';

/**
 * `--mapping`: a file when one is at that path (or the name ends in .json/.yaml), else the name
 * of a mapping saved in the workspace (the backend looks it up).
 */
export function readMappingOption(value: unknown): string | TrajectoryMapping | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !value.trim())
    throw new TrellisError('E1002', '--mapping needs a mapping file (.json or .yaml) or the name of a saved mapping.');
  if (fs.existsSync(value) || /\.(json|ya?ml)$/i.test(value)) return readMappingFile(path.resolve(value));
  return value.trim();
}

/** `--propose-mapping OUT`: writes the proposed mapping for a file, and says what was found and what to check. */
export async function proposeMappingTo(
  values: Record<string, unknown>,
  file: string,
  out: string,
  io: VerbIO,
): Promise<number> {
  if (!out.trim()) throw new TrellisError('E1002', '--propose-mapping needs a file to write (mapping.yaml or .json).');
  const backend = openBackend(values, { create: true });
  try {
    const name = path.basename(file).replace(/\..*$/, '') || 'my mapping';
    const proposal = await backend.registry.invoke('mappings.propose', { path: file, name });
    if (!proposal.mapping)
      throw new TrellisError(
        'E4005',
        `No mapping to propose for ${file}: ${proposal.reason ?? 'nothing found'} in its first ${countOf(proposal.sample.records, 'record')}.`,
        'A mapping needs an array of messages (objects with a role and a text field) in each record.',
      );
    await backend.registry.invoke('mappings.export', { mapping: proposal.mapping, path: path.resolve(out) });
    if (io.json) {
      io.out(JSON.stringify({ ok: true, path: path.resolve(out), ...proposal }));
      return 0;
    }
    const mapping = proposal.mapping;
    if (mapping.messages === undefined)
      io.out(
        `Wrote ${out}: ${proposal.claimedBy ?? 'the reader'} reads the turns; the mapping adds what it names below.`,
      );
    else io.out(`Wrote ${out}: runs at "${mapping.runs}", messages at "${mapping.messages}".`);
    const best = proposal.found.find((f) => f.runs === mapping.runs && f.messages === mapping.messages);
    if (mapping.shape) io.out('  messages read as a provider wrote them (roles, text, calls, results by id)');
    else if (best) {
      const role = best.roleFields[0]!;
      const placed = new Set(Object.values(mapping.roles).flat());
      const values = role.values.map((v) => `${v.value}${placed.has(v.value) ? '' : ' (unplaced)'}`);
      io.out(`  roles from "${role.field}": ${values.join(', ')}`);
      io.out(
        `  content from "${mapping.content}"${mapping.calls ? `, calls from ${describeCalls(mapping.calls)}` : ''}`,
      );
    }
    if (mapping.outcome) io.out(`  outcome from "${mapping.outcome.path}"`);
    if (mapping.model) io.out(`  model from "${mapping.model}"`);
    if (mapping.taskId) io.out(`  task id from "${mapping.taskId}"`);
    for (const other of proposal.found.filter((f) => f !== best).slice(0, 3))
      io.out(`  also found: messages at "${other.messages}" (runs "${other.runs}")`);
    io.out(`Check it, place any unplaced role, then: trellis import ${path.basename(file)} --mapping ${out}`);
    return 0;
  } finally {
    backend.close();
  }
}

const describeCalls = (calls: NonNullable<TrajectoryMapping['calls']>) =>
  calls.from === 'text' ? `${calls.style} text` : calls.path === '$' ? 'the message itself' : `"${calls.path}"`;
