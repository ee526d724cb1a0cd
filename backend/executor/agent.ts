import type { Tool, Turn } from '../../shared/domain';
import { beyondJsonLimits, isObject, TOOL_VALUE_LIMITS } from '../../shared/json';
import { generationSchema } from '../../shared/plans';
import { shortText } from '../../shared/runs';
import { UnusableAnswer, unknownToolReason } from './unusable-answer';

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

/**
 * The assistant turn a JSON-mode answer makes: the call or the answer it decides. An answer
 * Trellis cannot use (not the JSON asked for, too deep, a tool the run does not have, an empty
 * answer) throws {@link UnusableAnswer}, keeping the call the model made where it named one.
 */
export function turnFromDecision(
  text: string,
  turnIndex: number,
  toolNames: readonly string[],
  measured: Pick<Turn, 'timing' | 'tokens'>,
): Turn {
  let decision: { action?: unknown; thought?: unknown; tool?: unknown; args?: unknown; answer?: unknown };
  try {
    decision = JSON.parse(text) as typeof decision;
  } catch {
    throw new UnusableAnswer(`The model's answer was cut off or is not the JSON asked for: ${shortText(text)}`);
  }
  // A remote server need not follow the grammar: an answer too deep to store or send is not used.
  const beyond = beyondJsonLimits(decision, TOOL_VALUE_LIMITS);
  if (beyond) throw new UnusableAnswer(`The model's answer was not used: it ${beyond}, more than a tool call may.`);
  if (!isObject(decision))
    throw new UnusableAnswer(`The model's answer is not the JSON object asked for: ${shortText(text)}`);
  const thought = typeof decision.thought === 'string' ? decision.thought : '';
  if (decision.action === 'call') {
    const name = typeof decision.tool === 'string' ? decision.tool : '';
    const turn: Turn = {
      role: 'assistant',
      thought,
      toolCalls: [{ id: `call_${turnIndex}`, name, args: decision.args ?? {} }],
      ...measured,
    };
    if (!toolNames.includes(name)) throw new UnusableAnswer(unknownToolReason(name, toolNames), turn);
    return turn;
  }
  if (typeof decision.answer !== 'string' || !decision.answer.trim())
    throw new UnusableAnswer(`The model's answer holds no text to answer with: ${shortText(text)}`);
  return { role: 'assistant', thought, content: decision.answer, ...measured };
}
