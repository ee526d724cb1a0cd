import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

/** Session logs of coding agents, imported as a person would: the file as the agent wrote it, strictly. */
const DIR = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'coding-agents');

function workspace(): WorkspaceStore {
  return openWorkspaceStore(path.join(tempDir(), 'sessions.trellis'));
}

const all = (store: WorkspaceStore) => store.trajectories.allIds().map(({ id }) => store.trajectories.get(id));

async function importSession(file: string) {
  const store = workspace();
  const report = await importTrajectoryFile(store, { file: path.join(DIR, file), mode: 'strict' });
  return { report, trajectories: all(store) };
}

describe('coding-agent session files through the import', () => {
  it('imports a Claude Code session file as one trajectory: every line one run, its turns paired', async () => {
    const { report, trajectories } = await importSession('claude-code-2.1-session.jsonl');
    expect(report).toMatchObject({
      committed: true,
      format: 'claude-code',
      shape: 'jsonl',
      imported: 1,
      rejectedCount: 0,
    });
    const [session] = trajectories;
    expect(session!.turns).toHaveLength(10);
    // The session's own title, not its first words.
    expect(session!.title).toBe("Fix the stock report test's expectation");
    expect(session!.turns.find((t) => t.role === 'user')!.content).toMatch(
      /^The stock report test fails since yesterday/,
    );
    const calls = new Set(session!.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id));
    for (const result of session!.turns.filter((t) => t.role === 'tool'))
      expect(calls.has(result.toolCallId!)).toBe(true);
    expect(session!.metadata).toMatchObject({ harness: 'claude-code', model: 'claude-opus-4-6', git_branch: 'main' });
  });

  it("imports the SDK's stream-json with its result as the outcome", async () => {
    const { report, trajectories } = await importSession('claude-code-sdk-stream.jsonl');
    expect(report).toMatchObject({ format: 'claude-code', imported: 1, outcomes: { success: 1 } });
    expect(trajectories[0]!.outcome).toEqual({ status: 'success', by: 'Claude Code result', value: 'success' });
  });

  it('imports a Codex rollout as one trajectory with its model and usage', async () => {
    const { report, trajectories } = await importSession('codex-0.63-rollout.jsonl');
    expect(report).toMatchObject({ committed: true, format: 'codex-cli', imported: 1, rejectedCount: 0 });
    expect(trajectories[0]!.turns).toHaveLength(9);
    expect(trajectories[0]!.metadata).toMatchObject({ harness: 'codex-cli', model: 'gpt-5.1-codex' });
  });

  it('imports a Cursor Agent stream-json run with its result as the outcome', async () => {
    const { report, trajectories } = await importSession('cursor-agent-stream-json.jsonl');
    expect(report).toMatchObject({ committed: true, format: 'cursor-agent', imported: 1, outcomes: { success: 1 } });
    expect(trajectories[0]!.turns).toHaveLength(7);
    expect(trajectories[0]!.metadata).toMatchObject({ harness: 'cursor-agent', model: 'Auto' });
  });

  it('imports a Gemini CLI session, in JSON Lines and as one JSON document, keeping its session fields', async () => {
    const lines = await importSession('gemini-cli-0.39-session.jsonl');
    expect(lines.report).toMatchObject({ committed: true, format: 'gemini-cli', shape: 'jsonl', imported: 1 });
    expect(lines.trajectories[0]!.turns).toHaveLength(6);
    expect(lines.trajectories[0]!.metadata).toMatchObject({
      harness: 'gemini-cli',
      sessionId: 'b71c3e2a-9f04-4d6b-a5c8-2e1d0f9a8b7c',
      summary: 'List TODOs in src and find the oldest',
    });
    const document = await importSession('gemini-cli-0.9-session.json');
    expect(document.report).toMatchObject({ committed: true, format: 'gemini-cli', imported: 1, rejectedCount: 0 });
    expect(document.trajectories[0]!.metadata).toMatchObject({ projectHash: expect.any(String) as unknown });
  });
});
