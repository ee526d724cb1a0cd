import { lazy, Suspense } from 'react';
import type { EditorProps, RuntimeEditor } from './types';

// Monaco loads only when a mock is shown.
const MockCodeEditor = lazy(() => import('../MockCodeEditor'));

function MockEditor({ tool, runtime, onChange }: EditorProps<'mock'>) {
  return (
    <Suspense fallback={<p className="muted">Loading editor…</p>}>
      <MockCodeEditor tool={tool.name} code={runtime.code} onChange={(code) => onChange({ ...runtime, code })} />
    </Suspense>
  );
}

/** Set per tool only: each tool's code is its own. */
export const mockEditor: RuntimeEditor<'mock'> = { Editor: MockEditor };
