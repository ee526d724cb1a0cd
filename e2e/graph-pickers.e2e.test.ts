import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const BIN = path.join(__dirname, '..', 'bin', 'trellis.js');
const OPENAI_TOOLS = path.join(__dirname, '..', 'test', 'fixtures', 'tools', 'openai-tools.json');

/** Runs the command line in a process of its own, as a user in a terminal beside the app would. */
function trellis(...args: string[]): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, _out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, err }),
    );
  });
}

describe('the graph pickers of every workspace, in Chromium', () => {
  it('list a graph made in a terminal without a reload, each in its own words', async () => {
    const workspace = path.join(tempDir(), 'pickers.trellis');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    // Each workspace opened once, so each picker has fetched its list before the graph is made.
    await page.keyboard.press('Control+2');
    const runs = page.getByRole('combobox', { name: 'Tool graph' });
    await runs.getByText('Trip planning').waitFor({ state: 'attached' });
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    await page.locator('summary', { hasText: 'Import…' }).click();
    const declaredTools = page.getByLabel('Declared tools');
    await declaredTools.getByText('into Trip planning').waitFor({ state: 'attached' });

    const made = await trellis(
      'graph',
      'import-tools',
      OPENAI_TOOLS,
      '--graph',
      'Made elsewhere',
      '--workspace',
      workspace,
    );
    expect(made, made.err).toMatchObject({ code: 0 });

    // Trajectories: the import form offers to put declared tools into it.
    await expect
      .poll(() => declaredTools.locator('option').allInnerTexts(), { timeout: 15_000 })
      .toContain('into Made elsewhere');
    await page.keyboard.press('Control+2');
    await expect.poll(() => runs.locator('option').allInnerTexts(), { timeout: 15_000 }).toContain('Made elsewhere');
    await runs.selectOption({ label: 'Made elsewhere' });
    await expect.poll(() => runs.locator('option:checked').innerText()).toBe('Made elsewhere');
    await page.close();
  }, 90_000);
});
