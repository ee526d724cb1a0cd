import {
  HERMES_THOUGHTS,
  OPENAI_THOUGHTS,
  SHAREGPT_THOUGHTS,
  toHermes,
  toOpenAI,
  toShareGPT,
  toWorkflowItem,
  type ExportItem,
  type ReasoningMode,
} from './export-records';

/**
 * The SFT formats an export writes, one descriptor each: the contract's enum, the Export form's
 * list, the CLI's usage, the exporter and everything the export and its report do differently
 * per format come from here. A format added here is a type error wherever it must be handled
 * (its checks in `EXPORT_RULES`), and nowhere else.
 */
export const EXPORT_FORMAT_IDS = ['openai', 'sharegpt', 'hermes', 'worfbench'] as const;
export type ExportFormat = (typeof EXPORT_FORMAT_IDS)[number];

export interface ExportFormatDescriptor {
  /** What the Export form lists. */
  label: string;
  /** How messages name the format ("Nothing to export in OpenAI chat …"). */
  name: string;
  /** `jsonl`: one record a line; `json`: one JSON array of records (WorfBench's files). */
  file: 'jsonl' | 'json';
  /** The ways the format can write a thought, its default first (WorfBench's plans have no turn to put one in). */
  reasoning: readonly ReasoningMode[];
  /**
   * Whether its records carry a trajectory's outcome and metadata. ShareGPT keeps them as two
   * JSON-text columns, which LLaMA-Factory's converter leaves aside (it reads only the columns its
   * dataset_info.json maps); OpenAI's fine-tuning lines and the others have no field for them.
   */
  carriesRunRecord: boolean;
  /** Whether it writes per-turn training weights (OpenAI's `weight`); elsewhere every turn counted is trained on. */
  writesWeights: boolean;
  /** Whether its records are the turns (false: WorfBench's items hold a plan, nothing of them is a turn to train on). */
  writesTurns: boolean;
  /** Text said beside a call goes into the call turn's thought block (ShareGPT's function_call turn holds one). */
  textBesideCallsAsThought: boolean;
  /** Whether the export also writes LLaMA-Factory's `dataset_info.json` beside the files. */
  writesDatasetInfo: boolean;
  /** The record of an item (`objectArguments`: see `toOpenAI`; the other formats take none). */
  toRecord: (item: ExportItem, objectArguments?: Set<object>) => object;
}

export const EXPORT_FORMATS: Readonly<Record<ExportFormat, ExportFormatDescriptor>> = {
  openai: {
    label: 'OpenAI chat JSONL',
    name: 'OpenAI chat',
    file: 'jsonl',
    reasoning: OPENAI_THOUGHTS,
    carriesRunRecord: false,
    writesWeights: true,
    writesTurns: true,
    textBesideCallsAsThought: false,
    writesDatasetInfo: false,
    toRecord: toOpenAI,
  },
  sharegpt: {
    label: 'LLaMA-Factory ShareGPT',
    name: 'LLaMA-Factory ShareGPT',
    file: 'jsonl',
    reasoning: SHAREGPT_THOUGHTS,
    carriesRunRecord: true,
    writesWeights: false,
    writesTurns: true,
    textBesideCallsAsThought: true,
    writesDatasetInfo: true,
    toRecord: toShareGPT,
  },
  hermes: {
    label: 'Hermes',
    name: 'Hermes',
    file: 'jsonl',
    reasoning: HERMES_THOUGHTS,
    carriesRunRecord: false,
    writesWeights: false,
    writesTurns: true,
    textBesideCallsAsThought: false,
    writesDatasetInfo: false,
    toRecord: toHermes,
  },
  worfbench: {
    label: 'WorfBench plans',
    name: 'WorfBench',
    file: 'json',
    reasoning: ['drop'],
    carriesRunRecord: false,
    writesWeights: false,
    writesTurns: false,
    textBesideCallsAsThought: false,
    writesDatasetInfo: false,
    toRecord: toWorkflowItem,
  },
};

/** `openai|sharegpt|hermes|worfbench`, for usage lines. */
export const EXPORT_FORMAT_CHOICES = EXPORT_FORMAT_IDS.join('|');
