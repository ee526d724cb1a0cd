import type { Environment } from '../domain';
import { exampleValue } from '../runtimes/templates';
import type { ToolSignature } from '../runtimes/kinds/kind';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A tool name as a method of `tools` and as a key of `state`: `get_weather`, `'get-weather'`. */
const methodName = (name: string) => (IDENTIFIER.test(name) ? name : `'${name}'`);
const answerOf = (name: string) => (IDENTIFIER.test(name) ? `state.answers.${name}` : `state.answers['${name}']`);

/**
 * An environment to start from for a graph's tools: the initial state holds a count of calls and
 * an example result of each tool under its name in `answers`; each tool counts its call and answers what the
 * state holds for it; the goal check is a stub the user rewrites.
 */
export function environmentTemplate(tools: readonly ToolSignature[]): Environment {
  const methods = tools.map((tool) => {
    const params = Object.keys(
      typeof tool.parameters.properties === 'object' && tool.parameters.properties ? tool.parameters.properties : {},
    );
    return [
      `  ${methodName(tool.name)}(state, args) {`,
      ...(params.length ? [`    // args: ${params.map((p) => `args.${p}`).join(', ')}`] : []),
      '    state.calls += 1;',
      `    return ${answerOf(tool.name)};`,
      '  },',
    ].join('\n');
  });
  const code = [
    '// The world this graph’s tools share. Each tool reads and changes `state` (every run starts',
    '// from a copy of the initial state and keeps it across its calls) and returns its result.',
    'const tools = {',
    ...methods,
    '};',
    '',
    '// The run’s verdict from the world it left, given the calls that led there',
    '// ({ name, args, ok, result?, error? } each). Remove it to leave runs without a verdict.',
    'function goal(state, calls) {',
    '  const failed = calls.filter((call) => !call.ok).length;',
    '  return { success: calls.length > 0 && failed === 0, reason: `calls made: ${calls.length}, failed: ${failed}` };',
    '}',
    '',
  ].join('\n');
  const initialState = {
    calls: 0,
    answers: Object.fromEntries(tools.map((tool) => [tool.name, exampleValue(tool.name, tool.returns)])),
  };
  return { code, initialState };
}
