import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const BIN = path.join(__dirname, '..', 'bin', 'trellis.js');
const SHAREGPT = path.join(__dirname, '..', 'test', 'fixtures', 'trajectories', 'sharegpt.jsonl');

/** Runs the command line in a process of its own, as a user in a terminal beside the app would. */
function trellis(...args: string[]): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, _out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, err }),
    );
  });
}

describe('A workspace another process writes to, in Chromium', () => {
  it('shows what `trellis import` wrote into the open workspace in every window, without a reload', async () => {
    const workspace = path.join(tempDir(), 'shared.trellis');
    const host = await e2e.startHost(workspace);
    // One window on the trajectory list, one on the review queue.
    const list = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await list.goto(host.url);
    await list.getByRole('button', { name: /Trip planning/ }).waitFor();
    await list.keyboard.press('Control+3');
    await list.getByTestId('list-count').getByText('2 trajectories').waitFor();
    const queue = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await queue.goto(host.url);
    await queue.getByRole('button', { name: /Trip planning/ }).waitFor();
    await queue.keyboard.press('Control+4');
    await queue.getByTestId('queue-position').getByText('1 of 2').waitFor();

    expect(await trellis('import', SHAREGPT, '--workspace', workspace, '--lenient')).toMatchObject({ code: 0 });
    await list.getByTestId('list-count').getByText('4 trajectories').waitFor({ timeout: 10_000 });
    await list
      .getByRole('option', { name: /Lisbon/ })
      .first()
      .waitFor();
    await queue.getByTestId('queue-position').getByText('1 of 4').waitFor({ timeout: 10_000 });
    await list.close();
    await queue.close();
  }, 90_000);

  it('merges a graph that `trellis graph runtime` changed in a terminal into the open editor, without a reload', async () => {
    const workspace = path.join(tempDir(), 'graph.trellis');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).click();
    await page.locator('.react-flow__node').first().waitFor();

    const changed = await trellis(
      'graph',
      'runtime',
      '--workspace',
      workspace,
      '--graph',
      'Trip planning',
      '--tool',
      'geocode_city',
      '--http',
      'https://geo.example/{city}',
    );
    expect(changed).toMatchObject({ code: 0 });
    await page
      .getByText('This graph was changed elsewhere; the changes are merged into the editor.', { exact: false })
      .first()
      .waitFor({ timeout: 15_000 });
    // What the editor holds now is what the terminal saved: the next save keeps it.
    await page.locator('.react-flow__node', { hasText: 'geocode_city' }).first().click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLInputElement>('input, textarea')].some((e) =>
            e.value.includes('https://geo.example/{city}'),
          ),
        ),
      )
      .toBe(true);
    await page.close();
  }, 90_000);

  it('lists a plan that `trellis plan` saved in a terminal in the open Plans & Runs, without a reload', async () => {
    const workspace = path.join(tempDir(), 'plans.trellis');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+2');
    await page.getByLabel('Tool graph').selectOption({ label: 'Trip planning' });
    await page.getByLabel('Intent').waitFor();
    // A plan without problems, so that the command ends with 0.
    const intent = 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana Silva';
    const listed = page
      .getByLabel('Saved plans')
      .locator('option', { hasText: 'Find the cheapest flight from Lisbon' });
    expect(await listed.count()).toBe(0);

    const planned = await trellis('plan', '--workspace', workspace, '--graph', 'Trip planning', '--intent', intent);
    expect(planned).toMatchObject({ code: 0 });
    await expect.poll(() => listed.count(), { timeout: 15_000 }).toBe(1);
    await page.close();
  }, 90_000);
});
