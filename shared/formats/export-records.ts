import { isObject } from '../json';
import type { Tool, Turn } from '../domain';
import { planToWorkflowText } from '../plans';
import type { Outcome, PlanStep, TrajectoryMetadata } from '../domain';

export type ExportFormat = 'openai' | 'sharegpt' | 'hermes' | 'worfbench';

type Declared = Pick<Tool, 'name' | 'description' | 'parameters'>;

/** What an exporter needs of one trajectory. */
export interface ExportItem {
  id: string;
  turns: Turn[];
  tools: Declared[];
  /** 0 on assistant turns the review marked as not to learn from; 1 otherwise. */
  weights?: (0 | 1)[];
  /** The plan the run followed, for WorfBench planning data. */
  plan?: PlanStep[] | null;
  /** The run's verdict and the record's metadata, written where the format has a place for them. */
  outcome?: Outcome | null;
  metadata?: TrajectoryMetadata;
}

/**
 * Formats whose records carry a trajectory's outcome and metadata. ShareGPT keeps them as two
 * JSON-text columns, which LLaMA-Factory's converter leaves aside (it reads only the columns its
 * dataset_info.json maps) and which load as one string type in every row; OpenAI's fine-tuning
 * lines and the others have no field for them.
 */
export const CARRIES_RUN_RECORD: Record<ExportFormat, boolean> = {
  openai: false,
  sharegpt: true,
  hermes: false,
  worfbench: false,
};

const argumentsText = (args: unknown) => (typeof args === 'string' ? args : JSON.stringify(args ?? {}));

/**
 * OpenAI chat JSONL: `arguments` as a JSON string, thoughts as `reasoning_content`, and a
 * `weight` (0/1) on every assistant message; the trajectory's tools as OpenAI functions.
 */
export function toOpenAI(item: ExportItem): object {
  const messages = item.turns.map((t, i) => {
    const m: Record<string, unknown> = { role: t.role };
    if (t.content !== undefined) m.content = t.content;
    // A tool turn's thought is Trellis's note on where its result came from (a replay), not reasoning to train on.
    if (t.thought && t.role !== 'tool') m.reasoning_content = t.thought;
    if (t.toolCalls?.length)
      m.tool_calls = t.toolCalls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: argumentsText(c.args) },
      }));
    if (t.toolCallId) m.tool_call_id = t.toolCallId;
    if (t.role === 'assistant') m.weight = item.weights?.[i] ?? 1;
    return m;
  });
  return {
    messages,
    ...(item.tools.length
      ? {
          tools: item.tools.map((t) => ({
            type: 'function',
            function: { name: t.name, description: t.description, parameters: t.parameters },
          })),
        }
      : {}),
  };
}

/** How LLaMA-Factory joins the results of parallel calls into one observation (its OpenAI converter). */
export const SHAREGPT_RESULT_SEPARATOR = '\n</tool_response>\n<tool_response>\n';

/**
 * LLaMA-Factory ShareGPT: an optional leading `system` turn (read by LLaMA-Factory's default
 * tags without a column in `dataset_info.json`), then human/observation at odd positions and
 * gpt/function_call at even ones; `function_call` as a JSON string `{name, arguments}` (a list
 * for parallel calls), whose results are one observation joined as LLaMA-Factory joins them.
 * `tools` is always present, a JSON string ("" when the trajectory declares none), so every
 * record of a file has the same columns. The format has no place for thoughts; they are left out.
 */
export function toShareGPT(item: ExportItem): object {
  const system = item.turns.find((t) => t.role === 'system')?.content;
  const conversations: { from: string; value: string }[] = system ? [{ from: 'system', value: system }] : [];
  let results: string[] = [];
  const flush = () => {
    if (results.length) conversations.push({ from: 'observation', value: results.join(SHAREGPT_RESULT_SEPARATOR) });
    results = [];
  };
  for (const t of item.turns) {
    if (t.role === 'system') continue;
    if (t.role === 'tool') {
      results.push(t.content ?? '');
      continue;
    }
    flush();
    if (t.role === 'user') conversations.push({ from: 'human', value: t.content ?? '' });
    else if (t.toolCalls?.length) {
      const calls = t.toolCalls.map((c) => ({ name: c.name, arguments: c.args }));
      conversations.push({ from: 'function_call', value: JSON.stringify(calls.length === 1 ? calls[0] : calls) });
    } else conversations.push({ from: 'gpt', value: t.content ?? '' });
  }
  flush();
  const tools = item.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  const metadata = item.metadata && Object.keys(item.metadata).length ? item.metadata : null;
  return {
    conversations,
    tools: tools.length ? JSON.stringify(tools) : '',
    ...(item.outcome ? { outcome: JSON.stringify(item.outcome) } : {}),
    ...(metadata ? { metadata: JSON.stringify(metadata) } : {}),
  };
}

