import { lazy, Suspense } from 'react';
import type { EditorProps, RuntimeEditor } from './types';

// Monaco loads only when a mock is shown.
const CodeEditor = lazy(() => import('../../../../../components/CodeEditor'));

function MockEditor({ tool, runtime, onChange }: EditorProps<'mock'>) {
  return (
    <Suspense fallback={<p className="muted">Loading editor…</p>}>
      {/* The body of a function of `args` that returns the result; undo outside it replaces the text. */}
      <CodeEditor
        path={`inmemory://trellis/${tool.name}.mock.js`}
        label={`Mock code of ${tool.name}`}
        className="mock-editor"
        height="200px"
        code={runtime.code}
        onChange={(code) => onChange({ ...runtime, code })}
      />
    </Suspense>
  );
}

/** Set per tool only: each tool's code is its own. */
export const mockEditor: RuntimeEditor<'mock'> = { Editor: MockEditor };
