import fs from 'node:fs';
import path from 'node:path';

/** Files no reader claims, written the way two home-grown agents write their logs. */
export const MAPPING_FIXTURES = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'mapping');

/** A homebot export: one JSON object whose `episodes` each hold `steps` of ReAct text. */
export const episodesDocument = () =>
  JSON.parse(fs.readFileSync(path.join(MAPPING_FIXTURES, 'agent-episodes.json'), 'utf8')) as unknown;

/** A support bot's chats, one per line, with structured calls and results answering them by id. */
export const supportChats = () =>
  fs
    .readFileSync(path.join(MAPPING_FIXTURES, 'support-chats.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

/** An eval's transcripts: Anthropic messages (tool_use and tool_result blocks) inside the eval's own envelope. */
export const evalTranscripts = () =>
  fs
    .readFileSync(path.join(MAPPING_FIXTURES, 'eval-transcripts.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
