import path from 'node:path';
import type { ChatScript, ScriptedReply } from './openai-server';

/** The published-shape fixture: 50 runs in OpenAI fine-tuning JSONL (make-weather-50.mjs). */
export const WEATHER_50 = path.join(__dirname, '..', 'fixtures', 'experiments', 'weather-50.jsonl');

/**
 * What the scripted candidate does differently, by task: 1–5 call the right city at once (their
 * recordings misspelt it first and failed: improved), 6–8 call get_forecast, which no recording
 * answers (a miss with no nearest; the call fails: regressed), 9–10 write the city in lower case
 * (a miss answered by the nearest recording: diverged by argument), 11–12 word the answer
 * otherwise (diverged by answer). Every other task does what its recording did.
 */
export const PLANTED = {
  improved: [1, 2, 3, 4, 5],
  regressed: [6, 7, 8],
  nearest: [9, 10],
  answer: [11, 12],
} as const;

type Message = { role: string; content?: string | null; tool_calls?: unknown[] };

const has = (list: readonly number[], task: number) => list.includes(task);

/** The candidate: reads the task from the user's message, calls a tool, answers from its result. */
export const weatherScript: ChatScript = (body) => {
  const messages = body.messages as Message[];
  const user = messages.find((m) => m.role === 'user')?.content ?? '';
  const task = Number(/\(task (\d+)\)/.exec(user)?.[1] ?? 0);
  const city = /weather in (\w+)\?/.exec(user)?.[1] ?? '';
  const last = messages.at(-1)!;
  if (last.role !== 'tool') {
    const name = has(PLANTED.regressed, task) ? 'get_forecast' : 'get_weather';
    const asked = has(PLANTED.nearest, task) ? city.toLowerCase() : city;
    return { toolCalls: [{ name, arguments: { city: asked } }] } satisfies ScriptedReply;
  }
  const result = JSON.parse(last.content ?? '{}') as { error?: string; city?: string; temp_c?: number };
  // A misspelt city (the recording's first call, when a re-run starts after it) is tried again.
  if (result.error?.startsWith('unknown city')) return { toolCalls: [{ name: 'get_weather', arguments: { city } }] };
  if (result.error) return { content: 'Sorry, I could not get the weather.' };
  if (has(PLANTED.answer, task)) return { content: `The temperature in ${result.city} is ${result.temp_c}°C.` };
  return { content: `It is ${result.temp_c}°C in ${result.city}.` };
};
