import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonLiteral } from '../../../../shared/formats/trajectories/smolagents-python';
import { detectFormat, eventArrayFormat, formatDescriptor } from '../../../../shared/formats/trajectories/registry';

/**
 * smolagents runs as its own code saves them: a CodeAgent's `RunResult.dict()` (one step fails to
 * parse its code), a ToolCallingAgent's `memory.get_full_steps()` with a planning step and two
 * parallel calls, and the benchmark example's answers whose steps are `write_memory_to_messages()`.
 */
const FRAMEWORKS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'frameworks');
const text = (file: string) => fs.readFileSync(path.join(FRAMEWORKS, file), 'utf8');
const smolagents = formatDescriptor('smolagents');

describe('smolagents runs', () => {
  it("reads a CodeAgent's run result: code as python_interpreter calls (their code argument), observations and errors as their results", () => {
    const run = JSON.parse(text('smolagents-1.20-code-agent-run-result.json')) as Record<string, unknown>;
    expect(detectFormat(run)).toBe('smolagents');
    const parsed = smolagents.parse(run);
    const { turns } = parsed;
    expect(turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(turns[0]!.content).toMatch(/^You are an expert assistant who can solve any task using code blobs/);
    expect(turns[1]!.content).toBe(
      'How many seconds would it take for a leopard at full speed to run through Pont des Arts?',
    );
    expect(turns[2]!.content).toMatch(/^Thought: I need the leopard's top speed/);
    expect(turns[2]!.toolCalls).toEqual([
      {
        id: 'call_1',
        name: 'python_interpreter',
        args: {
          code: 'leopard_speed = web_search(query="leopard top speed km/h")\nprint(leopard_speed)\nbridge = web_search(query="Pont des Arts length meters")\nprint(bridge)',
        },
      },
    ]);
    expect(turns[2]!.tokens).toEqual({ prompt: 2031, completion: 96 });
    expect(turns[2]!.timing).toEqual({ startedAt: '2025-07-08T09:20:00.260Z', durationMs: 3520 });
    expect(turns[3]).toMatchObject({ role: 'tool', toolCallId: 'call_1' });
    expect(turns[5]).toEqual({
      role: 'tool',
      content: expect.stringMatching(/^Error:\nCode parsing failed on line 2 due to: SyntaxError/),
      toolCallId: 'call_2',
    });
    expect(parsed.outcome).toEqual({ status: 'success', by: 'smolagents run state', value: 'success' });
    expect(parsed.metadata).toEqual({
      harness: 'smolagents',
      final_answer: 9.6,
      step_errors: [{ step: 2, type: 'AgentParsingError', message: expect.stringMatching(/^Code parsing failed/) }],
    });
    expect(parsed.ignored).toEqual([]);
  });

  it("reads a ToolCallingAgent's steps saved as a JSON array: the plan, parallel calls, the final_answer call", () => {
    const steps = JSON.parse(text('smolagents-1.20-tool-calling-agent-steps.json')) as unknown[];
    expect(eventArrayFormat(steps[0])).toBe('smolagents');
    const record = smolagents.container!.events!.record(steps);
    expect(smolagents.detect(record)).toBe(true);
    const parsed = smolagents.parse(record);
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'assistant',
      'tool',
      'assistant',
      'tool',
    ]);
    expect(parsed.turns[2]!.content).toMatch(/the plan of action that I will follow/);
    expect(parsed.turns[3]!.toolCalls).toEqual([
      { id: 'call_k1P7eT2', name: 'get_weather', args: { city: 'Paris' } },
      { id: 'call_k1P7eT3', name: 'get_weather', args: { city: 'Lyon' } },
    ]);
    // The step's joined observations answer its first call, as the note says.
    expect(parsed.turns[4]).toEqual({
      role: 'tool',
      content: 'Paris: 18°C, light rain\nLyon: 23°C, sunny',
      toolCallId: 'call_k1P7eT2',
    });
    expect(parsed.notes).toContain(
      "smolagents joins the observations of a step's parallel calls into one text: it is kept whole as the result of the step's first call",
    );
    expect(parsed.turns[5]!.toolCalls![0]!.name).toBe('final_answer');
    expect(parsed.outcome).toBeUndefined();
    expect(parsed.metadata!.final_answer).toBe('Lyon is warmer: 23°C and sunny, against 18°C and light rain in Paris.');
  });

  it("reads the benchmark's answers: calls printed as Python, results by their call id, an error as its call's result", () => {
    const [solved, failed] = text('smolagents-benchmark-answers.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(detectFormat(solved)).toBe('smolagents');
    const first = smolagents.parse(solved!);
    expect(first.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(first.turns[2]!.toolCalls).toEqual([
      {
        id: 'call_1',
        name: 'python_interpreter',
        args: { code: "import sympy\nx = sympy.symbols('x')\nprint(sympy.solve(x**2 - 5*x + 6, x))" },
      },
    ]);
    expect(first.turns[3]).toEqual({
      role: 'tool',
      content: 'Execution logs:\n[2, 3]\nLast output from code snippet:\nNone',
      toolCallId: 'call_1',
    });
    expect(first.metadata).toMatchObject({ model: 'Qwen/Qwen2.5-Coder-32B-Instruct', final_answer: '5' });
    const second = smolagents.parse(failed!);
    expect(second.turns[2]).toEqual({
      role: 'assistant',
      toolCalls: [{ id: 'call_1', name: 'web_search', args: { query: 'Mercedes Sosa studio albums 2000 2009' } }],
    });
    expect(second.turns[3]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_1',
      content: expect.stringMatching(/^Error:\n/),
    });
  });

  it('reads write_memory_to_messages() dumped alone as a JSON array as one run', () => {
    const [solved] = text('smolagents-benchmark-answers.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { intermediate_steps: unknown[] });
    const messages = solved!.intermediate_steps;
    expect(eventArrayFormat(messages[0])).toBe('smolagents');
    const parsed = smolagents.parse(smolagents.container!.events!.record(messages));
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(parsed.turns[5]).toMatchObject({ role: 'tool', toolCallId: 'call_2' });
  });

  it('reads steps of smolagents before 1.6 (agent.logs): the system prompt step, llm_output, one tool_call', () => {
    const logs = [
      { system_prompt: 'You are an expert assistant.' },
      { task: 'What is 2 + 2?' },
      {
        tool_call: { name: 'python_interpreter', arguments: 'final_answer(2 + 2)', id: 'call_0' },
        start_time: 1736000000,
        end_time: 1736000001.5,
        step: 0,
        error: null,
        duration: 1.5,
        llm_output: 'Thought: easy.\nCode:\n```py\nfinal_answer(2 + 2)\n```',
        observations: 'Last output from code snippet:\n4',
        action_output: 4,
      },
    ];
    expect(eventArrayFormat(logs[0])).toBe('smolagents');
    const parsed = smolagents.parse(smolagents.container!.events!.record(logs));
    expect(parsed.turns).toEqual([
      { role: 'system', content: 'You are an expert assistant.' },
      { role: 'user', content: 'What is 2 + 2?' },
      {
        role: 'assistant',
        content: 'Thought: easy.\nCode:\n```py\nfinal_answer(2 + 2)\n```',
        toolCalls: [{ id: 'call_0', name: 'python_interpreter', args: { code: 'final_answer(2 + 2)' } }],
        timing: { startedAt: '2025-01-04T14:13:20.000Z', durationMs: 1500 },
      },
      { role: 'tool', content: 'Last output from code snippet:\n4', toolCallId: 'call_0' },
    ]);
  });

  it('does not take records that merely have a "task" for smolagents steps', () => {
    expect(eventArrayFormat({ task: 'summarise', input: 'text', output: 'summary' })).not.toBe('smolagents');
    expect(detectFormat({ steps: [{ task: 'Find the capital of France' }, { task: 'Say it' }] })).not.toBe(
      'smolagents',
    );
  });

  it('reads Python literals as smolagents prints them', () => {
    expect(pythonLiteral("[{'id': 'call_1', 'arguments': \"it's\\n\", 'n': -1.5, 'ok': True, 'none': None}]")).toEqual([
      { id: 'call_1', arguments: "it's\n", n: -1.5, ok: true, none: null },
    ]);
    expect(pythonLiteral("{'a': (1, 2)} trailing")).toBeUndefined();
  });
});
