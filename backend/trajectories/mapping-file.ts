import fs from 'node:fs';
import { parse, stringify } from 'yaml';
import { mappingProblems, TrajectoryMapping } from '../../shared/formats/mapping';
import { TrellisError } from '../../shared/errors';
import { writeFileAtomic } from '../files/atomic-write';
import { readInputText } from '../files/input-file';

/** A mapping file is YAML when its name says so, JSON otherwise. */
const isYaml = (file: string) => /\.ya?ml$/i.test(file);

/** The text of a mapping file: YAML for `.yaml`/`.yml`, pretty JSON otherwise. */
export function mappingFileText(mapping: TrajectoryMapping, file: string): string {
  const written = withoutDefaults(mapping);
  return isYaml(file) ? stringify(written) : `${JSON.stringify(written, null, 2)}\n`;
}

/** The mapping as a person writes it: the schema's defaults (and what only messages' fields use, when there are none) left out. */
function withoutDefaults(mapping: TrajectoryMapping): Partial<TrajectoryMapping> {
  const fields = mapping.messages !== undefined && !mapping.shape;
  const left = new Set<string>();
  if (!fields || mapping.role === 'role') left.add('role');
  if (!fields || !Object.keys(mapping.roles).length) left.add('roles');
  if (!fields || mapping.content === 'content') left.add('content');
  // Filtered in the schema's order, so the file reads as the README shows it.
  return Object.fromEntries(Object.entries(mapping).filter(([key]) => !left.has(key)));
}

/** Writes a mapping to a file a colleague can use (`trellis import --mapping FILE`). */
export function writeMappingFile(file: string, mapping: TrajectoryMapping, replace = false): void {
  // What `--mapping` reads back is told by the name: a mapping goes only into a mapping's file.
  if (!/\.(ya?ml|json)$/i.test(file))
    throw new TrellisError('E4005', `${file} is not a mapping file's name: end it with .yaml, .yml or .json.`);
  if (!replace && fs.existsSync(file)) throw new TrellisError('E3006', `${file} exists.`);
  writeFileAtomic(file, mappingFileText(mapping, file));
}

/** Reads a mapping file (JSON or YAML); what it holds is checked with the mapping's schema. */
export function readMappingFile(file: string): TrajectoryMapping {
  // A mapping is a few hundred bytes: a file far larger is not one.
  const text = readInputText(file, { what: 'mapping file', maxBytes: 2 ** 20 });
  let value: unknown;
  try {
    // YAML reads JSON too; a file named .json is read strictly as JSON, so its errors name JSON.
    value = isYaml(file) ? parse(text) : JSON.parse(text);
  } catch (error) {
    throw new TrellisError('E4005', `${file} is not ${isYaml(file) ? 'YAML' : 'JSON'}: ${(error as Error).message}`);
  }
  const parsed = TrajectoryMapping.safeParse(value);
  if (!parsed.success)
    throw new TrellisError('E4005', `${file} is not a Trellis mapping: ${mappingProblems(value).join('; ')}.`);
  return parsed.data;
}
