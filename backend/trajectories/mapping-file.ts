import { parse, stringify } from 'yaml';
import { mappingProblems, TrajectoryMapping } from '../../shared/formats/mapping';
import { TrellisError } from '../../shared/errors';
import { writeFileAtomic } from '../files/atomic-write';
import { readInputText } from '../files/input-file';

/** A mapping file is YAML when its name says so, JSON otherwise. */
const isYaml = (file: string) => /\.ya?ml$/i.test(file);

/** The text of a mapping file: YAML for `.yaml`/`.yml`, pretty JSON otherwise. */
export function mappingFileText(mapping: TrajectoryMapping, file: string): string {
  return isYaml(file) ? stringify(mapping) : `${JSON.stringify(mapping, null, 2)}\n`;
}

/** Writes a mapping to a file a colleague can use (`trellis import --mapping FILE`). */
export function writeMappingFile(file: string, mapping: TrajectoryMapping): void {
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
