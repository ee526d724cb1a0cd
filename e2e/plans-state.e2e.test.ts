import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { replaceEditorJson, runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

async function open(name: string): Promise<Page> {
  const host = await e2e.startHost(path.join(tempDir(), `${name}.trellis`));
  const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  return page;
}

async function generate(page: Page, intent: string) {
  await page.getByLabel('Intent').fill(intent);
  await page.getByRole('button', { name: 'Generate plan' }).click();
  await page.getByTestId('step-s1').waitFor();
  await page
    .getByTestId('plan-summary')
    .getByText(/problems$/)
    .waitFor();
}

const summary = (page: Page) => page.getByTestId('plan-summary').innerText();
const problemsOf = (page: Page, step: string) => page.getByTestId(`step-${step}`).locator('.problem').allInnerTexts();

describe('Plans & Runs keeps derived state current in Chromium', () => {
  it('keeps the goal tools picked when another workspace opens and this one comes back', async () => {
    const page = await open('plan-goals');
    await page.keyboard.press('Control+2');
    const picker = page.locator('.plan-panel');
    await picker.getByRole('checkbox', { name: 'book_hotel' }).check();
    await page.keyboard.press('Control+1');
    await page.getByLabel('Intent').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+2');
    expect(await picker.getByRole('checkbox', { name: 'book_hotel' }).isChecked()).toBe(true);
    expect(await picker.getByRole('checkbox', { name: 'book_flight' }).isChecked()).toBe(false);
    await page.close();
  });

  it('checks and writes the plan again as its arguments are edited, and asks before running one with problems', async () => {
    const page = await open('plan-edit');
    await page.keyboard.press('Control+2');
    await generate(page, 'book_flight from Paris to Lisbon');
    expect(await problemsOf(page, 's1')).toEqual([
      's1 args.date: error invalid-arguments: missing required argument date',
      's1 args.passengers: error invalid-arguments: missing required argument passengers',
    ]);
    await page.getByRole('button', { name: 'WorfBench text…' }).click();
    const text = page.getByLabel('WorfBench text');
    expect(await text.inputValue()).toContain('1: search_flights: origin=Paris, destination=Lisbon\n');

    await page.getByTestId('step-s1').getByRole('button', { name: 'Arguments' }).click();
    await replaceEditorJson(
      page,
      'Arguments of s1',
      '{"origin":"Paris","destination":"Lisbon","date":"2027-03-14","passengers":2}',
    );
    await expect.poll(() => problemsOf(page, 's1')).toEqual([]);
    await expect
      .poll(() => text.inputValue())
      .toContain('1: search_flights: origin=Paris, destination=Lisbon, date=2027-03-14, passengers=2\n');
    expect(await summary(page)).toBe('2 steps · 2 problems');

    // The plan read back from edited text reaches the open arguments editor too.
    await text.fill((await text.inputValue()).replace('date=2027-03-14', 'date=2027-05-01'));
    await page.getByRole('button', { name: 'Read text as plan' }).click();
    await expect
      .poll(async () =>
        (await page.getByLabel('Arguments of s1').locator('.view-lines').innerText()).replace(/\u00a0/g, ' '),
      )
      .toContain('"date": "2027-05-01"');

    // s2 still misses two arguments: Run plan says so and waits for an answer.
    await page.getByRole('button', { name: 'Run plan' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Run a plan with problems' });
    await ask.getByText('This plan has 2 problems; its run will likely fail at the steps named.').waitFor();
    await ask.getByText(/s2 args\.passengers: error invalid-arguments: missing required argument passengers/).waitFor();
    await ask.getByRole('button', { name: 'Fix the plan first' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.getByRole('region', { name: 'Debugger' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Run plan' }).click();
    await ask.getByRole('button', { name: 'Run anyway' }).click();
    await page.getByRole('region', { name: 'Debugger' }).getByTestId('next-action').waitFor();
    await page.close();
  }, 90_000);

  it('starts one run for a double click', async () => {
    const page = await open('plan-run');
    await page.keyboard.press('Control+2');
    await generate(page, 'get_weather_forecast in Kyoto on 2027-04-02');
    expect(await summary(page)).toBe('2 steps · 0 problems');
    // A double click whose second click comes after the run has started (a fast host, a slow hand):
    // the button is enabled again by then, and only the click count tells the second click apart.
    const box = (await page.getByRole('button', { name: 'Run plan' }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down({ clickCount: 1 });
    await page.mouse.up({ clickCount: 1 });
    await page.getByRole('region', { name: 'Debugger' }).getByTestId('next-action').waitFor();
    await page.getByRole('button', { name: 'Run plan' }).and(page.locator(':enabled')).waitFor();
    await page.mouse.down({ clickCount: 2 });
    await page.mouse.up({ clickCount: 2 });
    const tree = page.getByRole('region', { name: 'Runs' });
    await tree.locator('.tree-row').first().waitFor();
    await page.waitForTimeout(1000);
    expect(await tree.locator('.tree-row').count()).toBe(1);
    await page.close();
  }, 90_000);

  it('shows another graph without this one’s plan, text, run or overlay, and keeps each graph its intent', async () => {
    const page = await open('plan-graphs');
    await runCommand(page, 'new graph');
    await page.getByRole('dialog', { name: 'New graph' }).getByRole('textbox').fill('Empty one');
    await page.keyboard.press('Enter');
    await page.getByText(/Empty graph/).waitFor();

    await page.keyboard.press('Control+2');
    await page.getByLabel('Tool graph').selectOption({ label: 'Trip planning' });
    await generate(page, 'get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'WorfBench text…' }).click();
    await page.getByRole('button', { name: 'Run plan' }).click();
    await page.getByRole('region', { name: 'Debugger' }).getByTestId('next-action').waitFor();

    await page.getByLabel('Tool graph').selectOption({ label: 'Empty one' });
    await expect.poll(() => summary(page)).toBe('0 steps · 0 problems');
    expect(await page.getByLabel('WorfBench text').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Debugger' }).count()).toBe(0);
    expect(await page.locator('.path-node').count()).toBe(0);
    await page.getByRole('region', { name: 'Runs' }).getByText('No runs of this graph yet.').waitFor();
    // The trip graph's intent stays with it: this graph starts empty, showing its placeholder.
    const intent = page.getByLabel('Intent');
    expect(await intent.inputValue()).toBe('');
    expect(await intent.getAttribute('placeholder')).toBeTruthy();
    await intent.fill('An intent for the empty graph');

    // Back on the trip graph its own intent is there again, and a new one plans for its own goal.
    await page.getByLabel('Tool graph').selectOption({ label: 'Trip planning' });
    await expect.poll(() => intent.inputValue()).toBe('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByLabel('Tool graph').selectOption({ label: 'Empty one' });
    await expect.poll(() => intent.inputValue()).toBe('An intent for the empty graph');
    await page.getByLabel('Tool graph').selectOption({ label: 'Trip planning' });
    // Its plan comes back as it was left; a new intent then plans for its own goal.
    await expect.poll(() => page.getByLabel('Tool of s1').inputValue()).toBe('geocode_city');
    await generate(page, 'search_hotels in Lisbon from 2027-03-14 to 2027-03-16 for 2 guests');
    await expect.poll(() => page.getByLabel('Tool of s1').inputValue()).toBe('search_hotels');
    expect(await summary(page)).not.toMatch(/^0 steps/);
    await page.close();
  }, 90_000);
});
