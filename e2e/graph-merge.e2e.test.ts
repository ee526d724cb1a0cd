import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const BIN = path.join(__dirname, '..', 'bin', 'trellis.js');

async function describeTool(page: Page, tool: string, text: string) {
  await page.getByTestId(`tool-${tool}`).click();
  await page.getByLabel('Tool description').fill(text);
  await page.getByLabel('Tool name').focus(); // blur commits the description
  await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
}

function stored(workspace: string): Map<string, { description: string; runtime: string | null }> {
  const db = new Database(workspace, { readonly: true });
  const rows = db.prepare('SELECT name, description, runtime FROM tools').all() as {
    name: string;
    description: string;
    runtime: string | null;
  }[];
  db.close();
  return new Map(rows.map((r) => [r.name, { description: r.description, runtime: r.runtime }]));
}

describe('a graph open in the editor and saved elsewhere', () => {
  it('merges a save from the command line and one from another window; neither is overwritten', async () => {
    const workspace = path.join(tempDir(), 'merge.trellis');
    const host = await e2e.startHost(workspace);
    const a = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await a.goto(host.url);
    await a.getByRole('button', { name: /Trip planning/ }).waitFor();
    await describeTool(a, 'geocode_city', 'First edit here.');

    // The command line gives another tool a runtime while the editor has the graph open.
    const cli = spawnSync(process.execPath, [
      BIN,
      'graph',
      'runtime',
      '--workspace',
      workspace,
      '--graph',
      'Trip planning',
      '--tool',
      'get_weather_forecast',
      '--simulated',
    ]);
    expect(cli.status, cli.stderr.toString()).toBe(0);
    // The editor's next save finds the graph changed: it merges, then saves both.
    await describeTool(a, 'geocode_city', 'Second edit here.');
    await a
      .getByRole('status')
      .getByText(/changed elsewhere; the changes are merged/)
      .waitFor();
    await a.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
    await expect.poll(() => stored(workspace).get('geocode_city')?.description).toBe('Second edit here.');
    expect(JSON.parse(stored(workspace).get('get_weather_forecast')!.runtime!)).toEqual({ kind: 'llm-simulated' });

    // Another window edits another tool: the first hears of it and merges it at once.
    const b = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await b.goto(host.url);
    await b.getByRole('button', { name: /Trip planning/ }).waitFor();
    await describeTool(b, 'search_hotels', 'Edited in the other window.');
    await a
      .getByRole('status')
      .getByText(/changed elsewhere/)
      .waitFor();
    await a.getByTestId('tool-search_hotels').click();
    await expect.poll(() => a.getByLabel('Tool description').inputValue()).toBe('Edited in the other window.');
    await describeTool(a, 'geocode_city', 'Third edit here.');
    const final = stored(workspace);
    expect(final.get('geocode_city')!.description).toBe('Third edit here.');
    expect(final.get('search_hotels')!.description).toBe('Edited in the other window.');
    expect(JSON.parse(final.get('get_weather_forecast')!.runtime!)).toEqual({ kind: 'llm-simulated' });
    await a.close();
    await b.close();
  }, 180_000);
});
