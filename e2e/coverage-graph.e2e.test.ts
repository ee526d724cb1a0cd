import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();
const exampleTools = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '../resources/examples/trip-planning.graph.json'), 'utf8')) as {
    tools: unknown[];
  }
).tools.length;

/** The tools of a coverage graph that stick out of its box, overlap another, or read smaller than 11 px. */
async function cutOff(graph: Locator): Promise<string[]> {
  return graph.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const rects = Array.from(box.querySelectorAll<HTMLElement>('.coverage-tool')).map((node) => ({
      name: node.textContent ?? '',
      r: node.getBoundingClientRect(),
      px: parseFloat(getComputedStyle(node).fontSize),
    }));
    return rects.flatMap(({ name, r, px }) => {
      const inside = r.left >= outer.left && r.right <= outer.right && r.top >= outer.top && r.bottom <= outer.bottom;
      const overlaps = rects.some(
        (o) => o.name !== name && r.left < o.r.right && o.r.left < r.right && r.top < o.r.bottom && o.r.top < r.bottom,
      );
      return inside && !overlaps && px >= 11 ? [] : [name];
    });
  });
}

/**
 * Of the part of the graph's box now on screen (between the panel header and the status bar),
 * how many pixels per row Chromium painted that are not background: what the user sees, not the
 * DOM. Nothing is scrolled first, as scrolling repaints.
 */
async function paintedPerRow(page: Page, graph: Locator): Promise<number> {
  const box = (await graph.boundingBox())!;
  const top = Math.max(box.y, 60);
  const bottom = Math.min(box.y + box.height, 970);
  expect(bottom - top, 'part of the coverage graph is on screen').toBeGreaterThan(100);
  const png = PNG.sync.read(
    await page.screenshot({ clip: { x: box.x + 4, y: top + 4, width: box.width - 8, height: bottom - top - 8 } }),
  );
  let ink = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! + png.data[i + 1]! + png.data[i + 2]! < 600) ink++;
  return ink / png.height;
}

describe('a dataset’s coverage graph in the Datasets side panel', () => {
  it('shows every tool at a readable size inside the panel’s width, none cut off', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'coverage.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    await page.getByTestId('queue-position').waitFor();
    await page.getByLabel('Dataset name').fill('trips');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    const coverage = page.getByTestId('coverage-overlay');
    await expect.poll(() => coverage.locator('.coverage-tool.used').count()).toBeGreaterThan(0);
    // Every tool of the example graph, the ones used with their call counts.
    expect(await coverage.locator('.coverage-tool').count()).toBe(exampleTools);
    await expect.poll(() => cutOff(coverage)).toEqual([]);
    // No scroll box of its own: nothing lies past its right edge.
    expect(await coverage.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await page.close();
  }, 60_000);

  it('stays drawn after exports from the form and the command palette and a change of dataset', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'coverage-palette.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    await page.getByTestId('queue-position').waitFor();
    await page.getByLabel('Dataset name').fill('trips');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    const coverage = page.getByTestId('coverage-overlay');
    await coverage.locator('.coverage-tool.used').first().waitFor();
    // A second dataset of one rejected trajectory, which has nothing to export.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('r');
    await pickOption(page, 'Label', 'rejected');
    await page.getByLabel('Dataset name').fill('rejects-only');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page.getByLabel('Dataset', { exact: true }).getByText('rejects-only (1)').waitFor({ state: 'attached' });
    await page.getByLabel('Folder').fill(path.join(tempDir(), 'out'));
    const drawn = await paintedPerRow(page, coverage);
    expect(drawn).toBeGreaterThan(5);
    const side = page.getByLabel('Datasets and synthesis');
    for (const via of ['form', 'palette', 'form', 'palette'] as const) {
      await side.evaluate((panel) => (panel.scrollTop = 0));
      if (via === 'form') await page.getByRole('button', { name: 'Export', exact: true }).click();
      else {
        await page.keyboard.press('Control+k');
        await page.keyboard.type('export dataset');
        await page.keyboard.press('Enter');
      }
      // The refusal is shown under the form, which scrolls the panel down to it.
      await expect.poll(() => side.evaluate((panel) => panel.scrollTop)).toBeGreaterThan(0);
      await page
        .getByText(/^Nothing to export/)
        .first()
        .waitFor();
      // Half the density of the first look: a graph painted blank or in part shows far less.
      expect(await paintedPerRow(page, coverage), `after an export from the ${via}`).toBeGreaterThan(drawn / 2);
      await page.getByLabel('Dataset', { exact: true }).selectOption({ label: 'trips (2)' });
      await page.getByLabel('Dataset', { exact: true }).selectOption({ label: 'rejects-only (1)' });
      await expect.poll(() => coverage.locator('.coverage-tool.used').count()).toBeGreaterThan(0);
      expect(await paintedPerRow(page, coverage), 'after changing dataset').toBeGreaterThan(drawn / 2);
    }
    await page.close();
  }, 90_000);
});
