import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  dragHandle,
  handle,
  openSmartHomeGraph,
  replaceEditorJson,
  runCommand,
  workspaceFromSmartHomeLogs,
} from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

/**
 * From a log file to a finished run without a line of code: the tools come from the logs, their
 * results from what the logs recorded, the list → pick edge is drawn, the logs answer the calls,
 * the plan comes from plain words, and a fork at the pick runs on from an edit.
 */
describe('from imported smart-home logs to a finished, forked run in Chromium', () => {
  it('imports, infers results, draws rooms[].room_id → room_id, replays, plans "make the bedroom 21 degrees", runs, forks at the pick', async () => {
    const workspace = workspaceFromSmartHomeLogs('smart-home-loop', 'Home');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    await openSmartHomeGraph(page, host.url, 'Home');

    // 1. The tools declare no results: accept what the logs show they return.
    await runCommand(page, 'infer result schemas');
    const proposals = page.getByRole('dialog', { name: 'Inferred result schemas' });
    await proposals.getByRole('region', { name: 'Proposal for list_rooms' }).waitFor();
    await proposals.getByRole('button', { name: /^Accept all/ }).click();
    await proposals.getByText('Nothing left to review.').waitFor();
    await proposals.getByRole('button', { name: 'Close' }).click();

    // 2. "List, then pick an id": the element field of the list fills set_thermostat.room_id.
    await runCommand(page, 'zoom to fit');
    await page.locator(handle('list_rooms', 'r:rooms[].room_id')).waitFor();
    await dragHandle(page, handle('list_rooms', 'r:rooms[].room_id'), handle('set_thermostat', 'p:room_id'));
    await expect.poll(() => page.locator('.react-flow__edge.edge-element').count()).toBe(1);

    // 3. The logs answer the calls: replay runtimes for every tool of the graph.
    await runCommand(page, 'make replay runtimes');
    const replay = page.getByRole('dialog', { name: 'Replay runtimes' });
    await replay.getByRole('button', { name: 'Make replay runtimes from 6 trajectories' }).click();
    await page.getByText(/Made 3 replay runtimes from 6 trajectories/).waitFor();
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();

    // 4. A plan from plain words: list the rooms, then set the bedroom's thermostat; the mode
    // the intent does not say is the one problem, fixed by editing the step's arguments.
    await page.keyboard.press('Control+2');
    // With its goal picked the planner plans from the words alone (without one it follows the
    // nearest recorded trajectory: plans-recordings.e2e.test.ts).
    await page.locator('.plan-panel').getByRole('checkbox', { name: 'set_thermostat' }).check();
    await page.getByLabel('Intent').fill('make the bedroom 21 degrees');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('plan-summary').getByText('2 steps · 1 problem').waitFor();
    expect(await page.getByTestId('step-s2').locator('.problem').allInnerTexts()).toEqual([
      's2 args.mode: error invalid-arguments: missing required argument mode',
    ]);
    await page.getByTestId('step-s2').getByRole('button', { name: 'Arguments' }).click();
    const s2 = page.getByLabel('Arguments of s2').locator('.view-lines');
    const s2Text = async () => (await s2.innerText()).replace(/\u00a0/g, ' ');
    await expect.poll(s2Text).toContain('"$ref": "s1.result.rooms[name=bedroom].room_id"');
    expect(await s2Text()).toContain('"celsius": 21');
    await s2.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(
      '{"room_id":{"$ref":"s1.result.rooms[name=bedroom].room_id"},"celsius":21,"mode":"heat"}',
    );
    // Monaco closes brackets and quotes as text arrives: drop what it added after the cursor.
    await page.keyboard.press('Shift+Control+End');
    await page.keyboard.press('Delete');
    await page.getByTestId('plan-summary').getByText('2 steps · 0 problems').waitFor();

    // 5. Run to the end: every call answered by the logs, no runtime error.
    await page.getByRole('button', { name: 'Run plan' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('next-action').waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    const turns = debuggerPane.locator('.timeline > li');
    await expect.poll(() => turns.count()).toBe(6);
    const pickTurn = turns.nth(3);
    expect(await pickTurn.innerText()).toContain('"room_id": "r1"');
    expect(await turns.nth(4).innerText()).toMatch(/replayed: (exact|nearest to)/);
    expect(await debuggerPane.locator('.timeline').innerText()).not.toMatch(/has no runtime|"error"/);
    expect(await turns.nth(5).innerText()).toContain('Plan complete: 2 of 2 steps succeeded');

    // 6. Fork at the pick, point it at another room, and run on from the edit.
    await pickTurn.getByRole('button', { name: 'Fork from here' }).click();
    await debuggerPane.getByText('fork at turn 3').waitFor();
    const forkedPick = debuggerPane.locator('.timeline > li').nth(3);
    await forkedPick.getByRole('button', { name: 'Edit' }).click();
    const args = page.getByLabel('Call arguments');
    await replaceEditorJson(page, 'Call arguments', '{"room_id": "r3", "celsius": 21, "mode": "heat"}');
    await page.getByRole('button', { name: 'Save edit' }).click();
    await args.waitFor({ state: 'detached' });
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    const forkTurns = debuggerPane.locator('.timeline > li');
    expect(await forkTurns.nth(3).innerText()).toContain('"room_id": "r3"');
    await forkTurns.nth(3).locator('.edited-mark').waitFor();
    expect(await forkTurns.nth(4).innerText()).toContain('r3');
    expect(await page.getByRole('region', { name: 'Runs' }).locator('.tree-row').count()).toBe(2);
    await page.close();

    // The fork is saved with the edited call and the observation the logs gave for it.
    const db = new Database(workspace, { readonly: true });
    const fork = db.prepare("SELECT id FROM trajectories WHERE kind = 'run' AND fork_of IS NOT NULL").get() as {
      id: string;
    };
    const calls = db
      .prepare('SELECT tool_calls FROM turns WHERE trajectory_id = ? AND tool_calls IS NOT NULL ORDER BY idx')
      .all(fork.id) as { tool_calls: string }[];
    db.close();
    const forkCalls = calls.flatMap((row) => JSON.parse(row.tool_calls) as { name: string; args: unknown }[]);
    expect(forkCalls.map((c) => c.name)).toEqual(['list_rooms', 'set_thermostat']);
    expect(forkCalls[1]!.args).toEqual({ room_id: 'r3', celsius: 21, mode: 'heat' });
  }, 240_000);
});
