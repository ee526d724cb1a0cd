import { describe, expect, it } from 'vitest';
import {
  hermesProblems,
  openAIProblems,
  shareGPTProblems,
  workflowProblems,
  type ExportProblem,
} from '../../../shared/checks/export';
import type { Turn } from '../../../shared/domain';
import { toOpenAI } from '../../../shared/formats/export-records';

const rules = (problems: ExportProblem[]) => problems.map((p) => p.code);
const none = { toolsDeclared: false };
const call = (id: string, args = '{"city":"Oslo"}') => ({
  id,
  type: 'function',
  function: { name: 'get_weather', arguments: args },
});
const user = { role: 'user', content: 'Weather in Oslo?' };
const answer = { role: 'assistant', content: '4°C.' };
const tools = [{ type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: {} } }];

describe('OpenAI chat rules', () => {
  it('pass a paired call that ends on an answer', () => {
    const messages = [
      user,
      { role: 'assistant', tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: '4' },
      answer,
    ];
    expect(openAIProblems({ messages, tools }, { toolsDeclared: true })).toEqual([]);
  });

  it('empty: a record without messages', () => {
    expect(rules(openAIProblems({ messages: [] }, none))).toEqual(['empty']);
  });

  it('unpaired-tool-message: a tool message whose tool_call_id no open call has', () => {
    const messages = [user, { role: 'tool', tool_call_id: 'ghost', content: '4' }, answer];
    const problems = openAIProblems({ messages }, none);
    expect(rules(problems)).toEqual(['unpaired-tool-message']);
    expect(problems[0]!.message).toContain('Message 2 (tool) answers "ghost"');
  });

  it('unpaired-tool-message: a second answer to a call already answered', () => {
    const messages = [
      user,
      { role: 'assistant', tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: '4' },
      { role: 'tool', tool_call_id: 'a', content: '5' },
      answer,
    ];
    expect(rules(openAIProblems({ messages }, none))).toEqual(['unpaired-tool-message']);
  });

  it('unanswered-call: a call the conversation moves on from', () => {
    const messages = [
      user,
      { role: 'assistant', tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'a', content: '4' },
      answer,
    ];
    const problems = openAIProblems({ messages }, none);
    expect(rules(problems)).toEqual(['unanswered-call']);
    expect(problems[0]!.message).toContain('"b"');
  });

  it('bad-call: arguments that are not a JSON string of an object', () => {
    const messages = [
      user,
      { role: 'assistant', tool_calls: [call('a', '{oops')] },
      { role: 'tool', tool_call_id: 'a', content: '4' },
      answer,
    ];
    // The call is not counted as open, so its answer is unpaired too.
    expect(rules(openAIProblems({ messages }, none))).toEqual(['bad-call', 'unpaired-tool-message']);
  });

  it('bad-call: arguments parsed back unless the exporter wrote them from an object', () => {
    const turns = (args: unknown): Turn[] => [
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', toolCalls: [{ id: 'a', name: 'get_weather', args }] },
      { role: 'tool', toolCallId: 'a', content: '4' },
      { role: 'assistant', content: '4°C.' },
    ];
    const check = (args: unknown) => {
      const objectArguments = new Set<object>();
      const record = toOpenAI({ id: 'r', turns: turns(args), tools: [] }, objectArguments);
      return { known: objectArguments.size, problems: rules(openAIProblems(record, { ...none, objectArguments })) };
    };
    // Written from an object (or none): known to be the JSON text of one, not parsed back.
    expect(check({ city: 'Oslo' })).toEqual({ known: 1, problems: [] });
    expect(check(undefined)).toEqual({ known: 1, problems: [] });
    // Written as given or from anything else: parsed back, and refused when not an object.
    expect(check('{"city":"Oslo"}')).toEqual({ known: 0, problems: [] });
    expect(check('{oops')).toEqual({ known: 0, problems: ['bad-call', 'unpaired-tool-message'] });
    expect(check(['Oslo'])).toEqual({ known: 0, problems: ['bad-call', 'unpaired-tool-message'] });
    expect(check(new Date(0))).toEqual({ known: 0, problems: ['bad-call', 'unpaired-tool-message'] });
  });

  it('no-final-answer: a record that ends on a tool message or an empty answer; one that ends on its calls is complete', () => {
    const endsOnTool = [
      user,
      { role: 'assistant', tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: '4' },
    ];
    expect(rules(openAIProblems({ messages: endsOnTool }, none))).toEqual(['no-final-answer']);
    // OpenAI's fine-tuning guide's own function-calling example ends on the assistant's tool_calls.
    const endsOnCall = [user, { role: 'assistant', tool_calls: [call('a')] }];
    expect(openAIProblems({ messages: endsOnCall }, none)).toEqual([]);
    // A call left open before the conversation moves on is still unanswered.
    const openThenAnswer = [user, { role: 'assistant', tool_calls: [call('a')] }, answer];
    expect(rules(openAIProblems({ messages: openThenAnswer }, none))).toEqual(['unanswered-call']);
    const emptyAnswer = [user, { role: 'assistant', content: '  ' }];
    expect(rules(openAIProblems({ messages: emptyAnswer }, none))).toEqual(['no-final-answer']);
  });

  it('no-user-message: nothing for the model to answer', () => {
    expect(rules(openAIProblems({ messages: [answer] }, none))).toEqual(['no-user-message']);
  });

  it('tools-missing: declared tools the record does not carry', () => {
    expect(rules(openAIProblems({ messages: [user, answer] }, { toolsDeclared: true }))).toEqual(['tools-missing']);
  });
});

