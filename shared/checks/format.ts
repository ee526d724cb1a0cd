import type { Problem, Where } from '../domain/problem';

/** `turn 3 $.toolCalls[0].name`, `s2 args.flight_id`, `plan dependsOn`, `search, book`; '' for a record. */
export function formatWhere(where: Where): string {
  switch (where.at) {
    case 'turn':
      return `turn ${where.turn} ${where.path}`;
    case 'step':
      return `${where.step ?? 'plan'} ${where.path}`;
    case 'graph':
      return where.tools.join(', ');
    case 'record':
      return '';
  }
}

/**
 * A message as shown after its place: a step's field is not named twice
 * (`s1 args.lat: … refers to s9` rather than `args.lat: … lat refers to s9`).
 */
function messageAfterWhere(where: Where, message: string): string {
  if (where.at !== 'step') return message;
  const field = where.path.replace(/^args\./, '');
  return field && message.startsWith(`${field} `) ? message.slice(field.length + 1) : message;
}

/** The parts of a problem's line, for views that style them; `formatProblem` joins them. */
export function problemParts(problem: Problem): { where: string; label: string; message: string } {
  return {
    where: formatWhere(problem.where),
    label: `${problem.severity} ${problem.code}`,
    message: messageAfterWhere(problem.where, problem.message),
  };
}

/**
 * One line per problem, the same in every panel and command:
 * `turn 3 $.toolCalls[0].name: error unknown-tool: "x" is not a tool of the graph.`
 */
export function formatProblem(problem: Problem): string {
  const { where, label, message } = problemParts(problem);
  return `${where ? `${where}: ` : ''}${label}: ${message}`;
}
