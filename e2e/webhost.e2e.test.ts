import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import type { HostProcess } from './helpers/host-process';

const SHOTS = path.join(__dirname, '..', 'test-results');
const e2e = useBrowserAndHosts();

beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function openApp(host: HostProcess): Promise<Page> {
  const page = await e2e.newPage({ viewport: { width: 1400, height: 860 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning|Trips to Lisbon/ }).waitFor();
  return page;
}

/** Opens the API WebSocket from whatever page is loaded: 'open' or 'refused'. */
function openSocketFrom(page: Page, port: number, token: string): Promise<string> {
  return page.evaluate(
    ([p, t]) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${p}/api?token=${t}`);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
      }),
    [port, token] as const,
  );
}

describe('Trellis in Chromium through the web host', () => {
  it('shows the seeded graph, saves edits made in the UI, and keeps them across a restart', async () => {
    const workspace = path.join(tempDir(), 'e2e.trellis');
    let host = await e2e.startHost(workspace);
    let page = await openApp(host);

    // The token leaves the address bar once used.
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(13);
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(23);
    await page.getByTestId('tool-search_flights').click();
    const description = page.getByLabel('Tool description');
    await description.fill('Search one-way flights, cheapest first.');
    await description.press('Tab');
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();

    // Rename through the command palette.
    await page.keyboard.press('Control+K');
    await page.getByLabel('Search commands').fill('rename graph');
    await page.keyboard.press('Enter');
    const nameInput = page.getByRole('dialog', { name: 'Rename graph' }).getByRole('textbox');
    await expect.poll(() => nameInput.inputValue()).toBe('Trip planning');
    await nameInput.fill('Trips to Lisbon');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Trips to Lisbon/ }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'graph-workspace.png') });

    // The other workspaces answer their shortcuts; Trajectories lists the two examples.
    await page.keyboard.press('Control+3');
    await page.getByRole('option', { name: /Kyoto hotel booking/ }).waitFor();
    expect(await page.getByRole('listbox', { name: 'Trajectory list' }).getByRole('option').count()).toBe(2);
    await page.keyboard.press('Control+5');
    await page.getByRole('heading', { name: 'Models' }).waitFor();

    // Theme toggles from its shortcut.
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.keyboard.press('Control+Shift+L');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
    await page.close();

    expect(await e2e.stopHost(host)).toBe(0);
    host = await e2e.startHost(workspace);
    page = await openApp(host);
    await page.getByRole('button', { name: /Trips to Lisbon/ }).waitFor();
    await page.getByTestId('tool-search_flights').click();
    await expect
      .poll(() => page.getByLabel('Tool description').inputValue())
      .toBe('Search one-way flights, cheapest first.');
    await page.close();
    expect(await e2e.stopHost(host)).toBe(0);

    const db = new Database(workspace, { readonly: true });
    expect(db.prepare('SELECT name FROM graphs').all()).toEqual([{ name: 'Trips to Lisbon' }]);
    expect(db.prepare("SELECT description FROM tools WHERE name = 'search_flights'").get()).toEqual({
      description: 'Search one-way flights, cheapest first.',
    });
    db.close();
  });

  it('refuses the page without the token and a WebSocket opened from a foreign origin', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'guard.trellis'));
    // Both refusals are logged by Chromium as errors; they are what this test asserts.
    const page = await e2e.newPage({
      allowErrors: [
        /Failed to load resource: the server responded with a status of 401/,
        /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/api\?token=[^']+' failed/,
      ],
    });
    const bare = await page.goto(`${host.origin}/`);
    expect(bare?.status()).toBe(401);

    // A page on another loopback port is another origin, even with the stolen token.
    const foreign = http.createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const foreignPort = (foreign.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${foreignPort}/`);
    const token = new URL(host.url).searchParams.get('token')!;
    expect(await openSocketFrom(page, host.port, token)).toBe('refused');

    // The same socket from the host's own page opens.
    await page.goto(host.url);
    expect(await openSocketFrom(page, host.port, token)).toBe('open');
    await page.close();
    foreign.close();
    expect(await e2e.stopHost(host)).toBe(0);
  });
});
