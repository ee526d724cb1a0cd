import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../backend/backend';
import { startOpenAIServer } from '../test/helpers/openai-server';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('a model server named only by the workspace, in Chromium', () => {
  it('says it is not approved and sends it nothing until the user presses Use this server', async () => {
    const server = await startOpenAIServer();
    const workspace = path.join(tempDir(), 'shared.trellis');
    createBackend({ workspace, host: 'cli', seed: true }).close();
    const db = new Database(workspace);
    db.prepare('insert into settings values (?, ?)').run(
      'models.remote',
      JSON.stringify({ baseUrl: server.baseUrl, model: 'words', protectedKey: null }),
    );
    db.close();

    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    await page
      .getByTestId('remote-unapproved')
      .getByText(`This workspace names the server ${server.baseUrl}, and you have not approved it on this machine`)
      .waitFor();
    await page.getByTestId('remote-model').getByText('not approved on this machine: nothing is sent to it').waitFor();
    expect(server.received).toEqual([]);
    expect(server.listed.count).toBe(0);

    await page.getByRole('button', { name: 'Use this server' }).click();
    await page.getByTestId('remote-unapproved').waitFor({ state: 'detached' });
    expect(await page.getByTestId('remote-model').textContent()).not.toContain('not approved');
    // The only request: the check the user asked for.
    expect(server.received).toEqual([]);
    expect(server.listed.count).toBe(1);
    await page.close();
  }, 60_000);
});
