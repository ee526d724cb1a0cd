import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

const width = async (page: Page, panel: string) => (await page.locator(`#panel-${panel}`).boundingBox())!.width;

/** Double-clicks the line right of the graph list, where a person aims (its element is 1 px wide, under the canvas's edge). */
async function doubleClickSeparator(page: Page) {
  const line = (await page.getByTitle('Drag to resize; double-click to collapse or expand').first().boundingBox())!;
  await page.mouse.move(line.x + line.width / 2, line.y + line.height / 2);
  await page.mouse.dblclick(line.x + line.width / 2, line.y + line.height / 2);
}

async function openGraph(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.locator('.react-flow__node').first().waitFor();
}

describe('side panels in Chromium', () => {
  it('collapse and expand from their header, the strip and the separator, and stay so after a reload', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'panels.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await openGraph(page, host.url);
    const inspectorWidth = await width(page, 'graph-inspector');

    // The header's button collapses the inspector to a strip whose button brings it back, as wide as it was.
    await page.getByRole('button', { name: 'Collapse Inspector' }).click();
    await expect.poll(() => width(page, 'graph-inspector')).toBeLessThan(40);
    expect(await page.getByRole('complementary', { name: 'Tool inspector' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Expand Inspector' }).click();
    await expect.poll(() => width(page, 'graph-inspector')).toBe(inspectorWidth);
    await page.getByRole('complementary', { name: 'Tool inspector' }).waitFor();

    // Double-clicking the separator beside the graph list collapses it; the canvas takes the room.
    await doubleClickSeparator(page);
    await expect.poll(() => width(page, 'graph-list')).toBeLessThan(40);
    await page.getByRole('button', { name: 'Expand Graphs' }).waitFor();

    // Remembered like sizes.
    await page.reload();
    await page.locator('.react-flow__node').first().waitFor();
    await page.getByRole('button', { name: 'Expand Graphs' }).waitFor();
    expect(await width(page, 'graph-list')).toBeLessThan(40);
    await doubleClickSeparator(page);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    expect(await width(page, 'graph-list')).toBeGreaterThan(130);
    await page.close();
  }, 90_000);

  it('reopen the workspace the window showed before a reload', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'reopen.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await openGraph(page, host.url);
    const workspaces = page.getByRole('navigation', { name: 'Workspaces' });
    await workspaces.getByRole('button', { name: 'Models', exact: true }).click();
    await page.getByText('On this machine', { exact: true }).waitFor();
    await page.reload();
    await page.getByText('On this machine', { exact: true }).waitFor();
    expect(await workspaces.getByRole('button', { name: 'Models', exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await page.locator('.react-flow').count()).toBe(0);
    await page.close();
  }, 90_000);
});