const sharegptTools = JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: {} }]);
const fc = { from: 'function_call', value: '{"name":"get_weather","arguments":{"city":"Oslo"}}' };
const obs = { from: 'observation', value: '4' };
const human = { from: 'human', value: 'Weather in Oslo?' };
const gpt = { from: 'gpt', value: '4°C.' };

describe('LLaMA-Factory ShareGPT rules', () => {
  it('pass a system turn, then human, function_call, observation, gpt with tools', () => {
    const conversations = [{ from: 'system', value: 'Be brief.' }, human, fc, obs, gpt];
    expect(shareGPTProblems({ conversations, tools: sharegptTools }, { toolsDeclared: true })).toEqual([]);
  });

  it('empty: no turns besides the system prompt', () => {
    expect(rules(shareGPTProblems({ conversations: [{ from: 'system', value: 'x' }] }, none))).toEqual(['empty']);
  });

  it('role-order: gpt where human or observation must be (odd positions)', () => {
    const problems = shareGPTProblems({ conversations: [human, gpt, gpt, gpt] }, none);
    expect(rules(problems)).toEqual(['role-order']);
    expect(problems[0]!.message).toContain(
      'Turn 3 is from "gpt"; LLaMA-Factory expects human or observation at position 3',
    );
  });

  it('unpaired-tool-message: an observation that follows no function_call', () => {
    expect(rules(shareGPTProblems({ conversations: [obs, gpt] }, none))).toEqual(['unpaired-tool-message']);
  });

  it('unanswered-call: a function_call followed by a human turn', () => {
    expect(rules(shareGPTProblems({ conversations: [human, fc, human, gpt] }, none))).toEqual(['unanswered-call']);
  });

  it('bad-call: a function_call value that is not {"name", "arguments"}', () => {
    const conversations = [human, { from: 'function_call', value: '{"tool":"x"}' }, obs, gpt];
    expect(rules(shareGPTProblems({ conversations }, none))).toEqual(['bad-call']);
  });

  it('empty-answer: a gpt turn with no text', () => {
    expect(rules(shareGPTProblems({ conversations: [human, { from: 'gpt', value: '' }] }, none))).toEqual([
      'empty-answer',
    ]);
  });

  it('no-final-answer: an odd count; an even one that ends on a function_call is complete', () => {
    expect(rules(shareGPTProblems({ conversations: [human, fc, obs] }, none))).toEqual(['no-final-answer']);
    expect(shareGPTProblems({ conversations: [human, fc] }, none)).toEqual([]);
    expect(shareGPTProblems({ conversations: [human, fc, obs, fc] }, none)).toEqual([]);
  });

  it('tools-missing: declared tools absent from the record, or "tools" not a JSON string of them', () => {
    expect(rules(shareGPTProblems({ conversations: [human, gpt] }, { toolsDeclared: true }))).toEqual([
      'tools-missing',
    ]);
    expect(rules(shareGPTProblems({ conversations: [human, gpt], tools: '' }, { toolsDeclared: true }))).toEqual([
      'tools-missing',
    ]);
    // Without declared tools, the empty column is what every record of the file carries.
    expect(shareGPTProblems({ conversations: [human, gpt], tools: '' }, none)).toEqual([]);
  });
});

