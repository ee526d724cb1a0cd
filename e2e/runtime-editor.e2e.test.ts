import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { openSmartHomeGraph, replaceEditorText, workspaceFromSmartHomeLogs } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

/** Runs a command through the palette, as a user would with Ctrl+K. */
async function runCommand(page: Page, label: string) {
  await page.keyboard.press('Control+K');
  await page.getByLabel('Search commands').fill(label);
  await page.keyboard.press('Enter');
}

/** Replaces the whole text of the Monaco editor inside `container` (typed as a paste: no auto-closed brackets). */

const MOCK_ONLY_KYOTO = `if (args.city !== 'Kyoto') throw new Error('only Kyoto is known');
return { city: 'Kyoto', country: 'JP', lat: 35, lon: 135.5 };`;

const MOCK_FIXED = `if (args.city !== 'Kyoto') throw new Error('only Kyoto is known');
return { city: 'Kyoto', country: 'JP', lat: 35, lon: 135.5, timezone: 'Asia/Tokyo' };`;

describe('the runtime editor in Chromium', () => {
  it('writes a mock in the inspector, tries it on typed arguments, and a run uses it', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'runtime.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.locator('.react-flow__node[data-id="geocode_city"]').waitFor();
    await page.waitForTimeout(500);
    await page.locator('.react-flow__node[data-id="geocode_city"] .tool-name').click();

    const inspector = page.getByRole('complementary', { name: 'Tool inspector' });
    const kind = inspector.getByLabel('Runtime kind');
    expect(await kind.inputValue()).toBe('mock');
    await kind.selectOption('none');
    await inspector.getByText(/None yet: a run stops at this tool/).waitFor();
    // A new mock starts from the returns shape, echoing the argument of the same name.
    await kind.selectOption('mock');
    await inspector.locator('.mock-editor').getByText('city: args.city,').waitFor();

    await replaceEditorText(page, page.locator('.mock-editor'), MOCK_ONLY_KYOTO);
    const tryIt = inspector.getByRole('region', { name: 'Try it' });
    // The example arguments name a city the mock does not know: its error is shown.
    await tryIt.getByRole('button', { name: 'Try it' }).click();
    await tryIt.getByTestId('try-error').getByText('the mock threw Error: only Kyoto is known').waitFor();

    await replaceEditorText(page, page.locator('.try-it .json-editor'), '{"city": "Kyoto"}');
    await tryIt.getByRole('button', { name: 'Try it' }).click();
    const outcome = tryIt.getByTestId('try-outcome');
    await outcome.getByText(/does not fit the returns schema/).waitFor();
    await outcome.getByText('missing required result field timezone').waitFor();

    await replaceEditorText(page, page.locator('.mock-editor'), MOCK_FIXED);
    await tryIt.getByRole('button', { name: 'Try it' }).click();
    await outcome.getByText(/valid against the returns schema/).waitFor();
    expect(JSON.parse((await tryIt.getByTestId('try-result').textContent())!)).toEqual({
      city: 'Kyoto',
      country: 'JP',
      lat: 35,
      lon: 135.5,
      timezone: 'Asia/Tokyo',
    });
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();

    // A run of a plan through geocode_city gets the mock's answer.
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s1').waitFor();
    await page.getByRole('button', { name: 'Run plan' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('next-action').waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    const observation = debuggerPane.locator('.timeline > li').nth(2);
    expect(await observation.textContent()).toContain('"lon":135.5');
    await page.close();
  }, 180_000);

  it('accepts inferred returns, makes replay runtimes from the Trajectories selection, and a run replays the logs', async () => {
    const workspace = workspaceFromSmartHomeLogs('replay', 'Smart home');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    await openSmartHomeGraph(page, host.url, 'Smart home');

    // Imported tools declare no results: the recorded ones give them a schema, after review.
    await runCommand(page, 'infer result schemas');
    const proposals = page.getByRole('dialog', { name: 'Inferred result schemas' });
    await proposals.getByRole('region', { name: 'Proposal for list_rooms' }).waitFor();
    await proposals.getByRole('button', { name: 'Dismiss' }).click();
    await proposals.getByRole('region', { name: 'Proposal for get_temperature' }).waitFor();
    await proposals.getByRole('button', { name: 'Accept all 2' }).click();
    await proposals.getByText('Nothing left to review.').waitFor();
    await proposals.getByRole('button', { name: 'Close' }).click();
    await page.locator('.react-flow__node[data-id="get_temperature"]').getByText('celsius', { exact: true }).waitFor();
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();

    // The Trajectories selection (here: its filter by source) makes the replay runtimes.
    await page.keyboard.press('Control+3');
    await pickOption(page, 'Source', 'smart-home-logs.jsonl');
    await page.getByTestId('list-count').getByText('6 trajectories').waitFor();
    await page.getByText('Replay runtimes…').click();
    const replay = page.getByRole('region', { name: 'Replay runtimes from the selection' });
    await replay
      .getByTestId('replay-preview')
      .getByText(/3 tools get the calls recorded in the 6 trajectories/)
      .waitFor();
    await replay.getByRole('button', { name: 'Make replay runtimes from 6 trajectories' }).click();
    await page.getByText('Made 3 replay runtimes in "Smart home" from 6 trajectories.').waitFor();

    await page.keyboard.press('Control+1');
    await page.locator('.react-flow__node[data-id="set_thermostat"] .tool-name').click();
    await page.getByTestId('replay-summary').getByText('6 recordings of 6 calls in 6 trajectories').waitFor();

    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('set_thermostat room_id r2 celsius 19 mode cool');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s1').waitFor();
    await page.getByRole('button', { name: 'Run plan' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Run a plan with problems' });
    if (
      await ask.waitFor({ timeout: 3000 }).then(
        () => true,
        () => false,
      )
    )
      await ask.getByRole('button', { name: 'Run anyway' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('next-action').waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    expect(await debuggerPane.locator('.timeline').textContent()).toMatch(/replayed: (exact|nearest to)/);
    await page.close();
  }, 180_000);
});
