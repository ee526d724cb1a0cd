import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { pressUntilVisible } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

const INTENT = 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 for 2 passengers and book it for Ana Silva';
const NO_RUNTIME = (tool: string) =>
  `${tool} has no runtime, so this step will fail; choose one in the Graph workspace's tool inspector.`;

/** The example workspace with the runtimes of `bare` taken away, as a graph imported without mocks has them. */
async function exampleWithoutRuntimes(name: string, bare: 'all' | string[]): Promise<string> {
  const workspace = path.join(tempDir(), `${name}.trellis`);
  const { createBackend } = await import('../backend/backend');
  const backend = createBackend({ workspace, host: 'cli', seed: true });
  try {
    const [trip] = await backend.registry.invoke('graphs.list', {});
    const tools =
      bare === 'all' ? (await backend.registry.invoke('graphs.get', { id: trip!.id })).tools.map((t) => t.name) : bare;
    if (tools.length) await backend.registry.invoke('graphs.setRuntime', { id: trip!.id, tools, runtime: null });
  } finally {
    backend.close();
  }
  return workspace;
}

async function openPlans(workspace: string): Promise<Page> {
  const host = await e2e.startHost(workspace);
  const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+2');
  return page;
}

/** Plans INTENT with the deterministic planner; waits for its check to say `summary`. */
async function plan(page: Page, summary: string) {
  await page.getByLabel('Intent').fill(INTENT);
  await page.getByRole('button', { name: 'Generate plan' }).click();
  await page.getByTestId('step-s2').waitFor();
  await expect.poll(() => page.getByTestId('plan-summary').innerText()).toBe(summary);
}

/** Runs the plan shown to the end, answering "Run anyway" to the question about its problems. */
async function runAnyway(page: Page, problems: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Run plan' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Run a plan with problems' });
  await ask.getByText(new RegExp(`^This plan has ${problems} problems?;`)).waitFor();
  await ask.getByRole('button', { name: 'Run anyway' }).click();
  const debuggerPane = page.getByRole('region', { name: 'Debugger' });
  await debuggerPane.getByTestId('next-action').waitFor();
  await page.keyboard.press('F5');
  await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
  return debuggerPane;
}

/** The colour a CSS colour token resolves to on this page, as computed styles write colours. */
const tokenColour = (page: Page, token: string) =>
  page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, token);
const colourOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);

