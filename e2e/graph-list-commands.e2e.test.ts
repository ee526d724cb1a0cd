import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('the graph list commands in Chromium', () => {
  it('renames, duplicates and deletes the current graph from other workspaces, by its name now', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'graph-commands.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    const graphs = page.getByRole('complementary', { name: 'Graphs' });
    await graphs.getByRole('button', { name: /Trip planning/ }).click();
    await graphs.locator('[aria-current="true"]', { hasText: 'Trip planning' }).waitFor();

    // Plans & Runs opens on the current graph.
    await page.keyboard.press('Control+2');
    const picker = page.getByRole('combobox', { name: 'Tool graph' });
    const picked = () => picker.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
    await expect.poll(picked).toContain('Trip planning');

    // From Models, where no list of graphs is on screen to be fetched again after a change.
    await page.keyboard.press('Control+5');
    await page.getByLabel('Model path').waitFor();
    await runCommand(page, 'Rename Graph');
    const rename = page.getByRole('dialog', { name: 'Rename graph' });
    await expect.poll(() => rename.getByLabel('Name').inputValue()).toBe('Trip planning');
    await rename.getByLabel('Name').fill('Trips to Lisbon');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await rename.waitFor({ state: 'detached' });

    // The name proposed is the new one: the list read before the rename is not used again.
    await runCommand(page, 'Duplicate Graph');
    const duplicate = page.getByRole('dialog', { name: 'Duplicate graph' });
    await expect.poll(() => duplicate.getByLabel('Name').inputValue()).toBe('Trips to Lisbon copy');
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await duplicate.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+1');
    await graphs.locator('[aria-current="true"]', { hasText: 'Trips to Lisbon copy' }).waitFor();

    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await runCommand(page, 'Delete Graph');
    await expect.poll(() => graphs.getByText('Trips to Lisbon copy').count()).toBe(0);
    expect(asked).toBe('Delete the graph "Trips to Lisbon copy"? Its trajectories are kept.');
    await graphs.getByText('Trips to Lisbon', { exact: true }).waitFor();
    await page.close();
  }, 120_000);
});
