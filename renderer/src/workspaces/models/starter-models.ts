/** A small instruct model a first-timer can download: enough for plans, agent runs and simulated tools. */
export interface StarterModel {
  name: string;
  /** The Hugging Face repository that holds the GGUF. */
  repository: string;
  file: string;
  /** The file's size, roughly. */
  size: string;
  note: string;
}

/** Smallest first: each runs on a laptop's CPU; Q4_K_M keeps quality for a quarter of the size. */
export const STARTER_MODELS: readonly StarterModel[] = [
  {
    name: 'Qwen2.5-0.5B-Instruct Q4_K_M',
    repository: 'Qwen/Qwen2.5-0.5B-Instruct-GGUF',
    file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    size: '≈ 0.5 GB',
    note: 'the quickest; fine for trying things out',
  },
  {
    name: 'Llama-3.2-1B-Instruct Q4_K_M',
    repository: 'bartowski/Llama-3.2-1B-Instruct-GGUF',
    file: 'Llama-3.2-1B-Instruct-Q4_K_M.gguf',
    size: '≈ 0.8 GB',
    note: 'a second family to compare with',
  },
  {
    name: 'Qwen2.5-1.5B-Instruct Q4_K_M',
    repository: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF',
    file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
    size: '≈ 1.1 GB',
    note: 'better tool calls, still fast on a CPU',
  },
];
