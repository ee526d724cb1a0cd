import { problemParts } from '../../../shared/checks/format';
import type { Problem } from '../../../shared/domain/problem';

/** A problem's one line (`formatProblem`'s words), its place as code and its severity and code in bold. */
export function ProblemLine({ problem }: { problem: Problem }) {
  const parts = problemParts(problem);
  return (
    <>
      {parts.where && (
        <>
          <code>{parts.where}</code>:{' '}
        </>
      )}
      <strong>{parts.label}</strong>: {parts.message}
    </>
  );
}
