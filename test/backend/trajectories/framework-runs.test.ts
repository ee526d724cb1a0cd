import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

/** Benchmark results and agent-framework runs imported as files, the way the Import form and the CLI do. */
const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'trajectories');
const fixture = (...parts: string[]) => path.join(FIXTURES, ...parts);

function workspace(): WorkspaceStore {
  return openWorkspaceStore(path.join(tempDir(), 'frameworks.trellis'));
}

const all = (store: WorkspaceStore) => store.trajectories.allIds().map(({ id }) => store.trajectories.get(id));

describe('benchmark results and framework runs through the import', () => {
  it("imports a τ²-bench results document: one trajectory per simulation, the run's info and each task kept", async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('benchmarks', 'tau2-telecom-results-d003d75.json'),
      mode: 'strict',
    });
    expect(report).toMatchObject({
      committed: true,
      format: 'tau2-bench',
      imported: 2,
      rejectedCount: 0,
      outcomes: { success: 1, failure: 1, unknown: 0, none: 0 },
    });
    const [solved, transferred] = all(store);
    expect(solved!.outcome).toEqual({ status: 'success', by: 'tau2-bench reward', value: 1 });
    expect(solved!.metadata).toMatchObject({
      harness: 'tau2-bench',
      model: 'xai/grok-3',
      user_model: 'xai/grok-3',
      domain: 'telecom',
      task_id: '[mobile_data_issue]airplane_mode_on|data_mode_off[PERSONA:None]',
      termination_reason: 'user_stop',
      agent_cost: 0.155541,
    });
    expect(solved!.metadata!.reward_info).toMatchObject({ reward: 1, reward_basis: ['ENV_ASSERTION'] });
    // The simulated user's calls are on its turns, and every result answers an earlier call.
    const calls = solved!.turns.flatMap((t) => (t.toolCalls ?? []).map((c) => ({ id: c.id, role: t.role })));
    expect(calls.filter((c) => c.role === 'user')).toHaveLength(5);
    for (const result of solved!.turns.filter((t) => t.role === 'tool'))
      expect(calls.map((c) => c.id)).toContain(result.toolCallId);
    expect(transferred!.outcome).toMatchObject({ status: 'failure' });
    expect(store.trajectoryQueries.list({ outcome: 'failure' }, 10, 0).items.map((t) => t.id)).toEqual([
      transferred!.id,
    ]);
    store.close();
  });

  it('imports an AgentDojo run with its utility as the outcome and the attack as metadata', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('benchmarks', 'agentdojo-0.1.30-banking-user_task_0-important_instructions-injection_task_0.json'),
      mode: 'strict',
    });
    expect(report).toMatchObject({ committed: true, format: 'agentdojo', imported: 1, outcomes: { failure: 1 } });
    const [run] = all(store);
    expect(run!.metadata).toMatchObject({
      harness: 'agentdojo',
      suite_name: 'banking',
      attack_type: 'important_instructions',
      injection_task_id: 'injection_task_0',
      security: true,
    });
    expect(run!.title).toBe("Can you please pay the bill 'bill-december-2023.txt' for me?");
    store.close();
  });

  it("imports a smolagents memory dump (a JSON array of steps) as one run, and the benchmark's answers as one run per line", async () => {
    const store = workspace();
    const steps = await importTrajectoryFile(store, {
      file: fixture('frameworks', 'smolagents-1.20-tool-calling-agent-steps.json'),
      mode: 'strict',
    });
    expect(steps).toMatchObject({ committed: true, format: 'smolagents', imported: 1, rejectedCount: 0 });
    const answers = await importTrajectoryFile(store, {
      file: fixture('frameworks', 'smolagents-benchmark-answers.jsonl'),
      mode: 'strict',
    });
    expect(answers).toMatchObject({ committed: true, format: 'smolagents', imported: 2, rejectedCount: 0 });
    const [, solved] = all(store);
    expect(solved!.metadata).toMatchObject({
      harness: 'smolagents',
      true_answer: '5',
      final_answer: '5',
      source: 'MATH',
    });
    store.close();
  });

  it('imports an ADK eval set case by case and an OpenAI Agents SDK RunState, the agents kept', async () => {
    const store = workspace();
    const evalset = await importTrajectoryFile(store, {
      file: fixture('frameworks', 'adk-1.4-home-automation.evalset.json'),
      mode: 'strict',
    });
    expect(evalset).toMatchObject({ committed: true, format: 'adk', imported: 2, outcomes: { none: 2 } });
    const session = await importTrajectoryFile(store, {
      file: fixture('frameworks', 'adk-1.4-multi-agent-session.json'),
      mode: 'strict',
    });
    expect(session).toMatchObject({ committed: true, format: 'adk', imported: 1 });
    const state = await importTrajectoryFile(store, {
      file: fixture('frameworks', 'openai-agents-python-1.17-run-state.json'),
      mode: 'strict',
    });
    expect(state).toMatchObject({ committed: true, format: 'openai-agents', imported: 1, rejectedCount: 0 });
    const traces = await importTrajectoryFile(store, {
      file: fixture('frameworks', 'openai-agents-python-traces.jsonl'),
      mode: 'strict',
    });
    expect(traces).toMatchObject({ committed: true, format: 'openai-agents', imported: 2, rejectedCount: 0 });
    const [firstCase, , multiAgent, handedOff, traced] = all(store);
    expect(traced!.metadata).toMatchObject({ workflow_name: 'Customer support', model: 'gpt-4o-mini' });
    expect(firstCase!.metadata).toMatchObject({ eval_set_id: 'home_automation', task_id: 'turn_off_device' });
    expect(multiAgent!.metadata).toMatchObject({
      appName: 'concierge',
      agents: ['coordinator', 'weather_agent', 'booking_agent'],
    });
    expect(handedOff!.metadata).toMatchObject({
      handoffs: [{ from: 'Triage agent', to: 'French refund agent' }],
      current_turn: 3,
    });
    store.close();
  });
});