/** Whether a ShareGPT record carries tools, so that its file's `dataset_info.json` entry declares the column. */
export const shareGPTCarriesTools = (record: object) => (record as { tools?: unknown }).tools !== '';

/**
 * The `dataset_info.json` entry LLaMA-Factory needs to read a ShareGPT file; it declares the
 * `tools` column only when the file's records carry tools.
 */
export function shareGPTDatasetInfo(name: string, fileName: string, withTools: boolean): Record<string, object> {
  return {
    [name]: {
      file_name: fileName,
      formatting: 'sharegpt',
      columns: { messages: 'conversations', ...(withTools ? { tools: 'tools' } : {}) },
    },
  };
}

/**
 * Hermes function calling in ChatML turns: tools inside `<tools>` in the system prompt, calls as
 * `<tool_call>{"arguments": …, "name": …}</tool_call>`, results as `<tool_response>` in a tool
 * turn, and thoughts as a leading `<think>…</think>`.
 */
export function toHermes(item: ExportItem): object {
  const tools = item.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));
  const existingSystem = item.turns.find((t) => t.role === 'system')?.content ?? '';
  const system = `${existingSystem ? `${existingSystem}\n\n` : ''}<tools>\n${JSON.stringify(tools)}\n</tools>`;
  const conversations: { from: string; value: string }[] = [{ from: 'system', value: system }];
  const names = new Map(item.turns.flatMap((t) => t.toolCalls ?? []).map((c) => [c.id, c.name]));
  for (const t of item.turns) {
    if (t.role === 'system') continue;
    if (t.role === 'user') conversations.push({ from: 'human', value: t.content ?? '' });
    else if (t.role === 'tool') {
      const response = JSON.stringify({ name: names.get(t.toolCallId ?? '') ?? '', content: parseOr(t.content ?? '') });
      conversations.push({ from: 'tool', value: `<tool_response>\n${response}\n</tool_response>` });
    } else {
      const parts = [
        t.thought ? `<think>${t.thought}</think>` : '',
        t.content ?? '',
        ...(t.toolCalls ?? []).map(
          (c) => `<tool_call>\n${JSON.stringify({ arguments: c.args, name: c.name })}\n</tool_call>`,
        ),
      ];
      conversations.push({ from: 'gpt', value: parts.filter(Boolean).join('\n') });
    }
  }
  return { id: item.id, conversations };
}

/**
 * WorfBench planning data: the intent as the user turn and the workflow as the assistant turn,
 * from the run's plan, or from the calls in order when there is no plan.
 */
export function toWorkflowItem(item: ExportItem): object {
  const intent = item.turns.find((t) => t.role === 'user')?.content ?? '';
  const steps: PlanStep[] =
    item.plan ??
    item.turns
      .flatMap((t) => t.toolCalls ?? [])
      .map((c, i) => ({
        id: `s${i + 1}`,
        tool: c.name,
        args: isObject(c.args) ? c.args : {},
        dependsOn: i ? [`s${i}`] : [],
      }));
  const tools = item.tools.map((t) => `${t.name}: ${t.description}`).join('\n');
  return {
    source: 'trellis',
    id: item.id,
    target: 'graph',
    conversations: [
      { role: 'system', content: `Plan a workflow with these tools:\n${tools}` },
      { role: 'user', content: intent },
      { role: 'assistant', content: planToWorkflowText(steps) },
    ],
  };
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const EXPORTERS: Record<ExportFormat, (item: ExportItem) => object> = {
  openai: toOpenAI,
  sharegpt: toShareGPT,
  hermes: toHermes,
  worfbench: toWorkflowItem,
};
