import { GoalVerdict, type EnvironmentCall } from '../../shared/domain';
import { isObject } from '../../shared/json';
import type { MockRunner } from '../executor/runtimes/mock-runner';
import { DEFAULT_LIMITS } from '../executor/runtimes/sandbox';

/** What one call into an environment gave: its result and the state after, or why it failed (the state as it was). */
export type WorldAnswer = { ok: true; result: unknown; state: unknown } | { ok: false; error: string };

/**
 * A state may be larger than a tool's result (a whole file system, a shop): the answer carrying
 * both may be this much JSON.
 */
const ANSWER_BYTES = 8 * DEFAULT_LIMITS.resultBytes;

/**
 * The environment's code in a function of its own, so that what it declares (`tools`, `goal`,
 * even a name `args`) neither clashes with the sandbox's own names nor leaks into them.
 */
/** Where the environment's code begins in what `declared` makes of it: its errors are counted from there. */
const CODE_LINE = 3;

const declared = (code: string) => `const request = args;
const declared = (function () {
${code}
;
return { tools: typeof tools === 'undefined' ? undefined : tools, goal: typeof goal === 'undefined' ? undefined : goal };
})();`;

/** Said where the environment's code declares no `tools` (on a call, and when the code is checked). */
const NO_TOOLS = 'The environment declares no tools: its code must define const tools = { name(state, args) { … } }';

/**
 * Calls `request.tool` on the state and arguments (under names the environment's code, which
 * may not declare `tools`, cannot see); the problems the environment itself has (no
 * such tool, a state that is no longer JSON) come back as `problem`, not thrown, so they are not
 * reported as the code throwing.
 */
const CALL = `
const declaredTools = declared.tools;
if (!declaredTools || typeof declaredTools !== 'object')
  return { problem: ${JSON.stringify(NO_TOOLS)} };
const names = Object.keys(declaredTools).filter((name) => typeof declaredTools[name] === 'function');
if (!Object.prototype.hasOwnProperty.call(declaredTools, request.tool) || typeof declaredTools[request.tool] !== 'function')
  return { problem: 'The environment has no tool "' + request.tool + '"; its tools are: ' + (names.join(', ') || 'none') };
const state = request.state;
const result = declaredTools[request.tool](state, request.args);
let text;
try { text = JSON.stringify(state); } catch (error) { text = undefined; }
if (text === undefined)
  return { problem: request.tool + ' left a state that is not JSON (a function, a cycle or a BigInt in it); the state was left as it was' };
return { result: result === undefined ? null : result, state: JSON.parse(text) };`;

const DESCRIBE = `
// Not named tools: the environment's code, which may not declare it, would see this one.
const declaredTools = declared.tools;
const names = declaredTools && typeof declaredTools === 'object'
  ? Object.keys(declaredTools).filter((name) => typeof declaredTools[name] === 'function')
  : null;
return { tools: names, goal: typeof declared.goal === 'function' };`;

const GOAL = `
if (typeof declared.goal !== 'function') return { declared: false };
const verdict = declared.goal(request.state, request.calls);
return { declared: true, verdict: verdict === undefined ? null : verdict };`;

/** Why `state` cannot be handed to an environment, or null when it is JSON. */
function stateProblem(state: unknown): string | null {
  try {
    return JSON.stringify(state) === undefined ? 'the state is not JSON' : null;
  } catch (error) {
    return `the state is not JSON: ${(error as Error).message}`;
  }
}

/**
 * Runs one tool of an environment in the sandbox (QuickJS, with the mocks' time and memory
 * limits) on a copy of `state`: the result and the state it left, or an error with the state
 * left unchanged (the caller keeps the state it had).
 */
export async function callInWorld(
  mocks: MockRunner,
  code: string,
  call: { tool: string; state: unknown; args: unknown; seed?: number },
): Promise<WorldAnswer> {
  const problem = stateProblem(call.state);
  if (problem) return { ok: false, error: `${call.tool} was not called: ${problem}.` };
  try {
    const answer = await mocks.run(
      `${declared(code)}\n${CALL}`,
      { tool: call.tool, state: call.state ?? null, args: call.args ?? {} },
      {
        seed: call.seed ?? DEFAULT_LIMITS.seed,
        subject: `${call.tool} in the environment`,
        resultBytes: ANSWER_BYTES,
        codeLine: CODE_LINE,
      },
    );
    if (!isObject(answer)) return { ok: false, error: `${call.tool} in the environment gave no answer.` };
    if (typeof answer.problem === 'string') return { ok: false, error: `${answer.problem}.` };
    return { ok: true, result: answer.result, state: answer.state };
  } catch (error) {
    // The message begins with the tool's own name ("add_item in the environment threw …"), as written.
    const message = (error as Error).message;
    // Code that does not parse fails before any tool runs, with the tool's name on it: say where to look.
    const parse = / threw SyntaxError\b/.test(message)
      ? ' If the SyntaxError is in the environment’s code itself, it does not parse: fix it in Graph → Edit Environment….'
      : '';
    return { ok: false, error: `${message}; the state was left as it was.${parse}` };
  }
}

/**
 * The environment's goal check on a state and the calls that led to it: its verdict, or null
 * when the code declares no `goal`. Throws (the message for the user) when the goal throws, runs
 * out of time, or answers anything but `{ success, reason }`.
 */
export async function checkGoal(
  mocks: MockRunner,
  code: string,
  check: { state: unknown; calls: readonly EnvironmentCall[] },
): Promise<GoalVerdict | null> {
  const problem = stateProblem(check.state);
  if (problem) throw new Error(`The goal was not checked: ${problem}.`);
  const answer = await mocks.run(
    `${declared(code)}\n${GOAL}`,
    { state: check.state ?? null, calls: check.calls },
    { subject: 'the goal check', resultBytes: ANSWER_BYTES, codeLine: CODE_LINE },
  );
  if (!isObject(answer) || !answer.declared) return null;
  const verdict = answer.verdict;
  const success = isObject(verdict) ? verdict.success : verdict;
  if (typeof success !== 'boolean')
    throw new Error(
      `The goal check answered ${JSON.stringify(verdict)}; it must return { success: true or false, reason: '…' }.`,
    );
  const reason = isObject(verdict) && typeof verdict.reason === 'string' ? verdict.reason : '';
  return GoalVerdict.parse({
    success,
    reason: reason || (success ? 'the goal is reached' : 'the goal is not reached'),
  });
}

/**
 * What the environment's code declares when it runs (its tool functions, whether it has a goal),
 * or why it does not run: the editor says so as the code is typed, before any tool is tried.
 */
export async function describeWorld(
  mocks: MockRunner,
  code: string,
): Promise<{ ok: true; tools: string[]; goal: boolean } | { ok: false; error: string }> {
  try {
    const answer = await mocks.run(
      `${declared(code)}\n${DESCRIBE}`,
      {},
      { subject: 'The environment’s code', codeLine: CODE_LINE },
    );
    if (!isObject(answer) || !Array.isArray(answer.tools))
      return {
        ok: false,
        error: `${NO_TOOLS}.`,
      };
    return {
      ok: true,
      tools: answer.tools.filter((name): name is string => typeof name === 'string'),
      goal: answer.goal === true,
    };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
