import type { Result } from '../../../../shared/contract';
import { createStore, keepInStorage } from '../../state/create-store';

export type WorfResult = Result<'evaluation.worfbench'>;
export type BfclResult = Result<'evaluation.bfcl'>;
export type EvaluateFiles = { pred: string; gold: string; answers: string; entries: string };

export interface EvaluateForm {
  metric: 'worfbench' | 'bfcl';
  files: EvaluateFiles;
  compat: boolean;
  fc: boolean;
  matcher: 'lexical' | 'model';
}

interface EvaluateState extends EvaluateForm {
  /** The last scores of each metric: kept while the app runs, not across a reload (they can be large). */
  worf: WorfResult | null;
  bfcl: BfclResult | null;
  setForm(patch: Partial<EvaluateForm>): void;
  setFile(key: keyof EvaluateFiles, value: string): void;
  setWorf(result: WorfResult): void;
  setBfcl(result: BfclResult): void;
}

/**
 * The Evaluate panel's form and last scores, outside the panel: a switch to another workspace and
 * back finds them as they were, and the files and options are kept in localStorage, so a reload
 * of the window does too.
 */
export const useEvaluate = createStore<EvaluateState>(
  keepInStorage(
    (set) => ({
      metric: 'worfbench',
      files: { pred: '', gold: '', answers: '', entries: '' },
      compat: false,
      fc: false,
      matcher: 'lexical',
      worf: null,
      bfcl: null,
      setForm: (patch) => set(patch),
      setFile: (key, value) => set((s) => ({ files: { ...s.files, [key]: value } })),
      setWorf: (worf) => set({ worf }),
      setBfcl: (bfcl) => set({ bfcl }),
    }),
    {
      name: 'trellis.evaluate',
      partialize: ({ metric, files, compat, fc, matcher }): EvaluateForm => ({ metric, files, compat, fc, matcher }),
    },
  ),
);

/** What the panel shows: the form and the last scores. */
export const selectEvaluate = ({ metric, files, compat, fc, matcher, worf, bfcl }: EvaluateState) => ({
  metric,
  files,
  compat,
  fc,
  matcher,
  worf,
  bfcl,
});
