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

  it('tries an environment tool in the inspector on the graph’s environment, from its initial state', async () => {
    const workspace = path.join(tempDir(), 'environment-try.trellis');
    const host = await e2e.startHost(workspace);
    // The seeded graph gets an environment from a backend of its own, before the page opens.
    const writer = createBackend({ workspace, host: 'cli' });
    try {
      const [summary] = await writer.registry.invoke('graphs.list', {});
      const graph = await writer.registry.invoke('graphs.get', { id: summary!.id });
      await writer.registry.invoke('graphs.save', {
        id: graph.id,
        tools: graph.tools,
        edges: graph.edges,
        dismissedSuggestions: graph.dismissedSuggestions,
        environment: {
          code: 'const tools = { geocode_city(state, args) { state.asked += 1; return { city: args.city, asked: state.asked, seen: state.seen }; } };',
          initialState: { asked: 0, seen: 'from the initial state' },
        },
      });
    } finally {
      writer.close();
    }
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(host.url);
    await page.locator('.react-flow__node[data-id="geocode_city"] .tool-name').click();
    const inspector = page.getByRole('complementary', { name: 'Tool inspector' });
    await inspector.getByLabel('Runtime kind').selectOption('environment');
    const tryIt = inspector.getByRole('region', { name: 'Try it' });
    await tryIt.getByRole('button', { name: 'Try it' }).click();
    const result = tryIt.getByTestId('try-result');
    await expect
      .poll(async () => (await result.count()) && result.textContent(), { timeout: 30_000 })
      .toContain('from the initial state');
    expect(await result.textContent()).toContain('"asked": 1');
  });
});
