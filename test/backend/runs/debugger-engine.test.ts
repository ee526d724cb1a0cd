import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Backend } from '../../../backend/backend';
import type { RunView } from '../../../shared/contract/runs';
import { testBackend } from '../../helpers/backend';

/** Two on-call recordings (OpenAI chat format): checkout rolled back once, auth twice under one reused call id. */
const ONCALL = path.join(__dirname, '../../fixtures/trajectories/oncall/rollbacks.jsonl');

async function importOncall(b: Backend) {
  await b.registry.invoke('trajectories.import', { path: ONCALL, mode: 'strict' });
  const { items } = await b.registry.invoke('trajectories.list', {});
  const find = (words: RegExp) => items.find((t) => words.test(t.title))!.id;
  return { checkout: find(/^Checkout/), auth: find(/^Auth/) };
}

/** The name and arguments of the call the run waits to execute, or null. */
const waitingCall = (run: RunView) =>
  run.nextAction.kind === 'execute' ? { name: run.nextAction.call.name, args: run.nextAction.call.args } : null;

const lastCall = (run: RunView) => run.turns.at(-1)?.toolCalls?.[0]?.name;

describe('the debugger is one engine: breakpoints in a replay', () => {
  it('stops a replay at a tool breakpoint before the call, with its recorded result not yet shown', async () => {
    const b = testBackend();
    const { checkout } = await importOncall(b);
    const replay = await b.registry.invoke('runs.open', { trajectoryId: checkout });
    expect(replay.mode).toBe('replay');
    await b.registry.invoke('runs.setBreakpoints', {
      runId: replay.id,
      breakpoints: [{ kind: 'tool', tool: 'rollback_deploy' }],
    });
    const paused = await b.registry.invoke('runs.continue', { runId: replay.id });
    expect(paused.status).toBe('paused');
    expect(paused.note).toBe('Paused before rollback_deploy (breakpoint on the tool).');
    expect(lastCall(paused)).toBe('rollback_deploy');
    expect(waitingCall(paused)).toEqual({
      name: 'rollback_deploy',
      args: { service: 'checkout', to_version: 'v5.7.8' },
    });
    expect(paused.turns.some((t) => t.role === 'tool' && /rolled back/.test(t.content ?? ''))).toBe(false);

    // Continue goes past it to the end, with every recorded turn as it was recorded.
    const finished = await b.registry.invoke('runs.continue', { runId: replay.id });
    expect(finished.status).toBe('finished');
    expect(finished.turns).toEqual((await b.registry.invoke('trajectories.get', { id: checkout })).turns);
  });

  it('Continue stops at the next breakpoint, also when the log reuses one call id for every call', async () => {
    const b = testBackend();
    const { auth } = await importOncall(b);
    const replay = await b.registry.invoke('runs.open', { trajectoryId: auth });
    await b.registry.invoke('runs.setBreakpoints', {
      runId: replay.id,
      breakpoints: [
        { kind: 'tool', tool: 'list_deploys' },
        { kind: 'tool', tool: 'rollback_deploy' },
      ],
    });
    const stops: (string | null)[] = [];
    let run = replay;
    for (let i = 0; i < 5 && run.status !== 'finished'; i++) {
      run = await b.registry.invoke('runs.continue', { runId: replay.id });
      stops.push(run.status === 'paused' ? `${run.note} at turn ${run.turns.length}` : run.status);
    }
    expect(stops).toEqual([
      'Paused before list_deploys (breakpoint on the tool). at turn 3',
      'Paused before rollback_deploy (breakpoint on the tool). at turn 5',
      'Paused before rollback_deploy (breakpoint on the tool). at turn 7',
      'finished',
    ]);
  });

  it('pauses a replay on argument values and on recorded errors, as a live run does', async () => {
    const b = testBackend();
    const { auth } = await importOncall(b);
    const replay = await b.registry.invoke('runs.open', { trajectoryId: auth });
    await b.registry.invoke('runs.setBreakpoints', {
      runId: replay.id,
      breakpoints: [{ kind: 'argument', param: 'to_version', pattern: '^v2\\.3' }, { kind: 'error' }],
    });
    const onArgument = await b.registry.invoke('runs.continue', { runId: replay.id });
    expect(onArgument.note).toBe('Paused before rollback_deploy: to_version matches ^v2\\.3.');
    const onError = await b.registry.invoke('runs.continue', { runId: replay.id });
    expect(onError.note).toBe('Paused: call_0 returned an error.');
    expect(onError.turns.at(-1)!.content).toContain('rollback already in progress');
  });

  it('Step shows the recorded result of the call it waits on, as Step executes it in a live run', async () => {
    const b = testBackend();
    const { checkout } = await importOncall(b);
    const replay = await b.registry.invoke('runs.open', { trajectoryId: checkout });
    let run = replay;
    for (let i = 0; i < 3; i++) run = await b.registry.invoke('runs.step', { runId: replay.id });
    // system, user, the call of get_alerts: its result is next.
    expect(waitingCall(run)).toEqual({ name: 'get_alerts', args: { service: 'checkout' } });
    run = await b.registry.invoke('runs.step', { runId: replay.id });
    expect(run.turns.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'c1' });
    expect(run.nextAction).toEqual({ kind: 'replay', role: 'assistant' });
  });

  it('offers breakpoints on the tools a recording with no graph declares and calls', async () => {
    const b = testBackend();
    const { checkout } = await importOncall(b);
    const replay = await b.registry.invoke('runs.open', { trajectoryId: checkout });
    expect(replay.graphId).toBeNull();
    expect(replay.tools).toEqual(['get_alerts', 'list_deploys', 'rollback_deploy', 'post_incident_update']);
  });

  it('keeps the breakpoints set on one run for the next run the debugger opens, and they stop a fork at the same call', async () => {
    const b = testBackend();
    const { checkout, auth } = await importOncall(b);
    const first = await b.registry.invoke('runs.open', { trajectoryId: auth });
    await b.registry.invoke('runs.setBreakpoints', {
      runId: first.id,
      breakpoints: [{ kind: 'tool', tool: 'rollback_deploy' }],
    });
    const replay = await b.registry.invoke('runs.open', { trajectoryId: checkout });
    expect(replay.breakpoints).toEqual([{ kind: 'tool', tool: 'rollback_deploy' }]);
    const inReplay = await b.registry.invoke('runs.continue', { runId: replay.id });

    // A fork from the turn that makes the call waits on that call, and pauses before it alike.
    const fork = await b.registry.invoke('runs.fork', { runId: replay.id, turnIndex: inReplay.turns.length - 1 });
    const inFork = await b.registry.invoke('runs.continue', { runId: fork.id });
    for (const run of [inReplay, inFork]) {
      expect(run.status).toBe('paused');
      expect(run.note).toBe('Paused before rollback_deploy (breakpoint on the tool).');
      expect(waitingCall(run)).toEqual({
        name: 'rollback_deploy',
        args: { service: 'checkout', to_version: 'v5.7.8' },
      });
    }
  });
});

