import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tinyModel } from '../test/helpers/models';
import { tempDir } from '../test/helpers/temp';
import { reloadToGraph, replaceEditorJson } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

async function loadTinyModel(page: Page) {
  await page.keyboard.press('Control+5');
  await page.getByLabel('Model path').fill(tinyModel());
  await page.getByLabel('Threads').fill('1');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.getByTestId('loaded-model').waitFor({ timeout: 60_000 });
}

describe('Plans & Runs in Chromium', () => {
  it('generates a plan with the model, steps its run, edits an observation, forks, and finds both runs after a reload', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'runs.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    // The model planner with no model: said, and nothing to press until there is one.
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('Book a flight from Paris to Lisbon on 2027-03-14 for 2 passengers');
    await page.getByLabel('Planner').selectOption('model');
    await page.getByTestId('plan-model').getByText('No model is loaded').waitFor();
    expect(await page.getByRole('button', { name: 'Generate plan' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Run as agent' }).isDisabled()).toBe(true);
    await loadTinyModel(page);

    await page.keyboard.press('Control+2');
    await page.getByTestId('plan-model').getByText('Plans with tiny.gguf').waitFor();
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s1').waitFor({ timeout: 120_000 });
    await page.getByTestId('plan-overlay').locator('.path-node.on-path').first().waitFor();
    expect(await page.getByTestId('plan-generation').textContent()).toMatch(/^Planned in [\d.]+ s, [\d,]+ tokens\.$/);

    // Running the plan saves it: the editor says so, and the saved plans list has it.
    await page.getByTestId('plan-draft').getByText('Not saved.').waitFor();
    await page.getByRole('button', { name: 'Run plan' }).click();
    await page.getByTestId('plan-draft').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByLabel('Saved plans').locator('option').count()).toBe(2);
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane
      .getByTestId('next-action')
      .getByText(/Next: call .* \(s1\)/)
      .waitFor();
    for (let i = 0; i < 3; i++) {
      const before = await debuggerPane.locator('.timeline > li').count();
      await page.keyboard.press('F10');
      await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(before + 1);
    }
    // user, call s1, observation s1, call s2 (or the answer): the observation is turn 2.
    const observation = debuggerPane.locator('.timeline > li').nth(2);
    await observation.getByRole('button', { name: 'Edit' }).click();
    await replaceEditorJson(page, 'Observation', '{"edited": true}');
    await page.getByRole('button', { name: 'Save edit' }).click();
    await page.getByLabel('Observation', { exact: true }).waitFor({ state: 'detached' });
    await observation.locator('.turn .content').getByText('{"edited": true}').waitFor();
    // What the debugger shows is marked as not what was recorded.
    await observation.locator('.edited-mark').waitFor();

    await observation.getByRole('button', { name: 'Fork from here' }).click();
    await debuggerPane.getByText('fork at turn 2').waitFor();
    const tree = page.getByRole('region', { name: 'Runs' });
    await tree.getByText(/fork at 2:/).waitFor();
    expect(await tree.locator('.tree-row').count()).toBe(2);
    // A plan run and its fork follow the plan: each says so in front of its title.
    expect(await tree.locator('.tree-row .run-kind').allTextContents()).toEqual(['plan', 'plan']);

    await reloadToGraph(page);
    // The planner chosen is still the one chosen, and the run that was open (the fork) opens again.
    await page.keyboard.press('Control+2');
    expect(await page.getByLabel('Planner').inputValue()).toBe('model');
    await page.getByRole('region', { name: 'Debugger' }).getByText('fork at turn 2').waitFor();
    await page.keyboard.press('Control+3');
    await pickOption(page, 'Source', 'run');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    await page.close();
  }, 240_000);

  it('runs the loaded model as an agent: its turn shows the tokens it read and wrote, and its time', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'agent.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await loadTinyModel(page);
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('Weather in Kyoto tomorrow?');
    await page.getByRole('button', { name: 'Run as agent' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByText('Agent run').waitFor();
    await page.keyboard.press('F10');
    const turn = debuggerPane.getByTestId('turn-1');
    await turn.waitFor({ timeout: 120_000 });
    expect(await turn.locator('header').textContent()).toMatch(
      /assistant.* · [\d.,]+ ms · [\d,]+ prompt \+ [\d,]+ generated tokens/,
    );
    // The user's turn was typed, not generated: no counts there.
    expect(await debuggerPane.getByTestId('turn-0').getByTestId('turn-tokens').count()).toBe(0);
    // In the runs list it is told apart from plan runs.
    await page.getByRole('region', { name: 'Runs' }).locator('.tree-row .run-kind').getByText('agent').waitFor();
    await page.close();
  }, 240_000);

  it('makes a deterministic plan, breaks before a tool, and replays a recorded trajectory opened from Trajectories', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'runs2.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s2').waitFor();
    expect(JSON.parse(await page.getByTestId('step-s2').locator('.args').innerText())).toMatchObject({
      lat: { $ref: 's1.result.lat' },
    });
    await page.getByRole('button', { name: 'Save plan' }).click();
    await expect.poll(() => page.getByLabel('Saved plans').locator('option').count()).toBe(2);
    await page.getByRole('button', { name: 'Run plan' }).click();
    // The saved plan runs as itself: no second copy of it is saved.
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByText(/^Breakpoints/).click();
    expect(await page.getByLabel('Saved plans').locator('option').count()).toBe(2);
    await debuggerPane.getByLabel('Break before get_weather_forecast').check();
    await page.keyboard.press('F5');
    await debuggerPane.getByText(/Paused before get_weather_forecast/).waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    expect(await debuggerPane.locator('.timeline > li').last().textContent()).toContain(
      'Plan complete: 2 of 2 steps succeeded',
    );

    await page.keyboard.press('Control+3');
    await page.getByRole('option', { name: /Kyoto hotel booking/ }).click();
    await page.getByRole('button', { name: 'Open in debugger' }).click();
    await debuggerPane.getByText('Replay').waitFor();
    await debuggerPane.getByRole('button', { name: 'Step' }).click();
    await debuggerPane.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(2);
    await page.close();
  }, 120_000);
});
