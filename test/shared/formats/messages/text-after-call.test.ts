import { describe, expect, it } from 'vitest';
import { readMessages } from '../../../../shared/formats/messages';

/** One message that says something, calls, says more and calls again, in each provider's shape. */
const shapes = {
  anthropic: {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Payments first.' },
      { type: 'tool_use', id: 't1', name: 'check', input: { service: 'payments' } },
      { type: 'text', text: 'Then ledger.' },
      { type: 'tool_use', id: 't2', name: 'check', input: { service: 'ledger' } },
    ],
  },
  gemini: {
    role: 'model',
    parts: [
      { text: 'Payments first.' },
      { functionCall: { id: 't1', name: 'check', args: { service: 'payments' } } },
      { text: 'Then ledger.' },
      { functionCall: { id: 't2', name: 'check', args: { service: 'ledger' } } },
    ],
  },
  bedrock: {
    role: 'assistant',
    content: [
      { text: 'Payments first.' },
      { toolUse: { toolUseId: 't1', name: 'check', input: { service: 'payments' } } },
      { text: 'Then ledger.' },
      { toolUse: { toolUseId: 't2', name: 'check', input: { service: 'ledger' } } },
    ],
  },
};

describe('text said after a call in the same message', () => {
  it.each(Object.entries(shapes))(
    '%s: starts a new paragraph instead of running into the text before the call',
    (_, m) => {
      const [message] = readMessages([m]).messages;
      expect(message!.content).toBe('Payments first.\n\nThen ledger.');
      expect(message!.toolCalls!.map((c) => c.id)).toEqual(['t1', 't2']);
    },
  );

  it('gemini: text parts with no call between them are one text, as a streamed reply joins them', () => {
    const [message] = readMessages([{ role: 'model', parts: [{ text: 'Pay' }, { text: 'ments.' }] }]).messages;
    expect(message!.content).toBe('Payments.');
  });
});
