import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;
const apart = (a: Box, b: Box) =>
  a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

describe('the canvas in Chromium', () => {
  it('adds a tool where the user sees it, clear of the inspector and the other tools, and keeps a huge description to two lines', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'placement.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.locator('.react-flow__node').first().waitFor();
    await page.waitForTimeout(800);

    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+Alt+T');
    const added = page.getByTestId('tool-new_tool');
    await added.waitFor();
    await page.waitForTimeout(300);
    const box = (await added.boundingBox())!;
    const pane = (await page.locator('.canvas .react-flow').boundingBox())!;
    const inspector = (await page.getByRole('complementary', { name: 'Tool inspector' }).boundingBox())!;
    expect(within(box, pane)).toBe(true);
    expect(apart(box, inspector)).toBe(true);
    for (const other of await page.locator('.react-flow__node:not([data-id="new_tool"])').all()) {
      const b = await other.boundingBox();
      if (b) expect(apart(box, b)).toBe(true);
    }

    // A 540 KB description: the node shows two lines of it, the inspector all of it.
    const huge = 'A very long description of what this tool does. '.repeat(11_260);
    expect(huge.length).toBeGreaterThan(540_000);
    const description = page.getByLabel('Tool description');
    await description.fill(huge);
    await description.blur();
    await expect.poll(async () => (await description.inputValue()).length).toBe(huge.length);
    await expect.poll(async () => (await added.locator('.tool-description').textContent())?.endsWith('…')).toBe(true);
    const node = (await added.boundingBox())!;
    expect(node.height).toBeLessThan(400);
    await page.close();
  }, 90_000);
});
