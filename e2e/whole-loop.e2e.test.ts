import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { importSmartHomeLogsInUi, reloadToGraph, replaceEditorJson } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

/** The geocoder's answer as edited in the debugger: the fork plans on from these coordinates. */
const EDITED_OBSERVATION = '{"city":"Kyoto","country":"JP","lat":35.02,"lon":135.78,"timezone":"Asia/Tokyo"}';
const TAGS = 'typing right after tab';
const NOTE = 'ids are invented here (checked)';

interface ExportedMessage {
  role: string;
  content?: string | null;
  tool_calls?: { function: { name: string; arguments: string } }[];
}

/** Opens the review queue on the runs, newest (the fork) first. */
async function openRunsInQueue(page: Page) {
  await page.keyboard.press('Control+4');
  await pickOption(page, 'Source', 'run');
  await page.getByTestId('queue-position').getByText('1 of 2').waitFor();
  await expect.poll(() => page.getByLabel('Note', { exact: true }).isEnabled()).toBe(true);
}

describe('a new user’s whole loop in Chromium', () => {
  it('imports, checks, compares, plans with an edit, runs, forks with an edit, reviews, exports, and keeps every character', async () => {
    const workspace = path.join(tempDir(), 'whole-loop.trellis');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();

    // Trajectories: import the smart-home logs, their tools as a new graph, and check all of them.
    await importSmartHomeLogsInUi(page, 'Smart home');
    await page
      .getByTestId('import-report')
      .getByText(/Imported 6 trajectories/)
      .waitFor();
    await page.getByTestId('list-count').getByText('8 trajectories').waitFor();
    await page.getByRole('button', { name: 'Run checks' }).click();
    await page
      .getByTestId('check-summary')
      .getByText(/Checked 8 trajectories/)
      .waitFor();

    // Compare two of them and close the diff: the workspace stays (leaving Compare once blanked the app).
    await page.getByRole('option', { name: /Set the bedroom to 40/ }).click();
    const inspector = page.getByRole('region', { name: 'Trajectory inspector' });
    await inspector.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByRole('option', { name: /Make the bedroom 21 degrees/ }).click();
    const diff = page.getByRole('region', { name: 'Trajectory diff' });
    await diff
      .getByTestId('diff-summary')
      .getByText(/First divergence \(marked below\): turn #\d+/)
      .waitFor();
    await diff.getByRole('button', { name: 'Close diff' }).click();
    await inspector.getByRole('button', { name: 'Compare with…' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).count()).toBe(0);

    // Plans & Runs: a deterministic plan on the trip graph, its second step's date edited.
    await page.keyboard.press('Control+2');
    await page.getByLabel('Tool graph').selectOption({ label: 'Trip planning' });
    await page.getByLabel('Intent').fill('get_weather_forecast in Kyoto on 2027-04-02');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s2').waitFor();
    await expect.poll(() => page.getByTestId('plan-summary').innerText()).toBe('2 steps · 0 problems');
    await page.getByTestId('step-s2').getByRole('button', { name: 'Arguments' }).click();
    await replaceEditorJson(
      page,
      'Arguments of s2',
      '{"date":"2027-04-03","lat":{"$ref":"s1.result.lat"},"lon":{"$ref":"s1.result.lon"}}',
    );
    await page.getByRole('button', { name: 'WorfBench text…' }).click();
    await expect
      .poll(() => page.getByLabel('WorfBench text').inputValue())
      .toBe(
        'Node:\n1: geocode_city: city=Kyoto\n2: get_weather_forecast: date=2027-04-03, lat=s1.lat, lon=s1.lon\nEdge: (START,1) (1,2) (2,END)',
      );

    // Run it to the end, then edit the geocoder's answer and fork from there.
    await page.getByRole('button', { name: 'Run plan' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByTestId('next-action').waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    const turns = debuggerPane.locator('.timeline > li');
    expect(await turns.nth(3).innerText()).toContain('"date": "2027-04-03"');
    const observation = turns.nth(2);
    await observation.getByRole('button', { name: 'Edit', exact: true }).click();
    await replaceEditorJson(page, 'Observation', EDITED_OBSERVATION);
    await page.getByRole('button', { name: 'Save edit' }).click();
    await page.getByLabel('Observation', { exact: true }).waitFor({ state: 'detached' });
    await observation.getByRole('button', { name: 'Fork from here' }).click();
    await debuggerPane.getByText('fork at turn 2').waitFor();
    await page.keyboard.press('F5');
    await debuggerPane.getByTestId('run-status').getByText('finished').waitFor();
    // The fork's next call reads its coordinates from the edited answer.
    expect(await turns.nth(3).innerText()).toContain('"lat": 35.02');

    // Datasets: review the fork, typing into tags and note and tabbing between them, then accept it.
    await openRunsInQueue(page);
    const tags = page.getByLabel('Tags', { exact: true });
    const note = page.getByLabel('Note', { exact: true });
    await tags.click();
    await page.keyboard.type('weather, kyoto', { delay: 20 });
    await note.click();
    await page.keyboard.type('ids are invented here', { delay: 40 });
    await expect.poll(() => note.inputValue()).toBe('ids are invented here');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(TAGS, { delay: 40 });
    await page.keyboard.press('Tab');
    // Tab selects the field's text; go to its end and type on.
    await page.keyboard.press('End');
    await page.keyboard.type(' (checked)', { delay: 40 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('a');
    await page.getByTestId('queue-position').getByText('2 of 2').waitFor();

    // A dataset of the accepted run, all in train, exported as OpenAI JSONL.
    await pickOption(page, 'Label', 'accepted');
    await page.getByTestId('queue-position').getByText('1 of 1').waitFor();
    await page.getByLabel('Dataset name').fill('kyoto-fork');
    await page.getByLabel('Split ratio').fill('1,0,0');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page
      .getByTestId('dataset-stats')
      .getByText(/^1 trajectory \(train 1\)/)
      .waitFor();
    const out = path.join(tempDir(), 'export');
    await page.getByLabel('Export folder').fill(out);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page
      .getByTestId('export-result')
      .getByText(/train: 1 →/)
      .waitFor();

    // The exported record is the fork: the edited answer verbatim, the call made from it, the edited date.
    const lines = fs.readFileSync(path.join(out, 'kyoto-fork.train.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    const { messages } = JSON.parse(lines[0]!) as { messages: ExportedMessage[] };
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(messages[0]!.content).toBe('get_weather_forecast in Kyoto on 2027-04-02');
    expect(messages[2]!.content).toBe(EDITED_OBSERVATION);
    const forecast = messages[3]!.tool_calls![0]!.function;
    expect(forecast.name).toBe('get_weather_forecast');
    expect(JSON.parse(forecast.arguments)).toEqual({ date: '2027-04-03', lat: 35.02, lon: 135.78 });

    // What was typed comes back after a reload, and is what the workspace holds.
    await reloadToGraph(page);
    // The review selection outlives the reload too (the accepted run alone): back to all the runs.
    await page.keyboard.press('Control+4');
    await page.getByTestId('queue-position').getByText('1 of 1').waitFor();
    await page
      .getByRole('region', { name: 'Datasets workspace' })
      .getByRole('button', { name: 'Clear filters' })
      .click();
    await openRunsInQueue(page);
    await expect.poll(() => page.getByLabel('Tags', { exact: true }).inputValue()).toBe(TAGS);
    expect(await page.getByLabel('Note', { exact: true }).inputValue()).toBe(NOTE);
    await page.close();
    expect(await e2e.stopHost(host)).toBe(0);
    const db = new Database(workspace, { readonly: true });
    expect(db.prepare('SELECT status, tags, note FROM labels').all()).toEqual([
      { status: 'accepted', tags: JSON.stringify([TAGS]), note: NOTE },
    ]);
    db.close();
  }, 180_000);
});
