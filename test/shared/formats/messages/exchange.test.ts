import { describe, expect, it } from 'vitest';
import { messagesToTurns, readExchange } from '../../../../shared/formats/messages';

const at = { request: 'request', response: 'response' };

describe('a model-API call read from its request and response bodies', () => {
  it('reads Bedrock Converse: system blocks first, toolConfig tools, output.message with its usage', () => {
    const exchange = readExchange(
      {
        system: [{ text: 'You are a radio DJ.' }],
        messages: [{ role: 'user', content: [{ text: 'Top song on WZPZ?' }] }],
        toolConfig: {
          tools: [
            {
              toolSpec: {
                name: 'top_song',
                description: 'Most popular song',
                inputSchema: { json: { type: 'object' } },
              },
            },
          ],
        },
        inferenceConfig: { maxTokens: 512 },
      },
      {
        output: {
          message: {
            role: 'assistant',
            content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'top_song', input: { sign: 'WZPZ' } } }],
          },
        },
        stopReason: 'tool_use',
        usage: { inputTokens: 60, outputTokens: 20, totalTokens: 80 },
      },
      at,
    );
    expect(messagesToTurns(exchange.messages).turns).toEqual([
      { role: 'system', content: 'You are a radio DJ.' },
      { role: 'user', content: 'Top song on WZPZ?' },
      {
        role: 'assistant',
        toolCalls: [{ id: 'tooluse_1', name: 'top_song', args: { sign: 'WZPZ' } }],
        tokens: { prompt: 60, completion: 20 },
      },
    ]);
    expect(exchange).toMatchObject({
      tools: [{ name: 'top_song', description: 'Most popular song', parameters: { type: 'object' } }],
      stopReason: 'tool_use',
      parameters: { inferenceConfig: { maxTokens: 512 } },
      shapes: ['bedrock'],
      ignored: [],
    });
  });

  it('reads a Responses request given as text with instructions, and a completion prompt and its text', () => {
    const responses = readExchange(
      { model: 'gpt-5', instructions: 'Be brief.', input: 'Capital of Peru?' },
      {
        model: 'gpt-5-2025-08-07',
        output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Lima.' }] }],
      },
      at,
    );
    expect(responses.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Capital of Peru?' },
      { role: 'assistant', content: 'Lima.' },
    ]);
    expect(responses.model).toBe('gpt-5-2025-08-07');
    const completion = readExchange(
      { model: 'gpt-3.5-turbo-instruct', prompt: 'Say hi' },
      { choices: [{ text: ' Hi!' }] },
      at,
    );
    expect(completion.messages).toEqual([
      { role: 'user', content: 'Say hi' },
      { role: 'assistant', content: ' Hi!' },
    ]);
  });

  it('names where in the bodies a message it could not read sits', () => {
    const exchange = readExchange({ messages: [{ role: 'user', content: 'hi', mood: 'x' }] }, undefined, at);
    expect(exchange.ignored).toEqual(['request.messages[0].mood']);
  });
});
