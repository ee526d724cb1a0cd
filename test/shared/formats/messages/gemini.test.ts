import { describe, expect, it } from 'vitest';
import { readMessages, turnsFromMessages } from '../../../../shared/formats/messages';

/** Gemini `contents`, as its function-calling, thinking and code-execution guides write them. */
describe('Gemini contents', () => {
  it('pairs functionResponses without ids with the earliest open call of the same name, and says so once', () => {
    const read = turnsFromMessages([
      { role: 'user', parts: [{ text: 'Turn the lights down and play some music.' }] },
      {
        role: 'model',
        parts: [
          { thought: true, text: 'Two devices.' },
          { functionCall: { name: 'dim_lights', args: { brightness: 0.3 } } },
          { functionCall: { name: 'play_music', args: { genre: 'jazz' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'play_music', response: { result: 'playing' } } },
          { functionResponse: { name: 'dim_lights', response: { result: 'ok' } } },
        ],
      },
      { role: 'model', parts: [{ text: 'Done: lights at 30%, ' }, { text: 'jazz playing.' }] },
    ]);
    expect(read.turns).toEqual([
      { role: 'user', content: 'Turn the lights down and play some music.' },
      {
        role: 'assistant',
        thought: 'Two devices.',
        toolCalls: [
          { id: 'call_1_1', name: 'dim_lights', args: { brightness: 0.3 } },
          { id: 'call_1_2', name: 'play_music', args: { genre: 'jazz' } },
        ],
      },
      { role: 'tool', content: '{"result":"playing"}', toolCallId: 'call_1_2' },
      { role: 'tool', content: '{"result":"ok"}', toolCallId: 'call_1_1' },
      { role: 'assistant', content: 'Done: lights at 30%, jazz playing.' },
    ]);
    expect(read.shapes).toEqual(['gemini']);
    expect(read.notes).toEqual(['tool results were paired with calls by tool name: the messages give no call ids']);
  });

  it('pairs by id where the calls carry one (and reads the Python SDK snake_case dump)', () => {
    const read = turnsFromMessages([
      {
        role: 'model',
        parts: [
          { function_call: { id: 'fc-1', name: 'f', args: {} } },
          { function_call: { id: 'fc-2', name: 'f', args: {} } },
        ],
      },
      { role: 'user', parts: [{ function_response: { id: 'fc-2', name: 'f', response: { output: 2 } } }] },
      { role: 'user', parts: [{ function_response: { id: 'fc-1', name: 'f', response: { output: 1 } } }] },
    ]);
    expect(read.turns.slice(1)).toEqual([
      { role: 'tool', content: '{"output":2}', toolCallId: 'fc-2' },
      { role: 'tool', content: '{"output":1}', toolCallId: 'fc-1' },
    ]);
    expect(read.notes).toEqual([]);
  });

  it('reads code execution as a code_execution call and its result, an error unless its outcome is OK', () => {
    const read = readMessages([
      {
        role: 'model',
        parts: [
          { text: 'Let me compute.' },
          { executableCode: { language: 'PYTHON', code: 'print(1/0)' } },
          { codeExecutionResult: { outcome: 'OUTCOME_FAILED', output: 'ZeroDivisionError' } },
          { text: 'That failed.' },
        ],
      },
      { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBOR' } }, { text: 'and this?' }] },
    ]);
    expect(read.messages).toEqual([
      {
        role: 'assistant',
        content: 'Let me compute.',
        toolCalls: [{ id: 'call_0_1', name: 'code_execution', args: { language: 'PYTHON', code: 'print(1/0)' } }],
      },
      { role: 'tool', content: 'ZeroDivisionError', toolCallId: 'call_0_1', name: 'code_execution', isError: true },
      { role: 'assistant', content: 'That failed.' },
      { role: 'user', content: '[image: image/png]\nand this?' },
    ]);
  });

  it('lists part fields it does not know by path', () => {
    const read = readMessages([{ role: 'user', parts: [{ text: 'hi', sparkle: true }] }]);
    expect(read.ignored).toEqual(['[0].parts[0].sparkle']);
  });
});
