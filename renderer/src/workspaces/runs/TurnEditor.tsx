import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Turn } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useRuns } from './state';
import { SchemaNote } from './SchemaNote';
import { useCallTool } from './use-call-tool';

const JsonEditor = lazy(() => import('../../components/JsonEditor'));

/** The text parsed as JSON, or undefined when it is not JSON (an observation in plain words). */
function jsonOf(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

interface Props {
  index: number;
  turn: Turn;
  /** The graph the run is on: its tools (else those its recording declared) give the editors completion and checks. */
  graphId: string | null;
  /** For an observation, the tool whose call it answers. */
  answers: string | null;
  close(): void;
}

/**
 * Edits one turn of a paused run before forking: a call's arguments, and an observation that is
 * JSON, in Monaco with completion and squiggles from the tool's parameters or result schema;
 * thoughts and plain text in text boxes. It opens focused; Ctrl+Enter saves, Escape cancels.
 */
export function TurnEditor({ index, turn, graphId, answers, close }: Props) {
  const act = useRuns((s) => s.act);
  const call = turn.toolCalls?.[0];
  const toolName = call?.name ?? answers ?? undefined;
  const known = useCallTool(toolName, graphId);
  const [thought, setThought] = useState(turn.thought ?? '');
  const [content, setContent] = useState(turn.content ?? '');
  const [args, setArgs] = useState(call ? JSON.stringify(call.args, null, 2) : '');
  const [error, setError] = useState<string | null>(null);
  // An observation opens in the JSON editor when it is JSON; plain words keep a text box.
  const [observation] = useState(() => (turn.role === 'tool' ? jsonOf(turn.content ?? '') : undefined));
  const jsonField = call !== undefined || observation !== undefined;
  // The form opens under the turn: bring it into view, first field ready to type in (a JSON
  // editor takes the focus itself once it has loaded).
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'nearest' });
    form.current?.querySelector('textarea')?.focus({ preventScroll: true });
  }, []);
  const save = () => {
    let parsedArgs: unknown;
    if (call) {
      const parsed = jsonOf(args);
      if (!parsed) {
        setError('The arguments are not valid JSON yet: fix the underlined text, then save.');
        return;
      }
      parsedArgs = parsed.value;
    }
    void act((runId) =>
      api.invoke('runs.edit', {
        runId,
        turnIndex: index,
        ...(turn.role === 'assistant' ? { thought } : {}),
        ...(turn.role !== 'assistant' || !call ? { content } : {}),
        ...(call ? { callId: call.id, args: parsedArgs } : {}),
      }),
    ).then(close);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Monaco keeps the Escape it needs (closing its suggestions) to itself.
    if (e.key === 'Escape' && !e.defaultPrevented) {
      e.preventDefault();
      close();
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      save();
    }
  };
  const label = turn.role === 'tool' ? 'Observation' : 'Text';
  return (
    <div className="turn-editor" aria-label={`Edit turn ${index}`} ref={form} onKeyDown={onKeyDown}>
      {turn.role === 'assistant' && (
        <label>
          Thought
          <textarea aria-label="Thought" rows={2} value={thought} onChange={(e) => setThought(e.target.value)} />
        </label>
      )}
      {jsonField ? (
        <div className="turn-json">
          <span>{call ? `Arguments of ${call.name}` : `${label} from ${answers ?? 'the tool'}`}</span>
          <Suspense fallback={<p className="muted">Loading editor…</p>}>
            {call ? (
              <JsonEditor
                path={`run.turn${index}.args`}
                label="Call arguments"
                value={call.args}
                // A run's call holds values, never references to other steps: the tool's own parameters.
                schema={known.tool?.parameters}
                onChange={() => setError(null)}
                onText={setArgs}
                onSubmit={save}
                autoFocus={turn.role !== 'assistant'}
              />
            ) : (
              <JsonEditor
                path={`run.turn${index}.observation`}
                label={label}
                value={observation!.value}
                schema={known.tool?.returns}
                onText={setContent}
                onSubmit={save}
                autoFocus
              />
            )}
          </Suspense>
          <SchemaNote
            toolName={toolName}
            known={known}
            part={call ? 'parameters' : 'returns'}
            text={call ? args : content}
          />
        </div>
      ) : (
        <label>
          {label}
          <textarea aria-label={label} rows={4} value={content} onChange={(e) => setContent(e.target.value)} />
        </label>
      )}
      {error && <p className="error">{error}</p>}
      <div className="row">
        <button type="button" className="primary" onClick={save} title="Save edit (Ctrl+Enter)">
          Save edit
        </button>
        <button type="button" onClick={close} title="Cancel (Escape)">
          Cancel
        </button>
      </div>
    </div>
  );
}
