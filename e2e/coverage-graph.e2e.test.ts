import path from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

/** The tools of a coverage graph outside the area its box scrolls over, or reading smaller than 11 px. */
async function cutOff(overlay: Locator): Promise<string[]> {
  return overlay.evaluate((box) => {
    const content = box.querySelector('.path-overlay-content')?.getBoundingClientRect();
    return Array.from(box.querySelectorAll<HTMLElement>('.path-node')).flatMap((node) => {
      const r = node.getBoundingClientRect();
      const inside =
        content !== undefined &&
        r.left >= content.left - 1 &&
        r.right <= content.right + 1 &&
        r.top >= content.top - 1 &&
        r.bottom <= content.bottom + 1;
      const zoom = r.height / node.offsetHeight;
      return inside && 12 * zoom >= 11 ? [] : [node.textContent ?? ''];
    });
  });
}

describe('a dataset’s coverage graph in the Datasets side panel', () => {
  it('shows every tool at a readable size in a box that scrolls, none cut off', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'coverage.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    await page.getByTestId('queue-position').waitFor();
    await page.getByLabel('Dataset name').fill('trips');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    const coverage = page.getByTestId('coverage-overlay');
    await expect.poll(() => coverage.locator('.path-node.on-path').count()).toBeGreaterThan(0);
    await expect.poll(() => cutOff(coverage)).toEqual([]);
    // Wider than the side panel: the box scrolls to the rest.
    expect(await coverage.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await page.close();
  }, 60_000);
});