describe('Plans & Runs says when calls fail, in Chromium', () => {
  it('names the steps without a runtime before running, and shows a run whose calls all failed as failed', async () => {
    const page = await openPlans(await exampleWithoutRuntimes('no-runtimes', 'all'));
    // "… and book it" plans the booking of the flight found, its id taken from the search.
    await plan(page, '2 steps · 2 problems');
    expect(await page.getByLabel('Tool of s1').inputValue()).toBe('search_flights');
    expect(await page.getByLabel('Tool of s2').inputValue()).toBe('book_flight');
    expect(JSON.parse(await page.getByTestId('step-s2').locator('.args').innerText())).toMatchObject({
      flight_id: { $ref: 's1.result.cheapest_flight_id' },
    });
    expect(await page.getByTestId('step-s1').locator('.problem').allInnerTexts()).toEqual([
      `s1 tool: warning no-runtime: ${NO_RUNTIME('search_flights')}`,
    ]);

    const debuggerPane = await runAnyway(page, 2);
    const status = debuggerPane.getByTestId('run-status');
    await debuggerPane.getByTestId('run-outcome').getByText('2 of 2 calls failed').waitFor();
    expect(await colourOf(status)).toBe(await tokenColour(page, '--color-danger'));
    expect(await colourOf(status)).not.toBe(await tokenColour(page, '--color-success'));

    // user, call s1, observation s1, call s2, observation s2, answer: both observations are marked.
    const turns = debuggerPane.locator('.timeline > li .turn');
    await expect.poll(() => turns.count()).toBe(6);
    expect(await debuggerPane.getByTestId('call-failed').count()).toBe(2);
    for (const i of [2, 4]) {
      await turns.nth(i).getByTestId('call-failed').getByText('call failed').waitFor();
      expect(await turns.nth(i).getAttribute('class')).toMatch(/\berror\b/);
    }
    for (const i of [0, 1, 3, 5]) expect(await turns.nth(i).getAttribute('class')).not.toMatch(/\berror\b/);
    expect(await turns.nth(5).innerText()).toContain('Plan complete: 0 of 2 steps succeeded');
    await page.close();
  }, 120_000);

  it('warns when some calls failed, marking only theirs; a goal-tools list that scrolls says how many are below', async () => {
    const page = await openPlans(await exampleWithoutRuntimes('one-runtime-gone', ['book_flight']));

    // The 13 tools do not fit the picker's five rows: the hint counts those below, and goes once they are in view.
    const more = page.getByTestId('picker-more');
    await more.waitFor();
    expect(await more.innerText()).toMatch(/^\d+ more ↓$/);
    const options = page.locator('.tool-picker .options');
    await options.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await more.waitFor({ state: 'detached' });
    await options.evaluate((el) => el.scrollTo({ top: 0 }));
    await more.waitFor();

    await plan(page, '2 steps · 1 problem');
    const debuggerPane = await runAnyway(page, 1);
    await debuggerPane.getByTestId('run-outcome').getByText('1 of 2 calls failed').waitFor();
    const status = debuggerPane.getByTestId('run-status');
    expect(await colourOf(status)).toBe(await tokenColour(page, '--color-warning'));
    const turns = debuggerPane.locator('.timeline > li .turn');
    await expect.poll(() => turns.count()).toBe(6);
    expect(await turns.nth(2).getByTestId('call-failed').count()).toBe(0);
    expect(await turns.nth(4).innerText()).toContain('book_flight has no runtime');
    await turns.nth(4).getByTestId('call-failed').waitFor();
    await page.close();
  }, 120_000);

  it('shows a run whose calls all went through in green, with no failure count', async () => {
    const page = await openPlans(await exampleWithoutRuntimes('all-runtimes', []));
    await page.getByLabel('Intent').fill('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await expect.poll(() => page.getByTestId('plan-summary').innerText()).toBe('2 steps · 0 problems');
    await page.getByRole('button', { name: 'Run plan' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('next-action').waitFor();
    await page.keyboard.press('F5');
    const status = debuggerPane.getByTestId('run-status');
    await status.getByText('finished').waitFor();
    expect(await colourOf(status)).toBe(await tokenColour(page, '--color-success'));
    expect(await debuggerPane.getByTestId('run-outcome').count()).toBe(0);
    expect(await debuggerPane.getByTestId('call-failed').count()).toBe(0);
    await page.close();
  }, 120_000);

  it('shows a replay of a record whose call got no result as failed, naming the call', async () => {
    const workspace = path.join(tempDir(), 'no-result.trellis');
    const { createBackend } = await import('../backend/backend');
    const backend = createBackend({ workspace, host: 'cli', seed: true });
    try {
      const [trip] = await backend.registry.invoke('graphs.list', {});
      backend.store.trajectories.insert({
        kind: 'imported',
        title: 'Weather in Nara without its result',
        source: 'logs.jsonl',
        graphId: trip!.id,
        planId: null,
        forkOf: null,
        turns: [
          { role: 'user', content: 'Weather in Nara without its result' },
          { role: 'assistant', toolCalls: [{ id: 'c1', name: 'get_weather_forecast', args: { city: 'Nara' } }] },
          { role: 'assistant', content: 'It will be sunny in Nara.' },
        ],
      });
    } finally {
      backend.close();
    }
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    const record = page.getByRole('option', { name: /Weather in Nara without its result/ });
    await pressUntilVisible(page, 'Control+3', record);
    await record.click();
    await page.getByRole('button', { name: 'Open in debugger' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByText('Replay').waitFor();
    await debuggerPane.getByRole('button', { name: 'Continue' }).click();
    const status = debuggerPane.getByTestId('run-status');
    await status.getByText('finished').waitFor();
    await debuggerPane.getByTestId('run-outcome').getByText('no result for get_weather_forecast (turn 1)').waitFor();
    expect(await colourOf(status)).toBe(await tokenColour(page, '--color-danger'));
    await page.close();
  }, 120_000);
});
