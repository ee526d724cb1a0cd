import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { reloadToGraph, replaceEditorText, runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

/** A world for the example graph's geocoder: each city looked up is remembered, and the goal wants Kyoto. */
const GEOCODER = `const tools = {
  geocode_city(state, args) {
    state.looked_up.push(args.city);
    return { city: args.city, country: 'JP', lat: 35, lon: 135.5, timezone: 'Asia/Tokyo' };
  },
};
function goal(state, calls) {
  return { success: state.looked_up.includes('Kyoto'), reason: 'looked up ' + state.looked_up.join(', ') };
}
`;

/** Monaco's text as shown (it renders spaces as no-break spaces). */
const editorText = async (editor: Locator) => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');

/** Opens the example workspace's graph and gives it the geocoder's world through Edit Environment…. */
async function addGeocoderWorld(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.locator('.react-flow__node[data-id="geocode_city"]').waitFor();
  await runCommand(page, 'Edit Environment');
  const dialog = page.getByRole('dialog', { name: 'Environment' });
  await dialog.getByText('This graph has no environment.').waitFor();
  await dialog.getByRole('button', { name: 'Add environment' }).click();
  // The template has a function for each of the graph's tools.
  const code = dialog.getByLabel('Environment code');
  await code.getByText('geocode_city(state, args) {').waitFor({ timeout: 60_000 });
  await replaceEditorText(page, code, GEOCODER);
  await replaceEditorText(page, dialog.getByLabel('Initial state', { exact: true }), '{"looked_up": ["Paris"]}');
  return dialog;
}

describe('environments in Chromium', () => {
  it('adds an environment to a graph, tries a call and sees the state change, and finds it kept after a reload', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'environment.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    const dialog = await addGeocoderWorld(page, host.url);

    // What the code declares is said as it is typed; code that does not run says why.
    const check = dialog.getByTestId('environment-check');
    await check.getByText('Declares 1 tool function (geocode_city) and a goal.').waitFor();
    const codeEditor = dialog.getByLabel('Environment code');
    await replaceEditorText(page, codeEditor, `${GEOCODER}\nconst = 1;`);
    await check
      .getByText(
        /^The environment’s code threw SyntaxError: .* \(line \d+ of the code\)\. Runs and Try it fail until it is fixed\.$/,
      )
      .waitFor();
    await replaceEditorText(page, codeEditor, GEOCODER);
    await check.getByText('Declares 1 tool function (geocode_city) and a goal.').waitFor();

    // Added, the environment offers itself to the graph's tools: all at once, undone as one edit.
    const inWorld = dialog.getByTestId('environment-tools');
    await inWorld.getByText('0 of 13 tools answer from the environment.').waitFor();
    await dialog.getByRole('button', { name: 'Use it for all 13 tools' }).click();
    await inWorld.getByText('13 of 13 tools answer from the environment.').waitFor();
    await page.keyboard.press('Control+Z');
    await inWorld.getByText('0 of 13 tools answer from the environment.').waitFor();

    const tryIt = dialog.getByRole('region', { name: 'Try the environment' });
    await tryIt.getByLabel('Tool to try').selectOption('geocode_city');
    await replaceEditorText(page, tryIt.getByLabel('Arguments to try', { exact: true }), '{"city": "Kyoto"}');
    await tryIt.getByRole('button', { name: 'Try it' }).click();
    const outcome = tryIt.getByTestId('environment-try-outcome');
    await outcome.getByText('geocode_city answered:').waitFor();
    expect(JSON.parse((await outcome.getByTestId('environment-try-result').textContent())!)).toMatchObject({
      city: 'Kyoto',
      timezone: 'Asia/Tokyo',
    });
    const world = outcome.getByTestId('world-view');
    await world.getByTestId('state-changes-summary').getByText('1 added').waitFor();
    expect(await world.getByRole('list', { name: 'Changed paths' }).innerText()).toMatch(
      /looked_up\[1\]\s+added\s+"Kyoto"/,
    );

    // A second try from where the first left the world adds to it.
    await tryIt.getByLabel(/Start from the state the last try left/).check();
    await tryIt.getByRole('button', { name: 'Try it' }).click();
    await world.getByRole('list', { name: 'Changed paths' }).getByText('looked_up[2]').waitFor();

    // An initial state that is not JSON is not applied, and not dropped unseen: Close asks again.
    const state = dialog.getByLabel('Initial state', { exact: true });
    await replaceEditorText(page, state, '{"looked_up": ["Paris"');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/initial state is not valid JSON/)
      .waitFor();
    await replaceEditorText(page, state, '{"looked_up": ["Paris"]}');
    await dialog.getByRole('alert').waitFor({ state: 'detached' });

    // Closing applies what was typed; the graph saves it with its tools.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByTestId('environment-summary')
      .getByText(/The tools share a world/)
      .waitFor();
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();

    await reloadToGraph(page);
    await runCommand(page, 'Edit Environment');
    const reopened = page.getByRole('dialog', { name: 'Environment' });
    const code = reopened.getByLabel('Environment code');
    await code.getByText('state.looked_up.push(args.city);').waitFor({ timeout: 60_000 });
    // Compared without spaces and line breaks: Monaco indents pasted lines and wraps long ones.
    expect((await editorText(code)).replace(/\s+/g, '')).toContain("reason:'lookedup'+state.looked_up.join(',')");
    expect(JSON.parse(await editorText(reopened.getByLabel('Initial state', { exact: true })))).toEqual({
      looked_up: ['Paris'],
    });
    await page.close();
  }, 240_000);

  it('runs a plan whose tool answers from the environment, and shows the world around its call and the goal verdict', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'environment-run.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    const dialog = await addGeocoderWorld(page, host.url);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByTestId('environment-summary')
      .getByText(/The tools share a world/)
      .waitFor();

    // The geocoder answers from the world; the other tools keep their mocks.
    await page.locator('.react-flow__node[data-id="geocode_city"] .tool-name').click();
    const inspector = page.getByRole('complementary', { name: 'Tool inspector' });
    await inspector.getByLabel('Runtime kind').selectOption('environment');
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();

    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s1').waitFor();
    await page.getByRole('button', { name: 'Run plan' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('next-action').waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor({ timeout: 60_000 });

    // The geocoder's answer (turn 2) changed the world; the forecast's (a mock) did not record one.
    const geocoded = debuggerPane.locator('.timeline > li').nth(2);
    expect(await geocoded.textContent()).toContain('"timezone":"Asia/Tokyo"');
    await expect.poll(() => debuggerPane.getByRole('button', { name: /World: the state before/ }).count()).toBe(1);
    await geocoded.getByRole('button', { name: /World: the state before and after this call/ }).click();
    const world = geocoded.getByRole('region', { name: 'World at turn 2' });
    await world.getByTestId('state-changes-summary').getByText('1 added').waitFor();
    expect(await world.getByRole('list', { name: 'Changed paths' }).innerText()).toMatch(
      /looked_up\[1\]\s+added\s+"Kyoto"/,
    );
    await world.getByText('State before').click();
    await world.getByRole('group', { name: 'State before' }).getByText('looked_up:').click();
    await world.getByRole('group', { name: 'State before' }).getByText('"Paris"').waitFor();

    // The goal check judged the world the run left.
    await debuggerPane.getByTestId('goal-verdict').getByText('Goal met').waitFor({ timeout: 30_000 });
    expect(await debuggerPane.getByTestId('goal-verdict').textContent()).toContain('looked up Paris, Kyoto');

    // Saved, the run shows the same world in the Trajectories inspector.
    await page.keyboard.press('Control+3');
    await page.getByRole('option', { name: /get_weather_forecast in Kyoto/ }).click();
    const saved = page.getByRole('region', { name: 'Trajectory inspector' });
    await saved.getByRole('button', { name: /World: the state before and after this call/ }).click();
    await saved.getByRole('region', { name: 'World at turn 2' }).getByText('looked_up[1]').waitFor();
    await saved.getByTestId('goal-verdict').getByText('Goal met').waitFor();
    await page.close();
  }, 240_000);
});
