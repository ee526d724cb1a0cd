import type { Tool, Turn } from '../../shared/domain';
import { generationSchema } from '../../shared/plans';

const THOUGHT = { type: 'string', maxLength: 200 };

/** The agent's choice each turn: one of the graph's tools with its arguments, or an answer. */
export function agentSchema(tools: Tool[]) {
  return {
    oneOf: [
      ...tools.map((t) => ({
        type: 'object',
        properties: {
          action: { const: 'call' },
          thought: THOUGHT,
          tool: { const: t.name },
          args: generationSchema({ ...t.parameters, type: 'object' }),
        },
        additionalProperties: false,
      })),
      {
        type: 'object',
        properties: { action: { const: 'answer' }, thought: THOUGHT, answer: { type: 'string', maxLength: 600 } },
        additionalProperties: false,
      },
    ],
  };
}

/** The agent's view each turn: its tools and the conversation so far. */
export function agentPrompt(tools: Tool[], turns: readonly Turn[]): string {
  const toolList = tools.map((t) => `- ${t.name}: ${t.description}`).join('\n');
  const history = turns
    .map((t) => {
      const calls = (t.toolCalls ?? []).map((c) => ` call ${c.name}(${JSON.stringify(c.args)})`).join('');
      return `${t.role}: ${[t.thought, t.content].filter(Boolean).join(' | ')}${calls}`;
    })
    .join('\n');
  return (
    `You are an agent with these tools:\n${toolList}\n\nConversation so far:\n${history}\n\n` +
    'Decide the next action: call one tool, or answer the user when you can.'
  );
}
