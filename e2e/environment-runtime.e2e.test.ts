import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../backend/backend';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('the environment runtime in the tool inspector', () => {
  it('offers the graph’s environment as a kind, names the environment tool that answers, and keeps it', async () => {
    const workspace = path.join(tempDir(), 'environment.trellis');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(host.url);
    await page.locator('.react-flow__node[data-id="geocode_city"]').waitFor();
    await page.locator('.react-flow__node[data-id="geocode_city"] .tool-name').click();

    const inspector = page.getByRole('complementary', { name: 'Tool inspector' });
    const kind = inspector.getByLabel('Runtime kind');
    await kind.selectOption('environment');
    await inspector.getByText('The tool answers from the graph’s environment').waitFor();
    const method = inspector.getByLabel('Environment tool');
    expect(await method.getAttribute('placeholder')).toBe('geocode_city');
    await method.fill('locate');

    // Saved with the graph (read by a backend of its own), and shown so when the page opens again.
    const reader = createBackend({ workspace, host: 'cli' });
    try {
      await expect
        .poll(
          async () => {
            const [summary] = await reader.registry.invoke('graphs.list', {});
            const graph = await reader.registry.invoke('graphs.get', { id: summary!.id });
            return graph.tools.find((t) => t.name === 'geocode_city')?.runtime;
          },
          { timeout: 30_000 },
        )
        .toEqual({ kind: 'environment', method: 'locate' });
    } finally {
      reader.close();
    }
    await page.reload();
    await page.locator('.react-flow__node[data-id="geocode_city"] .tool-name').click();
    expect(await inspector.getByLabel('Environment tool').inputValue()).toBe('locate');
  });
});
