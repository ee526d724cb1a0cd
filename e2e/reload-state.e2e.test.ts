import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../backend/backend';
import { startOpenAIServer } from '../test/helpers/openai-server';
import { tempDir } from '../test/helpers/temp';
import { WEATHER_50, weatherScript } from '../test/helpers/weather-candidate';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickedValue, pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

/** A workspace with the examples and the 50 weather records; `experiments` run over tasks 1, 10–19 first. */
async function weatherWorkspace(name: string, experiments: string[] = []): Promise<string> {
  const workspace = path.join(tempDir(), `${name}.trellis`);
  const setup = createBackend({ workspace, host: 'cli', seed: true });
  await setup.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
  if (experiments.length) {
    const server = await startOpenAIServer({ script: weatherScript });
    for (const experiment of experiments)
      await setup.registry.invoke('experiments.run', {
        definition: {
          name: experiment,
          filter: { source: 'weather-50.jsonl', text: 'task 1' },
          candidates: [{ label: 'scripted', model: { kind: 'server', baseUrl: server.baseUrl, model: 'w' } }],
        },
      });
  }
  setup.close();
  return workspace;
}

async function openPage(url: string): Promise<Page> {
  const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
  await page.goto(url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  return page;
}

describe('What a person set up survives a reload of the window, in Chromium', () => {
  it('keeps the Trajectories filters, the review queue’s filters and its position', async () => {
    const host = await e2e.startHost(await weatherWorkspace('filters'));
    const page = await openPage(host.url);

    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('52 trajectories').waitFor();
    await pickOption(page, 'Source', 'weather-50.jsonl');
    await pickOption(page, 'Tool', 'get_weather');
    await page.getByLabel('Fewest turns').fill('5');
    await page.getByLabel('Search turns').fill('Oslo');
    await page.getByTestId('list-count').getByText('5 trajectories').waitFor();

    await page.keyboard.press('Control+4');
    const queue = page.getByRole('region', { name: 'Review queue' });
    await pickOption(page, 'Source', 'weather-50.jsonl');
    await page.getByLabel('Most turns').fill('5');
    await queue.getByTestId('queue-position').getByText('1 of 45').waitFor();
    const heading = queue.getByRole('heading', { level: 2 });
    const titles = [await heading.textContent()];
    await queue.focus();
    for (const position of [2, 3]) {
      await page.keyboard.press('j');
      await queue.getByTestId('queue-position').getByText(`${position} of 45`).waitFor();
      // The title follows once the trajectory at the new position has loaded.
      await expect.poll(() => heading.textContent()).not.toBe(titles.at(-1));
      titles.push(await heading.textContent());
    }
    const third = titles[2];
    expect(third).toMatch(/\(task \d+\)/);

    await page.reload();
    // Datasets was open: its queue is back on the third trajectory of the same selection.
    await queue.getByTestId('queue-position').getByText('3 of 45').waitFor();
    await expect.poll(() => heading.textContent()).toBe(third);
    expect(await pickedValue(page, 'Source')).toBe('weather-50.jsonl');
    expect(await page.getByLabel('Most turns').inputValue()).toBe('5');
    // The queue's keys go on from there.
    await queue.focus();
    await page.keyboard.press('j');
    await queue.getByTestId('queue-position').getByText('4 of 45').waitFor();

    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('5 trajectories').waitFor();
    expect(await pickedValue(page, 'Source')).toBe('weather-50.jsonl');
    expect(await pickedValue(page, 'Tool')).toBe('get_weather');
    expect(await page.getByLabel('Fewest turns').inputValue()).toBe('5');
    expect(await page.getByLabel('Search turns').inputValue()).toBe('Oslo');

    // Another selection in Datasets starts its queue at the first trajectory, as before.
    await page.keyboard.press('Control+4');
    await page.getByLabel('Most turns').fill('');
    await queue.getByTestId('queue-position').getByText('1 of 50').waitFor();
    await page.close();
  }, 180_000);

  it('opens the experiment that was open again, not the newest', async () => {
    const host = await e2e.startHost(await weatherWorkspace('experiments', ['first look', 'second look']));
    const page = await openPage(host.url);
    await page.keyboard.press('Control+3');
    await page.getByRole('button', { name: 'Experiments…' }).click();
    // The newest is shown first; the older one is opened.
    await page.getByRole('region', { name: 'Experiment second look' }).waitFor();
    const picker = page.getByLabel('Experiment', { exact: true });
    const first = await picker.locator('option', { hasText: 'first look' }).getAttribute('value');
    await picker.selectOption(first!);
    await page.getByRole('region', { name: 'Experiment first look' }).waitFor();

    await page.reload();
    await page.getByRole('region', { name: 'Experiment first look' }).waitFor();
    expect(await picker.inputValue()).toBe(first);
    expect(await page.getByRole('button', { name: 'Experiments…' }).getAttribute('aria-pressed')).toBe('true');
    await page.close();
  }, 180_000);

  it('opens Plans & Runs on the graph it showed, not the first one', async () => {
    const workspace = path.join(tempDir(), 'graphs.trellis');
    const setup = createBackend({ workspace, host: 'cli', seed: true });
    const names = [(await setup.registry.invoke('graphs.create', { name: 'Another graph' })).name];
    names.push(...(await setup.registry.invoke('graphs.list', {})).map((g) => g.name).filter((n) => n !== names[0]));
    setup.close();
    const host = await e2e.startHost(workspace);
    const page = await openPage(host.url);
    await page.keyboard.press('Control+2');
    const picker = page.getByLabel('Tool graph');
    await expect.poll(() => picker.locator('option').count()).toBe(names.length);
    const first = await picker.locator('option').first().textContent();
    const other = names.find((n) => n !== first)!;
    await picker.selectOption({ label: other });
    await expect.poll(() => picker.locator('option:checked').textContent()).toBe(other);

    await page.reload();
    await expect.poll(() => picker.locator('option').count()).toBe(names.length);
    await expect.poll(() => picker.locator('option:checked').textContent()).toBe(other);
    await page.close();
  }, 120_000);

  it('opens the replay that was open again where it stood, and from its first turn once the backend restarted', async () => {
    const workspace = path.join(tempDir(), 'replay.trellis');
    const host = await e2e.startHost(workspace);
    const page = await openPage(host.url);
    await page.keyboard.press('Control+3');
    await page.getByRole('option', { name: /Kyoto hotel booking/ }).click();
    await page.getByRole('button', { name: 'Open in debugger' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByText('Replay', { exact: true }).waitFor();
    await debuggerPane.getByRole('button', { name: 'Step' }).click();
    await debuggerPane.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(2);

    await page.reload();
    // The backend still holds the replay's session: it is back where it stood.
    await debuggerPane.getByText('Replay', { exact: true }).waitFor();
    await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(2);
    expect(await debuggerPane.getByTestId('replay-restarted').count()).toBe(0);
    await debuggerPane.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(3);

    // A restarted backend has no session to go back to: the recording opens again from its
    // first turn, and the debugger says so.
    await page.goto('about:blank');
    await e2e.stopHost(host);
    const again = await e2e.startHost(workspace, { port: host.port });
    await page.goto(again.url);
    await debuggerPane.getByText('Replay', { exact: true }).waitFor();
    await debuggerPane
      .getByTestId('replay-restarted')
      .getByText(/starts again from its first turn/)
      .waitFor();
    expect(await debuggerPane.locator('.timeline > li').count()).toBe(0);
    await debuggerPane.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(1);
    expect(await debuggerPane.getByTestId('replay-restarted').count()).toBe(0);
    await page.close();
  }, 180_000);
});
