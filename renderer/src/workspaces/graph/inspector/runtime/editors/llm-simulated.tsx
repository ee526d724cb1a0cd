import type { EditorProps, RuntimeEditor } from './types';

/** What the model should know when it plays the tool (its description and returns schema are always given). */
function SimulatedEditor({ runtime, onChange }: EditorProps<'llm-simulated'>) {
  return (
    <div className="runtime-fields">
      <label>
        Instructions for the model
        <textarea
          rows={3}
          value={runtime.instructions ?? ''}
          placeholder="e.g. Rooms are r1 (bedroom) and r2 (kitchen); temperatures are between 15 and 25."
          onChange={(e) => {
            const { instructions: _drop, ...rest } = runtime;
            onChange(e.target.value ? { ...rest, instructions: e.target.value } : rest);
          }}
        />
      </label>
      <p className="muted">
        The loaded model answers with JSON of the tool’s returns schema. Load a model (or connect a server) in Models.
      </p>
    </div>
  );
}

export const simulatedEditor: RuntimeEditor<'llm-simulated'> = {
  Editor: SimulatedEditor,
  forSelection: { label: 'Simulated by the model', runtimeFor: () => ({ kind: 'llm-simulated' }) },
};
