/** How a file holds its records, told from its content, with the name reports give it. */
export const FILE_SHAPE_LABELS = {
  jsonl: 'JSONL',
  'json-array': 'JSON array',
  'json-object': 'one JSON object',
  yaml: 'one YAML document',
  parquet: 'Parquet',
  zip: 'ZIP archive',
} as const;

export type FileShape = keyof typeof FILE_SHAPE_LABELS;

export const FILE_SHAPES = Object.keys(FILE_SHAPE_LABELS) as [FileShape, ...FileShape[]];

/** "JSON array, gzip": how an import report names what it read. */
export const describeFileShape = (shape: FileShape | null, gzip: boolean) =>
  `${shape ? FILE_SHAPE_LABELS[shape] : 'unknown shape'}${gzip ? ', gzip' : ''}`;

/**
 * The file names an import reads, for file pickers: JSON Lines, JSON (a SWE-agent `.traj`, a HAR
 * log), an inspect `.eval` (ZIP), Parquet, a YAML HTTP cassette, and any of them gzipped.
 */
export const TRAJECTORY_FILE_EXTENSIONS = ['jsonl', 'json', 'traj', 'eval', 'parquet', 'yaml', 'yml', 'har', 'gz'];
