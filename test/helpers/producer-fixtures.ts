import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Turn } from '../../shared/domain';
import type { AssembledTrace } from '../../shared/formats/otlp/assemble';
import { spansOfExport } from '../../shared/formats/otlp/spans';

/**
 * Each producer's fixture is one run of the same dinner-planning agent, written by hand in the
 * shape the producer's instrumentation emits (an OTLP/JSON export request): the model calls two
 * tools at once (the weather in Paris and Rome), then a booking tool that fails, then answers.
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'traces');

export const RUN = {
  system: 'You help with dinner plans. Check the weather before booking.',
  user: 'What is the weather in Paris and Rome? Then book a table at Chez Marie.',
  thought: 'Check both cities first.',
  paris: 'Sunny, 24°C',
  rome: 'Rain, 18°C',
  answer: 'Paris is sunny (24°C) and Rome is rainy (18°C). Chez Marie has no tables left, so nothing is booked.',
  tokens: [
    { prompt: 120, completion: 30 },
    { prompt: 180, completion: 20 },
    { prompt: 230, completion: 25 },
  ],
};

/** A fixture's export request, as its producer would post it. */
export const fixtureRequest = (name: string): unknown =>
  JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));

export const fixtureSpans = (name: string) => spansOfExport(fixtureRequest(name)).spans;

export interface Expected {
  /** The system prompt as the model got it, where the framework adds to the agent's. */
  system?: string;
  /** The user's message as the trace gives it (media parts as placeholders). */
  user?: string;
  /** The ids of the three calls, in order (Paris, Rome, the booking). */
  ids: [string, string, string];
  /** The weather results as the model got them. */
  results?: [string, string];
  /** The booking's failure as the model got it. */
  bookingError: string;
  /** False for a run that failed before the model answered. */
  answered?: boolean;
  thought?: string;
  model: string;
  /** False where the producer's spans do not say which tools were offered. */
  declared?: false;
}

/** The whole run, turn by turn, against what the agent did: turns, declared tools, model, usage. */
export function expectSameDinnerRun(trace: Pick<AssembledTrace, 'turns' | 'tools' | 'metadata'>, expected: Expected) {
  const want = dinnerTurns(expected);
  const got = trace.turns.map(({ timing: _, ...t }) => t);
  expect(got).toEqual(want);
  if (expected.declared === false) expect(trace.tools).toEqual([]);
  else {
    expect(trace.tools.map((t) => t.name)).toEqual(['get_weather', 'book_table']);
    expect(trace.tools[0]!.parameters).toMatchObject({ properties: { city: {} } });
  }
  expect(trace.metadata.model).toBe(expected.model);
  const calls = (expected.answered ?? true) ? 3 : 2;
  expect(trace.metadata.usage).toEqual({
    input_tokens: RUN.tokens.slice(0, calls).reduce((n, t) => n + t.prompt, 0),
    output_tokens: RUN.tokens.slice(0, calls).reduce((n, t) => n + t.completion, 0),
  });
}

/** The turns the run should arrive as (without timing). */
export function dinnerTurns(expected: Expected): Turn[] {
  const [paris, rome, book] = expected.ids;
  const answered = expected.answered ?? true;
  const want: Turn[] = [
    { role: 'system', content: expected.system ?? RUN.system },
    { role: 'user', content: expected.user ?? RUN.user },
    {
      role: 'assistant',
      ...(expected.thought ? { thought: expected.thought } : {}),
      toolCalls: [
        { id: paris, name: 'get_weather', args: { city: 'Paris' } },
        { id: rome, name: 'get_weather', args: { city: 'Rome' } },
      ],
      tokens: RUN.tokens[0],
    },
    { role: 'tool', content: expected.results?.[0] ?? RUN.paris, toolCallId: paris },
    { role: 'tool', content: expected.results?.[1] ?? RUN.rome, toolCallId: rome },
    {
      role: 'assistant',
      toolCalls: [{ id: book, name: 'book_table', args: { restaurant: 'Chez Marie' } }],
      tokens: RUN.tokens[1],
    },
    { role: 'tool', content: expected.bookingError, toolCallId: book },
    ...(answered ? [{ role: 'assistant' as const, content: RUN.answer, tokens: RUN.tokens[2] }] : []),
  ];
  return want;
}

/** What each fixture's run should arrive as. */
export const PRODUCER_RUNS: Record<string, Expected> = {
  'pydantic-ai-v5': {
    user: `${RUN.user}\n[image: https://example.com/chez-marie.png]`,
    ids: ['call_paris', 'call_rome', 'call_book'],
    bookingError: 'No tables left at Chez Marie\n\nFix the errors and try again.',
    thought: RUN.thought,
    model: 'gpt-4o',
  },
  'pydantic-ai-v1': {
    ids: ['call_paris', 'call_rome', 'call_book'],
    bookingError: 'No tables left at Chez Marie\n\nFix the errors and try again.',
    thought: RUN.thought,
    answered: false,
    model: 'gpt-4o',
  },
  'adk-python': {
    // ADK takes its ids off the calls it sends the model: calls are named by their place.
    ids: ['call_1_0', 'call_1_1', 'call_3_0'],
    results: ['{"result":"Sunny, 24°C"}', '{"result":"Rain, 18°C"}'],
    bookingError: '{"status":"error","error_message":"No tables left at Chez Marie"}',
    thought: RUN.thought,
    model: 'gemini-2.5-flash',
  },
  'agent-framework': {
    ids: ['call_Pa1', 'call_Ro2', 'call_Bk3'],
    // What the model was told of the failure; the exception itself is the tool's error.
    bookingError: 'Error: Function failed.',
    thought: RUN.thought,
    model: 'gpt-4o-mini',
  },
  'genai-inference-event': {
    user: `${RUN.user}\n[image: image/jpeg]\n[document: file-menu-42]`,
    ids: ['tc_1', 'tc_2', 'tc_3'],
    bookingError: '{"error":"No tables left at Chez Marie"}',
    thought: RUN.thought,
    model: 'claude-sonnet-4',
  },
  openlit: {
    ids: ['call_wP', 'call_wR', 'call_bT'],
    bookingError: 'Error: No tables left at Chez Marie',
    thought: RUN.thought,
    model: 'gpt-4o',
    // OpenLIT writes the OpenAI request's tools only into its log event, not onto the span.
    declared: false,
  },
};
