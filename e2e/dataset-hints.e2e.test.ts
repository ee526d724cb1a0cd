import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('making a dataset from Trajectories before any exists, in Chromium', () => {
  it('says why the Dataset menu item is off and offers a new dataset where Add to dataset would be', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'no-datasets.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();

    // Greyed here, with the reason and the way to the selection's dataset.
    const bar = page.getByRole('navigation', { name: 'Main menu' });
    await bar.getByRole('button', { name: 'Dataset', exact: true }).click();
    const item = page
      .getByRole('menu', { name: 'Dataset' })
      .getByRole('menuitem', { name: /New Dataset from Selection/ });
    expect(await item.isDisabled()).toBe(true);
    expect(await item.getAttribute('title')).toMatch(
      /^Works in Datasets \(Ctrl\+4\), on the selection under review there\. From Trajectories, Go › Review This Selection in Datasets/,
    );
    await page.keyboard.press('Escape');

    await page.getByRole('listbox', { name: 'Trajectory list' }).getByRole('option').first().click();
    const inspector = page.getByRole('region', { name: 'Trajectory inspector' });
    const offer = inspector.getByRole('button', { name: 'New dataset with this…' });
    await offer.waitFor();
    expect(await offer.getAttribute('title')).toContain('No dataset yet');
    await offer.click();
    const form = inspector.getByRole('form', { name: 'New dataset with this trajectory' });
    await form.getByLabel('New dataset name').fill('picked');
    await form.getByRole('button', { name: 'Make dataset' }).click();
    await page.getByText('Made the dataset picked (1 trajectory).').first().waitFor();
    // Now there is one to add to.
    await inspector.getByLabel('Add to dataset').waitFor();
    expect(await inspector.getByLabel('Add to dataset').locator('option').allTextContents()).toEqual([
      'Add to dataset…',
      'picked',
    ]);
    await page.close();
  }, 120_000);
});
