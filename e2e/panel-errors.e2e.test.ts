import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

/** The error the test-only hook throws (renderer/src/components/break-panel-for-test.tsx), as React reports it. */
/** renderer/src/components/break-panel-for-test.tsx reads it (declared there for the renderer). */
type TestHook = { __trellisBreakPanel?: string };

const PROVOKED = [/The graph-inspector panel was broken on purpose by a test/];

describe('a panel that fails, in Chromium', () => {
  it('shows its error in place while the rest of the app works, and comes back on "Reload this panel"', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'panel-errors.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 }, allowErrors: PROVOKED });
    // The inspector throws while rendering from the first frame on.
    await page.addInitScript(() => {
      (window as TestHook).__trellisBreakPanel = 'graph-inspector';
    });
    await page.goto(host.url);

    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong in the graph inspector panel' });
    await failure.waitFor();
    await failure
      .getByRole('paragraph')
      .getByText('Error: The graph-inspector panel was broken on purpose by a test')
      .waitFor();
    // The stack waits behind Details.
    const stack = failure.locator('details pre');
    expect(await stack.isVisible()).toBe(false);
    await failure.getByText('Details', { exact: true }).click();
    expect(await stack.innerText()).toMatch(/^Error: The graph-inspector panel was broken on purpose[^]*\n\s+at /);
    expect(await page.getByRole('complementary', { name: 'Tool inspector' }).count()).toBe(0);

    // The rest of the app goes on: the canvas selects a tool, the graph list and other workspaces answer.
    await page.locator('.react-flow__node[data-id="search_hotels"]').click();
    await page.locator('.react-flow__node.selected[data-id="search_hotels"]').waitFor();
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    await page.keyboard.press('Control+1');
    await failure.waitFor();

    // Once the cause is gone, "Reload this panel" brings the inspector back, on the selected tool.
    await page.evaluate(() => delete (window as TestHook).__trellisBreakPanel);
    await failure.getByRole('button', { name: 'Reload this panel' }).click();
    await page.getByRole('complementary', { name: 'Tool inspector' }).waitFor();
    expect(await failure.count()).toBe(0);
    await page.close();
  }, 90_000);

  it('keeps the error and its "Reload this panel" in place while the graph loads, until the user reloads it', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'panel-loading.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 }, allowErrors: PROVOKED });
    await page.addInitScript(() => {
      (window as TestHook).__trellisBreakPanel = 'graph-inspector';
    });
    // The graph's answer waits until the test lets it through: the workspace shows "Loading…" till then.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.routeWebSocket(/\/api/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const request = JSON.parse(String(message)) as { method?: string };
        if (request.method === 'graphs.get') void released.then(() => server.send(message));
        else server.send(message);
      });
    });
    await page.goto(host.url);
    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong in the graph inspector panel' });
    await failure.waitFor();
    await page.getByText('Loading…', { exact: true }).waitFor();

    // The cause goes away while the graph loads; the panel keeps saying what happened.
    await page.evaluate(() => delete (window as TestHook).__trellisBreakPanel);
    release();
    await page.locator('.react-flow__node[data-id="search_hotels"]').waitFor();
    expect(await failure.count()).toBe(1);
    await failure.getByRole('button', { name: 'Reload this panel' }).click();
    await page.getByRole('complementary', { name: 'Tool inspector' }).waitFor();
    expect(await failure.count()).toBe(0);
    await page.close();
  }, 90_000);
});
