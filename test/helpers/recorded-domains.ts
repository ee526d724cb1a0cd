import fs from 'node:fs';
import path from 'node:path';
import { GraphFile, type Trajectory } from '../../shared/domain';
import { fromOpenAI } from '../../shared/formats/trajectories/openai';

const DIR = path.join(__dirname, '..', 'fixtures', 'planner-domains');

/** The recorded domains: a tool graph and its trajectories (OpenAI chat records, read as an import reads them). */
export const RECORDED_DOMAINS = ['calendar-email', 'travel', 'orders'] as const;

export function recordedDomain(name: (typeof RECORDED_DOMAINS)[number]) {
  const graph = GraphFile.parse(JSON.parse(fs.readFileSync(path.join(DIR, `${name}.graph.json`), 'utf8')));
  const trajectories: Pick<Trajectory, 'id' | 'title' | 'turns'>[] = fs
    .readFileSync(path.join(DIR, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => ({
      id: `${name}-${i + 1}`,
      title: `${name}.jsonl:${i + 1}`,
      turns: fromOpenAI(JSON.parse(line)).turns,
    }));
  return { graph, trajectories };
}

/** A domain's recordings file, its records whose request is one of `leaveOut` left out, written to `dir`. */
export function recordingsFileWithout(
  name: (typeof RECORDED_DOMAINS)[number],
  leaveOut: readonly string[],
  dir: string,
) {
  const kept = fs
    .readFileSync(path.join(DIR, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .filter((line) => {
      const { messages } = JSON.parse(line) as { messages: { role: string; content: string | null }[] };
      return !leaveOut.includes(messages.find((m) => m.role === 'user')?.content ?? '');
    });
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, `${kept.join('\n')}\n`);
  return { file, records: kept.length };
}
