import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const example = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'resources', 'examples', 'trip-planning.graph.json'), 'utf8'),
) as { edges: { kind: string }[] };

describe('a canvas zoomed far out, in Chromium', () => {
  it('draws every edge as one picture under the tools, and gives React Flow its edges back when zoomed in', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'compact.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    const canvas = page.locator('.canvas .react-flow');
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(example.edges.length);

    const zoomOut = canvas.getByRole('button', { name: 'Zoom Out' });
    for (let i = 0; i < 12; i++) await zoomOut.click();
    await canvas.locator('.tool-node.compact').first().waitFor();
    const picture = canvas.getByTestId('compact-edges');
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(0);
    // One curve ("M…") per edge, shared ones in their own path.
    const curves = (stroke: string) =>
      picture
        .locator(`path.compact-edge-${stroke}`)
        .evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? '').join(' '))
        .then((d) => d.match(/M/g)?.length ?? 0);
    const shared = example.edges.filter((e) => e.kind === 'shared').length;
    expect((await curves('dependency')) + (await curves('warning')) + (await curves('error'))).toBe(
      example.edges.length - shared,
    );
    expect(await curves('shared')).toBe(shared);
    // The picture lies among the tools: its box is inside the tools' box on screen (curves that
    // go back leftwards may bulge a little past it).
    const tools = await canvas.locator('.react-flow__node').evaluateAll((nodes) => {
      const boxes = nodes.map((n) => n.getBoundingClientRect());
      return {
        left: Math.min(...boxes.map((b) => b.left)),
        right: Math.max(...boxes.map((b) => b.right)),
        top: Math.min(...boxes.map((b) => b.top)),
        bottom: Math.max(...boxes.map((b) => b.bottom)),
      };
    });
    const drawn = await picture
      .locator('path')
      .first()
      .evaluate((p) => p.getBoundingClientRect().toJSON());
    expect(drawn.width).toBeGreaterThan(0);
    expect(drawn.left).toBeGreaterThanOrEqual(tools.left - 40);
    expect(drawn.right).toBeLessThanOrEqual(tools.right + 40);
    if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
    expect(drawn.top).toBeGreaterThanOrEqual(tools.top - 40);
    expect(drawn.bottom).toBeLessThanOrEqual(tools.bottom + 40);

    const zoomIn = canvas.getByRole('button', { name: 'Zoom In' });
    for (let i = 0; i < 12; i++) await zoomIn.click();
    await expect.poll(() => canvas.locator('.react-flow__edge').count()).toBe(example.edges.length);
    expect(await picture.count()).toBe(0);
    await page.close();
  });
});
