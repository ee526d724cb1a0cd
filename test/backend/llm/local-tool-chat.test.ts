import { afterEach, describe, expect, it } from 'vitest';
import { chatMessages, chatTools } from '../../../backend/executor/agent-chat';
import { localToolChat, localToolPrompt } from '../../../backend/llm/local-tool-chat';
import type { ModelSupervisor } from '../../../backend/llm/supervisor';
import { TEST_SETTINGS, testSupervisor, tinyModel } from '../../helpers/models';

const tools = [
  {
    name: 'get_weather',
    description: 'Current weather',
    parameters: { type: 'object', properties: { city: { type: 'string' } } },
  },
];
const turns = [
  { role: 'user' as const, content: 'Weather in Oslo?' },
  { role: 'assistant' as const, toolCalls: [{ id: 'c1', name: 'get_weather', args: { city: 'Oslo' } }] },
  { role: 'tool' as const, toolCallId: 'c1', content: '{"temp_c":3}' },
];

let host: ModelSupervisor | null = null;
afterEach(async () => {
  await host?.stop();
  host = null;
});

describe('chat with tools through a loaded GGUF’s own chat template', () => {
  it('tells a template without a place for tools of them in Hermes’s form, calls and results included, and generates from it', async () => {
    host = testSupervisor();
    await host.load(tinyModel(), TEST_SETTINGS);
    const request = {
      messages: chatMessages(turns, tools),
      tools: chatTools(tools),
      maxTokens: 16,
      temperature: 0,
      seed: 1,
    };
    const prompt = await localToolPrompt(host, request);
    // The tiny model's ChatML template ignores `tools`: they come in the system message instead.
    expect(prompt).toMatch(/^<\|im_start\|>system\nYou are a function calling AI model\./);
    expect(prompt).toContain('<tools>\n{"type":"function","function":{"name":"get_weather"');
    expect(prompt).toContain(
      '<|im_start|>assistant\n<tool_call>\n{"name":"get_weather","arguments":{"city":"Oslo"}}\n</tool_call><|im_end|>',
    );
    expect(prompt).toContain('<tool_response>\n{"temp_c":3}\n</tool_response>');
    expect(prompt.endsWith('<|im_start|>assistant\n')).toBe(true);
    const answer = await localToolChat(host)(request);
    expect(answer.cancelled).toBe(false);
    expect(answer.tokens?.completion).toBeGreaterThan(0);
  }, 120_000);
});
