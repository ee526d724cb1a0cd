import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('a new workspace with nothing in it, in Chromium', () => {
  it('says what a graph is for, makes one from the empty canvas, and tells Plans & Runs where tools come from', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'empty.trellis'), { examples: false });
    const page = await e2e.newPage();
    await page.goto(host.url);
    await page.getByText('No graph yet.').waitFor();
    await page.keyboard.press('Control+2');
    await page.getByTestId('no-graph-note').waitFor();
    expect(await page.getByRole('group', { name: 'Goal tools' }).textContent()).toContain(
      'This graph has no tools yet: add them in Graph.',
    );

    await page.keyboard.press('Control+1');
    await page.getByRole('button', { name: 'New graph…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New graph' });
    await dialog.getByLabel('Name').fill('Travel');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('complementary', { name: 'Graphs' }).getByText('Travel').waitFor();
    expect(await page.getByText('No graph yet.').count()).toBe(0);
    await page.keyboard.press('Control+2');
    await page.getByRole('combobox', { name: 'Tool graph' }).getByText('Travel').waitFor({ state: 'attached' });
    expect(await page.getByTestId('no-graph-note').count()).toBe(0);
    // A graph with no tools: nothing to plan with, and the buttons say so where they are off.
    await page.getByRole('textbox', { name: 'Intent' }).fill('Plan a trip to Lisbon');
    const noTools = 'This graph has no tools yet: add one in Graph (Ctrl+1) first';
    for (const name of ['Add step', 'Generate plan', 'Run plan']) {
      const button = page.getByRole('button', { name });
      expect(await button.isDisabled(), name).toBe(true);
      expect(await button.getAttribute('title'), name).toBe(noTools);
    }
    await page.close();
  }, 60_000);
});