describe('a run that cannot go on ends, saying why', () => {
  it('ends a forked agent run with no model loaded with that reason, not running or waiting', async () => {
    const b = testBackend();
    const { checkout } = await importOncall(b);
    const replay = await b.registry.invoke('runs.open', { trajectoryId: checkout });
    await b.registry.invoke('runs.continue', { runId: replay.id, untilTurns: 4 });
    // After get_alerts' result the agent must choose the next call: there is no model to ask.
    const fork = await b.registry.invoke('runs.fork', { runId: replay.id, turnIndex: 3 });
    expect(fork.mode).toBe('agent');
    const ended = await b.registry.invoke('runs.continue', { runId: fork.id });
    expect(ended.status).toBe('stopped');
    expect(ended.note).toBe('No model loaded: load one in Models or point at a server.');
    expect(ended.turns).toHaveLength(4);
    expect((await b.registry.invoke('runs.get', { runId: fork.id })).status).toBe('stopped');
    const saved = await b.registry.invoke('trajectories.get', { id: fork.trajectoryId! });
    expect(saved.outcome).toEqual({
      status: 'unknown',
      by: 'Trellis run',
      value: 'no model loaded: load one in Models or point at a server',
    });
  });

  it('ends it alike when stepped', async () => {
    const b = testBackend();
    const { checkout } = await importOncall(b);
    const replay = await b.registry.invoke('runs.open', { trajectoryId: checkout });
    await b.registry.invoke('runs.continue', { runId: replay.id, untilTurns: 4 });
    const fork = await b.registry.invoke('runs.fork', { runId: replay.id, turnIndex: 3 });
    const ended = await b.registry.invoke('runs.step', { runId: fork.id });
    expect(ended.status).toBe('stopped');
    expect(ended.note).toBe('No model loaded: load one in Models or point at a server.');
  });
});
