import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserAndHosts } from './helpers/fixture';
import { importSmartHomeLogsInUi } from './helpers/app';
import { compareWithReference, describeComparison, sameRenderer } from './helpers/screenshots';

const e2e = useBrowserAndHosts();
/** The status bar shows the workspace's path: a fixed one keeps it the same from run to run. */
const WORKSPACES = path.join(os.tmpdir(), 'trellis-screenshots');

/** Nothing moves between two runs: no animation, transition, blinking caret or Monaco cursor. */
const STILL = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
.monaco-editor .cursors-layer { visibility: hidden !important; }
[data-testid="turn-timing"], [data-testid="row-time"] { visibility: hidden !important; }`;

/** Waits until fonts are in, the network is quiet and every canvas has stopped fitting itself to view. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const transforms = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.react-flow__viewport'), (v) => v.style.transform).join('|'),
    );
  await expect
    .poll(async () => {
      const before = await transforms();
      await page.waitForTimeout(300);
      return before === (await transforms());
    })
    .toBe(true);
  await page.mouse.move(0, 0);
}

/**
 * A screenshot taken once two in a row are the same pixels: a canvas that lays itself out once
 * more after its transform settled (a late resize, a path graph fitted again) is waited for, as
 * Playwright's own toHaveScreenshot does.
 */
async function stillScreenshot(page: Page) {
  let last = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(400);
    const next = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    if (next.equals(last)) return next;
    last = next;
  }
  return last;
}

/** The trace receiver listens on the host's port, a free one each run: shown as OTLP's usual 4318. */
async function fixReceiverPort(page: Page) {
  await page.evaluate(() => {
    for (const code of document.querySelectorAll('[data-testid="trace-receiver"] summary code'))
      code.textContent = (code.textContent ?? '').replace(/:\d+\//, ':4318/');
  });
}

describe.each(['light', 'dark'] as const)('each workspace at 1600×1000 in the %s theme', (theme) => {
  it('looks like its committed screenshot', async () => {
    const workspace = path.join(WORKSPACES, `${theme}.trellis`);
    fs.mkdirSync(WORKSPACES, { recursive: true });
    for (const file of [workspace, `${workspace}-wal`, `${workspace}-shm`]) fs.rmSync(file, { force: true });
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 }, colorScheme: theme });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.addStyleTag({ content: STILL });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);

    const failures: string[] = [];
    // Pixels compare only within one renderer: another Chromium draws text a little differently.
    const renderer = sameRenderer(page.context().browser()!.version());
    if (!renderer.same) console.info(renderer.message);
    async function shoot(name: string) {
      await settle(page);
      // What changes from run to run (how long each turn took) is hidden by STILL, not painted over.
      const png = await stillScreenshot(page);
      const result = compareWithReference(`${name}-${theme}`, png);
      const line = describeComparison(`${name}-${theme}`, result);
      if ((result.kind === 'differs' || result.kind === 'resized') && renderer.same) failures.push(line);
      else console.info(line);
    }

    await page.locator('.react-flow__node').first().waitFor();
    await shoot('graph');

    // Trajectories: the smart-home logs imported and checked, one of them open.
    await importSmartHomeLogsInUi(page, 'Smart home');
    await page.getByTestId('list-count').getByText('8 trajectories').waitFor();
    await page.getByRole('button', { name: 'Run checks' }).click();
    await page
      .getByTestId('check-summary')
      .getByText(/Checked 8 trajectories/)
      .waitFor();
    // The import form shows the fixture's path, which differs from one checkout to another.
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').waitFor({ state: 'hidden' });
    await page.getByRole('option', { name: /Make the bedroom 21 degrees/ }).click();
    await page.getByRole('region', { name: 'Trajectory inspector' }).getByTestId('turn-1').waitFor();
    await fixReceiverPort(page);
    await shoot('trajectories');

    // Plans & Runs: a deterministic plan on the trip graph, run to its end.
    await page.keyboard.press('Control+2');
    await page.getByLabel('Tool graph').selectOption({ label: 'Trip planning' });
    await page.getByLabel('Intent').fill('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s2').waitFor();
    await page.getByRole('button', { name: 'Run plan' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('next-action').waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    // The Plan panel scrolls; where the Run plan click left it differs by a few pixels from run to run.
    await page.evaluate(() => document.querySelectorAll('.panel-body').forEach((p) => p.scrollTo(0, 0)));
    await shoot('plans-runs');

    await page.keyboard.press('Control+4');
    await page
      .getByTestId('queue-position')
      .getByText(/^1 of \d+/)
      .waitFor();
    await shoot('datasets');

    await page.keyboard.press('Control+5');
    // The folders searched for GGUFs are listed once the search is done.
    await page
      .getByRole('region', { name: 'Models on this machine' })
      .getByText('Folders searched', { exact: true })
      .waitFor();
    await shoot('models');

    expect(failures).toEqual([]);
    await page.close();
  }, 180_000);
});
