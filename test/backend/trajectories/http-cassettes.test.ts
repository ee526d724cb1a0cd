import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

/**
 * HTTP cassettes of model APIs as the recorders write them: VCR.py / pytest-recording YAML
 * (JSON bodies as strings, a gzip-compressed body as !!binary, a streamed reply as its
 * server-sent events), a nock recording (JSON array) and a Polly.js HAR log.
 */
const DIR = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'http-cassette');

async function imported(name: string) {
  const store: WorkspaceStore = openWorkspaceStore(path.join(tempDir(), 'cassettes.trellis'));
  const report = await importTrajectoryFile(store, {
    file: path.isAbsolute(name) ? name : path.join(DIR, name),
    mode: 'strict',
  });
  const trajectories = store.trajectories.allIds().map(({ id }) => store.trajectories.get(id)!);
  return { report, trajectories };
}

describe('HTTP cassettes of model APIs', () => {
  it("read a VCR.py YAML cassette as its conversation's calls, each reply as the API gave it (a thought the client did not send back, its usage), other requests left aside", async () => {
    const { report, trajectories } = await imported('openai-chat-tool-loop.yaml');
    expect(report).toMatchObject({
      committed: true,
      format: 'http-cassette',
      shape: 'yaml',
      imported: 1,
      rejectedCount: 0,
    });
    const [run] = trajectories;
    expect(run!.turns).toEqual([
      { role: 'system', content: 'You book travel. Use the tools; never invent flights.' },
      { role: 'user', content: 'Find me a flight from LIS to AMS on 2025-06-02.' },
      {
        role: 'assistant',
        thought: 'The user gave airports and a date: search first.',
        toolCalls: [
          { id: 'call_q1', name: 'search_flights', args: { origin: 'LIS', destination: 'AMS', date: '2025-06-02' } },
        ],
        tokens: { prompt: 120, completion: 28 },
      },
      { role: 'tool', content: '[{"flight":"KL1692","departs":"06:10","price_eur":142}]', toolCallId: 'call_q1' },
      {
        role: 'assistant',
        content: 'KL1692 leaves Lisbon at 06:10 on 2 June and costs €142. Shall I book it?',
        tokens: { prompt: 171, completion: 25 },
      },
    ]);
    expect(run!.metadata).toMatchObject({
      harness: 'VCR.py cassette',
      model: 'gpt-4.1-mini-2025-04-14',
      url: 'https://api.openai.com/v1/chat/completions',
      model_calls: 2,
      stop_reason: 'stop',
      request_parameters: { temperature: 0 },
      version: 1,
    });
    expect(run!.outcome ?? null).toBeNull();
  });

  it('read a .yaml.gz cassette, gzip-compressed or (as LangChain writes them) base64 of gzip', async () => {
    const yaml = fs.readFileSync(path.join(DIR, 'openai-chat-tool-loop.yaml'));
    const gzipped = path.join(tempDir(), 'test_agent_loop.yaml.gz');
    fs.writeFileSync(gzipped, zlib.gzipSync(yaml));
    const base64 = path.join(tempDir(), 'TestChatOpenAIStandard.test_tool_calling.yaml.gz');
    fs.writeFileSync(base64, zlib.gzipSync(yaml).toString('base64'));
    const plain = (await imported('openai-chat-tool-loop.yaml')).trajectories[0]!.turns;
    expect(plain).toHaveLength(5);
    for (const file of [gzipped, base64]) {
      const { report, trajectories } = await imported(file);
      expect(report).toMatchObject({ format: 'http-cassette', imported: 1, rejectedCount: 0 });
      expect(trajectories[0]!.turns).toEqual(plain);
    }
  });

  it('join a streamed Anthropic reply from its events, and leave a token-counting call aside', async () => {
    const { trajectories } = await imported('anthropic-stream.yaml');
    expect(trajectories).toHaveLength(1);
    expect(trajectories[0]!.turns).toEqual([
      { role: 'system', content: 'You are a careful shell assistant.' },
      { role: 'user', content: 'How much disk is free?' },
      {
        role: 'assistant',
        thought: 'df -h answers this.',
        content: "I'll check with df.",
        toolCalls: [{ id: 'toolu_01D', name: 'run', args: { cmd: 'df -h /' } }],
        tokens: { prompt: 402, completion: 61 },
      },
    ]);
    expect(trajectories[0]!.metadata).toMatchObject({ model: 'claude-sonnet-4-5-20250929', stop_reason: 'tool_use' });
  });

  it('read a gzip-compressed !!binary body, and pair Gemini results without ids by tool name', async () => {
    const { report, trajectories } = await imported('gemini-gzip-body.yaml');
    expect(trajectories[0]!.turns).toEqual([
      { role: 'system', content: 'Answer in one sentence.' },
      { role: 'user', content: "What's the weather in Porto?" },
      { role: 'assistant', toolCalls: [{ id: 'call_1_0', name: 'get_weather', args: { city: 'Porto' } }] },
      { role: 'tool', content: '{"temp_c":19,"sky":"cloudy"}', toolCallId: 'call_1_0' },
      { role: 'assistant', content: "It's 19 °C and cloudy in Porto.", tokens: { prompt: 64, completion: 11 } },
    ]);
    expect(trajectories[0]!.metadata).toMatchObject({ model: 'gemini-2.5-flash', stop_reason: 'STOP' });
    expect(JSON.stringify(report)).toContain('paired with calls by tool name');
  });

  it("read Bedrock's streamed reply (an AWS event stream kept as !!binary) as its Converse message", async () => {
    const { trajectories } = await imported('bedrock-converse-stream.yaml');
    expect(trajectories[0]!.turns).toEqual([
      { role: 'system', content: 'You are a radio assistant.' },
      { role: 'user', content: 'What is the most popular song on WZPZ?' },
      {
        role: 'assistant',
        thought: "Need the station's chart.",
        content: 'Let me look that up.',
        toolCalls: [{ id: 'tooluse_Zx81', name: 'top_song', args: { sign: 'WZPZ' } }],
        tokens: { prompt: 412, completion: 58 },
      },
    ]);
    expect(trajectories[0]!.metadata).toMatchObject({
      model: 'us.anthropic.claude-sonnet-4-20250514-v1:0',
      stop_reason: 'tool_use',
      request_parameters: { inferenceConfig: { maxTokens: 2048 } },
    });
  });

  it('read two conversations a cassette recorded afresh as two runs, an API error as a failure', async () => {
    const { report, trajectories } = await imported('two-conversations.yaml');
    expect(report).toMatchObject({ imported: 2, outcomes: { success: 0, failure: 1, unknown: 0, none: 1 } });
    expect(trajectories.map((t) => t.turns)).toEqual([
      [
        { role: 'user', content: "Translate 'bom dia' to English." },
        { role: 'assistant', content: 'Good morning.' },
      ],
      [{ role: 'user', content: 'Summarise this contract.' }],
    ]);
    expect(trajectories[1]!.outcome).toEqual({ status: 'failure', by: 'HTTP status', value: 429 });
    expect(trajectories[1]!.metadata).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
  });

  it('read a nock recording of the Responses API: a call continued by previous_response_id, reasoning and calls folded into turns', async () => {
    const { report, trajectories } = await imported('nock-responses.json');
    expect(report).toMatchObject({ format: 'http-cassette', shape: 'json-array', imported: 1 });
    expect(trajectories[0]!.turns).toEqual([
      { role: 'system', content: 'You are a unit converter.' },
      { role: 'user', content: 'How many km is 26.2 miles?' },
      {
        role: 'assistant',
        thought: 'A unit conversion: use the tool.',
        toolCalls: [{ id: 'call_m1', name: 'convert', args: { value: 26.2, from: 'mi', to: 'km' } }],
        tokens: { prompt: 88, completion: 40 },
      },
      { role: 'tool', content: '42.16', toolCallId: 'call_m1' },
      { role: 'assistant', content: '26.2 miles is 42.16 km.', tokens: { prompt: 140, completion: 12 } },
    ]);
    expect(trajectories[0]!.metadata).toMatchObject({ harness: 'nock recording', model: 'gpt-5-mini-2025-08-07' });
  });

  it('read a Ruby VCR cassette (.yml, http_interactions, bodies as {encoding, string})', async () => {
    const { report, trajectories } = await imported('ruby-vcr.yml');
    expect(report).toMatchObject({ format: 'http-cassette', imported: 1, rejectedCount: 0 });
    expect(trajectories[0]!.turns).toEqual([
      { role: 'system', content: 'You answer in French.' },
      { role: 'user', content: 'What colour is the sky?' },
      { role: 'assistant', content: 'Le ciel est bleu.', tokens: { prompt: 24, completion: 6 } },
    ]);
    expect(trajectories[0]!.metadata).toMatchObject({
      harness: 'VCR cassette (Ruby)',
      model: 'gpt-4o-mini-2024-07-18',
      recorded_with: 'VCR 6.3.1',
      request_parameters: { temperature: 0.7 },
    });
  });

  it("read Ruby's !binary bodies, and a Responses conversation continued by previous_response_id with text input", async () => {
    const { trajectories } = await imported('ruby-vcr-responses.yml');
    expect(trajectories).toHaveLength(1);
    expect(trajectories[0]!.turns).toEqual([
      { role: 'user', content: 'Hello! My name is Ana.' },
      { role: 'assistant', content: 'Hello, Ana! How can I help?', tokens: { prompt: 14, completion: 9 } },
      { role: 'user', content: 'Remind me, what is my name?' },
      { role: 'assistant', content: 'Your name is Ana.', tokens: { prompt: 40, completion: 6 } },
    ]);
    expect(trajectories[0]!.metadata).toMatchObject({ model_calls: 2, model: 'gpt-4o-2024-08-06' });
  });

  it('read a HAR log (Polly.js) of an Anthropic call', async () => {
    const { trajectories } = await imported('polly-anthropic.har');
    expect(trajectories[0]!.turns).toEqual([
      { role: 'user', content: 'Is 2027 a leap year? Answer yes or no.' },
      { role: 'assistant', content: 'No.', tokens: { prompt: 21, completion: 4 } },
    ]);
    expect(trajectories[0]!.metadata).toMatchObject({ harness: 'HAR recording', model: 'claude-haiku-4-5-20251001' });
  });
});