const system = { from: 'system', value: '<tools>\n[]\n</tools>' };
const hermesCall = {
  from: 'gpt',
  value: '<tool_call>\n{"arguments":{"city":"Oslo"},"name":"get_weather"}\n</tool_call>',
};
const hermesResult = { from: 'tool', value: '<tool_response>\n{"name":"get_weather","content":4}\n</tool_response>' };

describe('Hermes rules', () => {
  it('pass system, human, a call, its response and an answer', () => {
    expect(hermesProblems({ conversations: [system, human, hermesCall, hermesResult, gpt] })).toEqual([]);
  });

  it('tools-missing: no system prompt with a <tools> list', () => {
    expect(rules(hermesProblems({ conversations: [human, gpt] }))).toEqual(['tools-missing']);
  });

  it('empty: nothing after the system prompt', () => {
    expect(rules(hermesProblems({ conversations: [system] }))).toEqual(['empty']);
  });

  it('role-order: a conversation that does not start with the human', () => {
    expect(rules(hermesProblems({ conversations: [system, gpt, human, gpt] }))).toEqual(['role-order']);
  });

  it('unpaired-tool-message: a response with no open call', () => {
    expect(rules(hermesProblems({ conversations: [system, human, hermesResult, gpt] }))).toEqual([
      'unpaired-tool-message',
    ]);
  });

  it('unanswered-call: a call followed by a human turn', () => {
    expect(rules(hermesProblems({ conversations: [system, human, hermesCall, human, gpt] }))).toEqual([
      'unanswered-call',
    ]);
  });

  it('bad-call: a <tool_call> that is not JSON with name and arguments', () => {
    const broken = { from: 'gpt', value: '<tool_call>\nget_weather(Oslo)\n</tool_call>' };
    expect(rules(hermesProblems({ conversations: [system, human, broken, hermesResult, gpt] }))).toContain('bad-call');
  });

  it('empty-answer: a gpt turn with only a thought', () => {
    expect(
      rules(hermesProblems({ conversations: [system, human, { from: 'gpt', value: '<think>hm</think>' }] })),
    ).toEqual(['empty-answer']);
  });

  it('no-final-answer: ends on a tool response', () => {
    expect(rules(hermesProblems({ conversations: [system, human, hermesCall, hermesResult] }))).toEqual([
      'no-final-answer',
    ]);
  });
});

const item = (user: string, workflow: string) => ({
  conversations: [
    { role: 'system', content: 'Plan' },
    { role: 'user', content: user },
    { role: 'assistant', content: workflow },
  ],
});

describe('WorfBench rules', () => {
  it('pass an intent with a connected workflow', () => {
    expect(workflowProblems(item('Weather in Oslo', 'Node:\n1: get_weather\nEdge: (START,1) (1,END)'))).toEqual([]);
  });

  it('no-intent: no user text', () => {
    expect(rules(workflowProblems(item('', 'Node:\n1: get_weather\nEdge: (START,1) (1,END)')))).toEqual(['no-intent']);
  });

  it('no-workflow: no node, or a node on no edge', () => {
    expect(rules(workflowProblems(item('Hi', 'Node:\nEdge: (START,END)')))).toEqual(['no-workflow']);
    const loose = workflowProblems(item('Hi', 'Node:\n1: a\n2: b\nEdge: (START,1) (1,END)'));
    expect(loose.map((p) => p.message)).toEqual(['Workflow node 2 is on no edge.']);
  });
});
