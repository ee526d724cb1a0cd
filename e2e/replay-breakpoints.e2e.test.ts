import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
/** Two on-call recordings (OpenAI chat format) that roll a service back with rollback_deploy. */
const ONCALL = path.join(__dirname, '..', 'test', 'fixtures', 'trajectories', 'oncall', 'rollbacks.jsonl');

describe('Breakpoints in a replay, in Chromium', () => {
  it('stops an imported trajectory opened in the debugger at the call of a tool with a breakpoint', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'oncall.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').fill(ONCALL);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('list-count').getByText('4 trajectories').waitFor();

    // The breakpoint is set on one recording (imported with no graph: its own tools are offered)…
    await page.getByRole('option', { name: /Auth returns 502s/ }).click();
    await page.getByRole('button', { name: 'Open in debugger' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByText('Replay').waitFor();
    await debuggerPane.getByText(/^Breakpoints/).click();
    await debuggerPane.getByLabel('Break before rollback_deploy').check();
    await debuggerPane.getByText('Breakpoints (1)').waitFor();

    // …and holds in the next one opened in the debugger.
    await page.keyboard.press('Control+3');
    await page.getByRole('option', { name: /Checkout errors spiked/ }).click();
    await page.getByRole('button', { name: 'Open in debugger' }).click();
    await debuggerPane.getByTestId('run-status').getByText('ready').waitFor();
    expect(await debuggerPane.locator('.timeline > li').count()).toBe(0);
    expect(await debuggerPane.getByLabel('Break before rollback_deploy').isChecked()).toBe(true);

    await debuggerPane.getByRole('button', { name: 'Continue' }).click();
    await debuggerPane.getByText('Paused before rollback_deploy (breakpoint on the tool).').waitFor();
    expect(await debuggerPane.getByTestId('run-status').textContent()).toBe('paused');
    expect(await debuggerPane.getByTestId('next-action').textContent()).toBe(
      'Next: the recorded result of rollback_deploy({"service":"checkout","to_version":"v5.7.8"})',
    );
    // system, user, get_alerts and its result, list_deploys and its result, the rollback call: its result not yet.
    const timeline = debuggerPane.locator('.timeline > li');
    expect(await timeline.count()).toBe(7);
    expect(await timeline.last().getAttribute('class')).toContain('pending-call');
    expect(await timeline.last().textContent()).toContain('rollback_deploy');
    expect(await debuggerPane.locator('.timeline').textContent()).not.toContain('rolled back');

    await debuggerPane.getByRole('button', { name: 'Continue' }).click();
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    expect(await timeline.count()).toBe(11);
    await page.close();
  }, 120_000);
});
