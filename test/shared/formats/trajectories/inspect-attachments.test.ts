import { describe, expect, it } from 'vitest';
import { formatDescriptor } from '../../../../shared/formats/trajectories/registry';

const inspect = formatDescriptor('inspect');
const tool = (name: string) => ({
  name,
  description: 'attachment://a',
  parameters: { type: 'object', properties: {} },
});

describe('inspect attachment:// references, counted once resolved', () => {
  it('refuses a sample whose tools name one attachment over and over', () => {
    const sample = {
      id: 1,
      epoch: 1,
      input: 'Hi',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
      ],
      attachments: { a: 'A'.repeat(600 * 1024) },
      events: [{ event: 'model', tools: Array.from({ length: 60 }, (_, i) => tool(`t${i}`)), output: {} }],
    };
    expect(() => inspect.parse(sample, {})).toThrow(/references bring more than 2.3 MiB into its messages and tools/);
  });

  it('reads a sample whose messages and tools name an attachment three times (two messages and a tool)', () => {
    const parsed = inspect.parse(
      {
        id: 1,
        epoch: 1,
        input: 'Hi',
        messages: [
          { role: 'user', content: 'attachment://a' },
          { role: 'assistant', content: 'attachment://a' },
        ],
        attachments: { a: 'A'.repeat(600 * 1024) },
        events: [{ event: 'model', tools: [tool('t0')], output: {} }],
      },
      {},
    );
    expect(parsed.turns.map((t) => t.content!.length)).toEqual([600 * 1024, 600 * 1024]);
    expect(parsed.tools[0]!.description).toHaveLength(600 * 1024);
  });
});
