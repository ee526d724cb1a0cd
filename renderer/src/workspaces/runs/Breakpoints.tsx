import { useState } from 'react';
import type { RunView } from '../../../../shared/contract/runs';
import type { Breakpoint } from '../../../../shared/runs';
import { api } from '../../api/api';
import { useRuns } from './state';

/**
 * The debugger's breakpoints, shown on the open run (they hold in every run it opens): on tools,
 * on error observations, on argument values.
 */
export function Breakpoints({ run }: { run: RunView }) {
  const [param, setParam] = useState('');
  const [pattern, setPattern] = useState('');
  // Shown at once (checkboxes must not lag the click) and sent without making the debugger busy:
  // F5 pressed right after the click must not be dropped. Requests keep their order, so the
  // backend has the breakpoints before that Continue.
  const set = async (breakpoints: Breakpoint[]) => {
    useRuns.setState((s) => (s.run ? { run: { ...s.run, breakpoints } } : {}));
    try {
      await api.invoke('runs.setBreakpoints', { runId: run.id, breakpoints });
    } catch (error) {
      useRuns.setState({ error: (error as Error).message });
    }
  };
  const toolSet = new Set(run.breakpoints.flatMap((b) => (b.kind === 'tool' ? [b.tool] : [])));
  // The run's tools (a recording's too, with no graph), and any tool a breakpoint is set on, to clear it.
  const tools = [...new Set([...run.tools, ...toolSet])];
  const onError = run.breakpoints.some((b) => b.kind === 'error');
  return (
    <details className="breakpoints">
      <summary>Breakpoints ({run.breakpoints.length})</summary>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={onError}
          onChange={(e) =>
            void set(
              e.target.checked
                ? [...run.breakpoints, { kind: 'error' }]
                : run.breakpoints.filter((b) => b.kind !== 'error'),
            )
          }
        />{' '}
        Pause when an observation has an error
      </label>
      <div className="tool-breakpoints">
        {tools.map((tool) => (
          <label key={tool} className="checkbox">
            <input
              type="checkbox"
              aria-label={`Break before ${tool}`}
              checked={toolSet.has(tool)}
              onChange={(e) =>
                void set(
                  e.target.checked
                    ? [...run.breakpoints, { kind: 'tool', tool }]
                    : run.breakpoints.filter((b) => !(b.kind === 'tool' && b.tool === tool)),
                )
              }
            />{' '}
            {tool}
          </label>
        ))}
      </div>
      <div className="row">
        <input
          aria-label="Breakpoint argument"
          placeholder="argument"
          value={param}
          onChange={(e) => setParam(e.target.value)}
        />
        <input
          aria-label="Breakpoint pattern"
          placeholder="matches (regex)"
          value={pattern}
          onChange={(e) => setPattern(e.target.value)}
        />
        <button
          type="button"
          disabled={!param.trim() || !pattern.trim()}
          onClick={() => {
            void set([...run.breakpoints, { kind: 'argument', param: param.trim(), pattern: pattern.trim() }]);
            setParam('');
            setPattern('');
          }}
        >
          Add condition
        </button>
      </div>
      <ul>
        {run.breakpoints
          .filter((b) => b.kind === 'argument')
          .map((b, i) => (
            <li key={i}>
              {b.kind === 'argument' && `${b.param} ~ /${b.pattern}/`}{' '}
              <button type="button" onClick={() => void set(run.breakpoints.filter((x) => x !== b))}>
                remove
              </button>
            </li>
          ))}
      </ul>
    </details>
  );
}
