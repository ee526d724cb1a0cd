import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../backend/backend';
import { closedPortUrl, startOpenAIServer } from '../test/helpers/openai-server';
import { tempDir } from '../test/helpers/temp';
import { WEATHER_50, weatherScript } from '../test/helpers/weather-candidate';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

/**
 * The 50 weather records imported into a new workspace, the page on them in Trajectories, and the
 * experiment form named `name` against `baseUrl`, filled in and submitted.
 */
async function submittedExperiment(name: string, baseUrl: string) {
  const workspace = path.join(tempDir(), `${name}.trellis`);
  const setup = createBackend({ workspace, host: 'cli', seed: true });
  await setup.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
  setup.close();
  const host = await e2e.startHost(workspace);
  const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+3');
  await pickOption(page, 'Source', 'weather-50.jsonl');
  await page.getByTestId('list-count').getByText('50 trajectories').waitFor();
  await page.getByRole('button', { name: 'Experiments…' }).click();
  const form = page.getByRole('form', { name: 'New experiment' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Server URL').fill(baseUrl);
  await form.getByRole('button', { name: 'Run experiment' }).click();
  return { page, form };
}

/** The same, with the experiment's first 4 runs done. */
async function startedExperiment(name: string, baseUrl: string) {
  const { page } = await submittedExperiment(name, baseUrl);
  const view = page.getByRole('region', { name: `Experiment ${name}` });
  await view.getByText('4 of 50 runs').waitFor({ timeout: 60_000 });
  return { page, view };
}

describe('Experiments in the Trajectories workspace, in Chromium', () => {
  it('runs the filtered trajectories against a scripted server, shows the table and opens a diverging run in the debugger', async () => {
    const server = await startOpenAIServer({ script: weatherScript });
    const workspace = path.join(tempDir(), 'experiments.trellis');
    const setup = createBackend({ workspace, host: 'cli', seed: true });
    await setup.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
    const better = await setup.registry.invoke('datasets.create', {
      name: 'better runs',
      filter: { source: 'example' },
    });
    setup.close();

    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page
      .getByTestId('list-count')
      .getByText(/\d+ trajectories/)
      .waitFor();
    await pickOption(page, 'Source', 'weather-50.jsonl');
    await page.getByTestId('list-count').getByText('50 trajectories').waitFor();

    await page.getByRole('button', { name: 'Experiments…' }).click();
    const form = page.getByRole('form', { name: 'New experiment' });
    await form
      .getByTestId('experiment-scope')
      .getByText(/Re-runs the 50 trajectories/)
      .waitFor();
    await form.getByLabel('Name').fill('scripted');
    await form.getByLabel('Server URL').fill(server.baseUrl);
    await form.getByLabel('Model').fill('weather');
    await form.getByRole('button', { name: 'Run experiment' }).click();

    const view = page.getByRole('region', { name: 'Experiment scripted' });
    await view
      .getByTestId('experiment-status')
      .getByText(/^finished · 50 trajectories/)
      .waitFor({ timeout: 60_000 });
    const cells = async () =>
      Object.fromEntries(
        await Promise.all(
          ['runs', 'same', 'diverged', 'improved', 'regressed', 'errored', 'misses'].map(
            async (c) => [c, await view.getByTestId(`cell-${c}`).textContent()] as const,
          ),
        ),
      );
    expect(await cells()).toEqual({
      runs: '50',
      same: '38',
      diverged: '4',
      improved: '5',
      regressed: '3',
      errored: '0',
      misses: '5',
    });
    const runs = view.getByRole('table', { name: 'Runs' });
    expect(await runs.locator('tbody tr').count()).toBe(12);
    // The improved run goes to a dataset from its row.
    const improved = runs.locator('tbody tr', { hasText: '(task 1)' });
    expect(await improved.getAttribute('data-verdict')).toBe('improved');
    // The recordings carry no outcome (the list says "no outcome"): the row says where "before" came from.
    expect(await improved.textContent()).toContain('failure (from its calls) → success');
    await improved.getByLabel('Add to dataset').selectOption(better.id);
    await improved.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Added to better runs (3 trajectories).').waitFor();
    const regressed = runs.locator('tbody tr', { hasText: '(task 6)' });
    expect(await regressed.textContent()).toContain('turn 2: tool (toolCalls[0].name: get_weather → get_forecast)');

    // Its diff closes back onto this table, not onto the source trajectory.
    await regressed.getByRole('button', { name: 'Diff' }).click();
    const diff = page.getByRole('region', { name: 'Trajectory diff' });
    await diff.getByTestId('diff-summary').waitFor();
    await diff.getByRole('button', { name: 'Close diff' }).click();
    await view.getByRole('table', { name: 'Runs' }).waitFor();

    await regressed.getByRole('button', { name: 'Open in debugger' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('run-status').waitFor();
    await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(5);
    // In its timeline: the folded breakpoints list names get_forecast too, as one of the run's tools.
    await debuggerPane.getByRole('list', { name: 'Timeline' }).getByText('get_forecast').first().waitFor();
    await page.close();
  }, 180_000);

  it('goes on in the backend when the window reloads: the reloaded window finds it running, with Cancel, until it finishes', async () => {
    let open = false;
    const waiting: (() => void)[] = [];
    const server = await startOpenAIServer({
      script: async (body) => {
        const task = Number(/\(task (\d+)\)/.exec(JSON.stringify(body.messages))?.[1]);
        if (!open && task > 4) await new Promise<void>((resolve) => waiting.push(resolve));
        return weatherScript(body);
      },
    });
    const { page, view } = await startedExperiment('gated', server.baseUrl);

    await page.reload();
    // The window reopens the workspace it showed.
    await page
      .getByTestId('list-count')
      .getByText(/\d+ trajectories/)
      .waitFor();
    // And the pane it showed: the experiment is open again.
    await page.locator('button[aria-pressed="true"]', { hasText: 'Experiments…' }).waitFor();
    await view
      .getByTestId('experiment-status')
      .getByText(/^running/)
      .waitFor();
    await view.getByText('4 of 50 runs').waitFor();
    await view.getByRole('button', { name: 'Cancel' }).waitFor();
    open = true;
    for (const release of waiting.splice(0)) release();
    await view
      .getByTestId('experiment-status')
      .getByText(/^finished · 50 trajectories/)
      .waitFor({ timeout: 60_000 });
    expect(await view.getByTestId('cell-same').textContent()).toBe('38');
    await page.close();
  }, 180_000);

  it('shows a cancelled experiment as stopped, with Resume, without a reload', async () => {
    const waiting: (() => void)[] = [];
    const server = await startOpenAIServer({
      script: async (body) => {
        const task = Number(/\(task (\d+)\)/.exec(JSON.stringify(body.messages))?.[1]);
        // Tasks above 4 never answer: the cancel takes them back while they are in flight.
        if (task > 4) await new Promise<void>((resolve) => waiting.push(resolve));
        return weatherScript(body);
      },
    });
    const { page, view } = await startedExperiment('cancelled', server.baseUrl);
    await expect.poll(() => waiting.length, { timeout: 30_000 }).toBeGreaterThan(0);

    await view.getByRole('button', { name: 'Cancel' }).click();
    await view
      .getByTestId('experiment-status')
      .getByText(/^incomplete · 50 trajectories/)
      .waitFor({ timeout: 30_000 });
    await view.getByText('Stopped after 4 of 50 runs.').waitFor();
    await view.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await view.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    for (const release of waiting.splice(0)) release();
    await page.close();
  }, 180_000);

  it('says so under the form when nothing listens at the server, and makes no experiment and no trajectory', async () => {
    const { page, form } = await submittedExperiment('down', await closedPortUrl());
    await form.getByText(/Cannot reach the server at .*nothing is listening/).waitFor();
    await form.getByText(/no run was made/).waitFor();
    expect(await page.getByTestId('list-count').textContent()).toContain('50 trajectories');
    expect(await page.getByRole('combobox', { name: 'Experiment' }).textContent()).toContain('No experiments yet');
    // The form is open already: no button that would only toggle it.
    expect(await page.getByRole('button', { name: 'New experiment…' }).count()).toBe(0);
    // What was typed into the form waits there while another workspace is open.
    const address = await form.getByLabel('Server URL').inputValue();
    await form.getByLabel('System prompt').fill('Answer in one line.');
    await page.keyboard.press('Control+1');
    await form.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+3');
    expect(await form.getByLabel('Name').inputValue()).toBe('down');
    expect(await form.getByLabel('Server URL').inputValue()).toBe(address);
    expect(await form.getByLabel('System prompt').inputValue()).toBe('Answer in one line.');
    await page.close();
  }, 120_000);
});
