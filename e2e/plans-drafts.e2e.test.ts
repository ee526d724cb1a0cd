import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { reloadToGraph, replaceEditorJson, runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

const INTENT = 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana Silva';
const EDITED = '{"origin":"Lisboa — São Bento «1»","destination":"Paris","date":"2026-06-01","passengers":3}';
/** The same arguments as the step shows them: formatted JSON. */
const EDITED_SHOWN = JSON.stringify(JSON.parse(EDITED), null, 2);

const summary = (page: Page) => page.getByTestId('plan-summary').innerText();

/** Every step as shown: its id, tool, what it depends on and its arguments, character for character. */
const stepsShown = (page: Page) =>
  page.locator('.plan-editor .steps > li').evaluateAll((items) =>
    items.map((li) => ({
      id: li.querySelector('.step-id')?.textContent,
      tool: li.querySelector<HTMLSelectElement>('select')?.value,
      dependsOn: li.querySelector<HTMLInputElement>('input')?.value,
      args: li.querySelector('.args')?.textContent,
    })),
  );

describe('Plans & Runs keeps each graph its unsaved plan, in Chromium', () => {
  it('brings an edited saved plan back exactly as left after a graph switch and a reload, and says it is unsaved', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'plan-drafts.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await runCommand(page, 'new graph');
    await page.getByRole('dialog', { name: 'New graph' }).getByRole('textbox').fill('Empty one');
    await page.keyboard.press('Enter');
    await page.getByText(/Empty graph/).waitFor();
    await page.keyboard.press('Control+2');
    const graphPicker = page.getByLabel('Tool graph');
    await graphPicker.selectOption({ label: 'Trip planning' });

    // The booking takes the one traveller named: the plan has no problems.
    await page.getByLabel('Intent').fill(INTENT);
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await expect.poll(() => summary(page)).toBe('2 steps · 0 problems');
    const draft = page.getByTestId('plan-draft');
    expect(await draft.innerText()).toBe('Not saved.');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await draft.waitFor({ state: 'detached' });

    // Open the saved plan, add a step and edit an argument.
    await page.getByLabel('Saved plans').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add step' }).click();
    await expect.poll(() => summary(page)).toMatch(/^3 steps · /);
    await page.getByTestId('step-s1').getByRole('button', { name: 'Arguments' }).click();
    await replaceEditorJson(page, 'Arguments of s1', EDITED);
    await page.getByTestId('step-s1').getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('step-s1').locator('.args').innerText()).toBe(EDITED_SHOWN);
    const left = await stepsShown(page);
    expect(left.map((s) => s.tool)).toEqual(['search_flights', 'book_flight', 'geocode_city']);
    expect(await draft.innerText()).toBe('Not saved (changes to a saved plan).');
    const problems = await summary(page);

    await graphPicker.selectOption({ label: 'Empty one' });
    await expect.poll(() => summary(page)).toBe('0 steps · 0 problems');
    expect(await draft.count()).toBe(0);

    const restored = 'Unsaved draft, restored as you left it on this graph (changes to a saved plan).';
    await graphPicker.selectOption({ label: 'Trip planning' });
    await expect.poll(() => stepsShown(page)).toEqual(left);
    await expect.poll(() => summary(page)).toBe(problems);
    expect(await draft.innerText()).toBe(restored);
    expect(await page.getByLabel('Intent').inputValue()).toBe(INTENT);

    await reloadToGraph(page);
    await page.keyboard.press('Control+2');
    await graphPicker.selectOption({ label: 'Trip planning' });
    await expect.poll(() => stepsShown(page)).toEqual(left);
    await expect.poll(() => summary(page)).toBe(problems);
    expect(await draft.innerText()).toBe(restored);
    expect(await page.getByLabel('Intent').inputValue()).toBe(INTENT);
    expect(await page.getByTestId('step-s1').locator('.args').innerText()).toBe(EDITED_SHOWN);

    // Saving it makes it the newest saved plan, no longer a draft.
    await page.getByRole('button', { name: 'Save plan' }).click();
    await draft.waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);

  it('brings back the run that was open on a graph', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'plan-run-back.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await runCommand(page, 'new graph');
    await page.getByRole('dialog', { name: 'New graph' }).getByRole('textbox').fill('Empty one');
    await page.keyboard.press('Enter');
    await page.getByText(/Empty graph/).waitFor();
    await page.keyboard.press('Control+2');
    const graphPicker = page.getByLabel('Tool graph');
    await graphPicker.selectOption({ label: 'Trip planning' });
    await page.getByLabel('Intent').fill('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await expect.poll(() => summary(page)).toBe('2 steps · 0 problems');
    await page.getByRole('button', { name: 'Run plan' }).click();
    const next = page.getByRole('region', { name: 'Debugger' }).getByTestId('next-action');
    await next.waitFor();
    const shown = await next.innerText();

    await graphPicker.selectOption({ label: 'Empty one' });
    await page.getByRole('region', { name: 'Debugger' }).waitFor({ state: 'detached' });
    await graphPicker.selectOption({ label: 'Trip planning' });
    await expect.poll(() => next.innerText()).toBe(shown);
    await page.close();
  }, 90_000);
});
