import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { optionTexts } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

describe('marking a whole selection in the review', () => {
  it('asks first, and Undo puts every review status back', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'bulk.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    const bulk = page.getByRole('group', { name: 'Bulk actions' });
    const labels = async () => Object.values(await optionTexts(page, 'Label')).join(' | ');
    await expect.poll(labels).not.toMatch(/rejected/);

    // Asked first; Cancel changes nothing.
    await bulk.getByRole('button', { name: 'Mark all rejected…' }).click();
    await bulk.getByText('Mark every trajectory of this selection rejected?').waitFor();
    await bulk.getByRole('button', { name: 'Cancel' }).click();
    expect(await labels()).not.toMatch(/rejected/);

    await bulk.getByRole('button', { name: 'Mark all rejected…' }).click();
    await bulk.getByRole('button', { name: 'Mark all rejected', exact: true }).click();
    await bulk.getByText(/^Marked 2 trajectories rejected\.$/).waitFor();
    await expect.poll(labels).toMatch(/rejected/);

    await bulk.getByRole('button', { name: 'Undo' }).click();
    await bulk.getByText('Mark the whole selection').waitFor();
    await expect.poll(labels).not.toMatch(/rejected/);
    await page.close();
  }, 60_000);
});
