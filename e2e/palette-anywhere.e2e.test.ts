import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

const INTENT = 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana Silva';

/** Opens the palette, types `query` and picks the command labelled `label` among what it finds. */
async function paletteRun(page: Page, query: string, label: string) {
  await page.keyboard.press('Control+K');
  await page.getByLabel('Search commands').fill(query);
  await page
    .getByRole('dialog', { name: 'Command palette' })
    .getByRole('option')
    .filter({ hasText: label })
    .first()
    .click();
}

/** The workspace the activity bar shows as open. */
const openWorkspace = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Workspaces' })
    .locator('button[aria-current="page"]')
    .getAttribute('aria-label');

const status = (page: Page) => page.locator('.statusbar [role="status"]');

describe('the command palette runs any command from any workspace, in Chromium', () => {
  it('finds Export dataset from Graph and opens Datasets’ export form there', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'palette-export.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    await page.getByLabel('Dataset name').fill('examples');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page.getByTestId('dataset-stats').waitFor();

    await page.keyboard.press('Control+1');
    await page.getByRole('region', { name: 'Canvas' }).waitFor();
    await paletteRun(page, 'export dataset', 'Export Dataset to SFT Files (JSONL)…');
    // Datasets opens and its export form asks for the folder, as the palette's Export does there.
    await page.getByRole('form', { name: 'Export' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Export folder');
    await status(page)
      .getByText('Export: type the folder to write the files to, then press Enter or Export.')
      .waitFor();
    expect(await openWorkspace(page)).toBe('Datasets');
    await page.close();
  }, 120_000);

  it('generates and runs a plan from Trajectories, and says why when there is nothing to run', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'palette-plan.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill(INTENT);
    await page.getByTestId('plan-summary').getByText('0 steps').waitFor();

    // No plan yet: Run Plan goes to Plans & Runs and says why it did not run.
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    await paletteRun(page, 'run plan', 'Run Plan');
    await status(page)
      .getByText('"Run Plan" did not run: Add a step or generate a plan first')
      .waitFor({ timeout: 30_000 });
    expect(await openWorkspace(page)).toBe('Plans & Runs');

    // From Trajectories, Generate Plan makes the plan in Plans & Runs, and Run Plan runs it there.
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').waitFor();
    await paletteRun(page, 'generate plan', 'Generate Plan from Intent');
    await expect.poll(() => page.getByTestId('plan-summary').innerText()).toBe('2 steps · 0 problems');
    expect(await openWorkspace(page)).toBe('Plans & Runs');
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').waitFor();
    await paletteRun(page, 'run plan', 'Run Plan');
    await page
      .getByRole('region', { name: 'Debugger' })
      .getByTestId('next-action')
      .getByText(/Next: call .* \(s1\)/)
      .waitFor();
    await page.close();
  }, 120_000);
});
