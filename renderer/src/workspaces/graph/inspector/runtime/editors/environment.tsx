import type { EditorProps, RuntimeEditor } from './types';

/** Which of the environment's tools answers this one (its own name unless another is given). */
function EnvironmentEditor({ tool, runtime, onChange }: EditorProps<'environment'>) {
  return (
    <div className="runtime-fields">
      <label>
        Environment tool
        <input
          value={runtime.method ?? ''}
          placeholder={tool.name}
          spellCheck={false}
          onChange={(e) => {
            const { method: _drop, ...rest } = runtime;
            onChange(e.target.value ? { ...rest, method: e.target.value } : rest);
          }}
        />
      </label>
      <p className="muted">
        The tool answers from the graph’s environment: the world its tools share, kept across the calls of a run.
      </p>
    </div>
  );
}

export const environmentEditor: RuntimeEditor<'environment'> = {
  Editor: EnvironmentEditor,
  forSelection: {
    label: 'The graph’s environment (each tool by its own name)',
    runtimeFor: () => ({ kind: 'environment' }),
  },
};
