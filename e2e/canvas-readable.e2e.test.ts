import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

/** The on-screen size of `locator`'s text: its CSS font size times the zoom of the flow around it. */
const screenFontPx = (locator: Locator) =>
  locator.evaluate((element) => {
    const viewport = element.closest('.react-flow__viewport') as HTMLElement;
    const zoom = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a;
    return parseFloat(getComputedStyle(element).fontSize) * zoom;
  });

/** Waits until the canvas has stopped moving (it refits once the tools are measured). */
async function settled(page: Page, viewport: Locator): Promise<void> {
  let last = '';
  for (let i = 0; i < 40; i++) {
    const now = (await viewport.getAttribute('style')) ?? '';
    if (now && now === last) return;
    last = now;
    await page.waitForTimeout(150);
  }
}

describe('a canvas that reads at a glance, in Chromium', () => {
  it('opens the example graph with text of at least 11 px on screen, its first tool whole, and a minimap the user can hide', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'readable.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    const canvas = page.locator('.canvas .react-flow');
    await canvas.locator('.react-flow__node').first().waitFor();
    await settled(page, canvas.locator('.react-flow__viewport'));

    const first = page.getByTestId('tool-geocode_city');
    expect(await screenFontPx(first.locator('.tool-fields li').first())).toBeGreaterThanOrEqual(11);
    expect(await screenFontPx(first.locator('.tool-description'))).toBeGreaterThanOrEqual(11);
    expect(await screenFontPx(first.locator('.tool-name'))).toBeGreaterThanOrEqual(11);
    expect(within((await first.boundingBox())!, (await canvas.boundingBox())!)).toBe(true);

    // At that zoom the example graph is larger than the canvas: the minimap helps find the rest,
    // and the user can put it away.
    const minimap = canvas.locator('.react-flow__minimap');
    await minimap.waitFor();
    await page.getByRole('button', { name: 'Hide minimap' }).click();
    await minimap.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show minimap' }).click();
    await minimap.waitFor();
    expect(await minimap.getAttribute('class')).not.toContain('over-tool');

    // Panned so that a tool lies under the map, the map fades and lets the pointer through to it.
    const tool = (await first.boundingBox())!;
    const map = (await minimap.boundingBox())!;
    const pane = (await canvas.boundingBox())!;
    const start = await page.evaluate(
      ({ left, top, width, height }) => {
        for (let y = top + height - 80; y > top; y -= 20)
          for (let x = left + 20; x < left + width / 2; x += 20)
            if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
        return null;
      },
      { left: pane.x, top: pane.y, width: pane.width, height: pane.height },
    );
    expect(start).not.toBeNull();
    const dx = map.x + map.width / 2 - (tool.x + tool.width / 2);
    const dy = map.y + map.height / 2 - (tool.y + tool.height / 2);
    await page.mouse.move(start!.x, start!.y);
    await page.mouse.down();
    await page.mouse.move(start!.x + dx / 2, start!.y + dy / 2, { steps: 5 });
    await page.mouse.move(start!.x + dx, start!.y + dy, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => minimap.getAttribute('class')).toContain('over-tool');
    expect(await minimap.evaluate((m) => getComputedStyle(m).pointerEvents)).toBe('none');
    await page.close();
  });

  it("opens a plan's preview on the plan's tools, whole and readable", async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'preview.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('book_flight from Paris to Lisbon on 2027-03-14 for 2 passengers');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    const overlay = page.getByTestId('plan-overlay');
    const planned = overlay.locator('.path-node.on-path');
    await expect.poll(() => planned.count()).toBeGreaterThan(0);
    await settled(page, overlay.locator('.react-flow__viewport'));

    const box = (await overlay.boundingBox())!;
    for (const node of await planned.all()) {
      expect(within((await node.boundingBox())!, box)).toBe(true);
      expect(await screenFontPx(node)).toBeGreaterThanOrEqual(11);
    }
    await page.close();
  });
});
