import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickedValue, pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

const record = (n: number) =>
  JSON.stringify({
    messages: [
      { role: 'user', content: `Weather in city ${n}?` },
      {
        role: 'assistant',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: `{"city":"c${n}"}` } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"temp":18}' },
      { role: 'assistant', content: `Sunny in city ${n}.` },
    ],
  });

describe('Datasets workspace in Chromium', () => {
  it('reviews five trajectories by keyboard, fixes a tool call, builds a dataset and exports OpenAI JSONL', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'curate.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 }, acceptDownloads: true });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    const file = path.join(tempDir(), 'logs.jsonl');
    fs.writeFileSync(file, `${[1, 2, 3, 4, 5].map(record).join('\n')}\n`);
    await page.keyboard.press('Control+3');
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').fill(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByTestId('import-report')
      .getByText(/Imported 5 trajectories/)
      .waitFor();

    await page.keyboard.press('Control+4');
    await pickOption(page, 'Source', 'logs.jsonl');
    const position = page.getByTestId('queue-position');
    await position.getByText('1 of 5').waitFor();
    // Newest first: city 5 … city 1. Accept, reject, accept, needs fix, accept; rate the first.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('4');
    await expect.poll(() => page.getByLabel('Rating').locator('[aria-pressed="true"]').count()).toBe(1);
    for (const [key, next] of [
      ['a', '2 of 5'],
      ['r', '3 of 5'],
      ['a', '4 of 5'],
      ['f', '5 of 5'],
    ] as const) {
      await page.keyboard.press(key);
      await position.getByText(next).waitFor();
    }
    await page.keyboard.press('a');
    await page.getByTestId('label-status').getByText('accepted').waitFor();
    await page.keyboard.press('k');
    await position.getByText('4 of 5').waitFor();
    await page.getByTestId('label-status').getByText('needs-fix').waitFor();

    // Fix the tool call of the needs-fix one (city 2): the city argument becomes "Lisbon".
    await page.getByRole('button', { name: 'Edit turn 1' }).click();
    // The turn opens in Monaco; replace its text with the fixed call.
    const editor = page.getByLabel('Turn 1 JSON');
    await editor.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{"toolCalls":[{"id":"c1","name":"get_weather","args":{"city":"Lisbon"}}]}');
    // Monaco closes brackets and quotes as text arrives: drop what it added after the cursor.
    await page.keyboard.press('Shift+Control+End');
    await page.keyboard.press('Delete');
    await page.getByTestId('live-checks').waitFor();
    await page.getByRole('button', { name: 'Save turn' }).click();
    await page.getByText('Edited — recorded version').waitFor();
    await page.keyboard.press('a');

    // A dataset of the accepted ones, all in train, exported as OpenAI JSONL.
    await pickOption(page, 'Label', 'accepted');
    await position.getByText(/of 4$/).waitFor();
    await page.getByLabel('Dataset name').fill('accepted-weather');
    await page.getByLabel('Split ratio').fill('1,0,0');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page
      .getByTestId('dataset-stats')
      .getByText(/^4 trajectories \(train 4\)/)
      .waitFor();
    const out = path.join(tempDir(), 'export');
    await page.getByLabel('Export folder').fill(out);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page
      .getByTestId('export-result')
      .getByText(/train: 4 →/)
      .waitFor();

    const lines = fs
      .readFileSync(path.join(out, 'accepted-weather.train.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            messages: {
              role: string;
              content?: string;
              tool_calls?: { function: { arguments: string } }[];
              weight?: number;
            }[];
          },
      );
    expect(lines).toHaveLength(4);
    const cities = lines
      .map((l) => JSON.parse(l.messages[1]!.tool_calls![0]!.function.arguments) as { city: string })
      .map((a) => a.city)
      .sort();
    expect(cities).toEqual(['Lisbon', 'c1', 'c3', 'c5']);
    expect(lines.every((l) => l.messages.filter((m) => m.role === 'assistant').every((m) => m.weight === 1))).toBe(
      true,
    );

    // All five, the rejected one among them: the export leaves it out and says so, or includes it when asked.
    await pickOption(page, 'Label', '');
    await position.getByText(/of 5$/).waitFor();
    await page.getByLabel('Dataset name').fill('all-weather');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page
      .getByTestId('dataset-stats')
      .getByText(/^5 trajectories \(train 5\)/)
      .waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const report = page.getByTestId('export-report');
    await report.getByText('Left out 1 of 5: 1 label:rejected').waitFor();
    // Named as the list names it, by title; the id on hover.
    const leftOut = report.getByRole('listitem').filter({ hasText: /\(train, left out\): Labelled rejected\./ });
    await leftOut.waitFor();
    expect(await leftOut.locator('strong').textContent()).toMatch(/^Weather in city \d\?$/);
    expect(await leftOut.locator('strong').getAttribute('title')).toMatch(/^Trajectory [0-9a-f-]{36}$/);
    await page.getByLabel('Include rejected / needs-fix').check();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    // The earlier export is there: it is kept, and replaced only when asked.
    const form = page.getByRole('form', { name: 'Export' });
    await form
      .getByRole('alert')
      .getByText(`all-weather.train.jsonl is already in ${out}, from an earlier export; nothing was written.`)
      .waitFor();
    expect(fs.readFileSync(path.join(out, 'all-weather.train.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);
    await form.getByRole('button', { name: 'Replace them' }).click();
    await report.getByText('Wrote 1 flagged record as asked: 1 label:rejected').waitFor();
    expect(await form.getByRole('button', { name: 'Replace them' }).count()).toBe(0);
    expect(fs.readFileSync(path.join(out, 'all-weather.train.jsonl'), 'utf8').trim().split('\n')).toHaveLength(5);
    await page.close();
  }, 120_000);

  it('says when synthesis switches the Label filter to show its samples, and puts it back on request', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'synth.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    const label = () => pickedValue(page, 'Label');
    expect(await label()).toBe('');
    await page.locator('summary', { hasText: 'Synthesize from a graph…' }).click();
    await page.getByLabel('How many').fill('2');
    await page.getByRole('button', { name: 'Synthesize', exact: true }).click();
    const result = page.getByTestId('synth-result');
    await result.getByText(/^Made 2 /).waitFor({ timeout: 60_000 });
    // The switch is said where the user looks: the status bar and the panel, with a way back.
    expect(await label()).toBe('unlabelled');
    await page
      .locator('.statusbar [role="status"]')
      .getByText('Label filter set to "unlabelled" to show the new samples (it was "all").')
      .waitFor();
    await result.getByText(/The Label filter now shows unlabelled trajectories \(it was "all"\)/).waitFor();
    await result.getByRole('button', { name: 'Put the Label filter back' }).click();
    expect(await label()).toBe('');
    await page.locator('.statusbar [role="status"]').getByText('Label filter back to "all".').waitFor();
    expect(await result.getByRole('button', { name: 'Put the Label filter back' }).count()).toBe(0);

    // Another filter would hide the new samples: it is cleared too, said, and put back with the rest.
    const toolFilter = () => pickedValue(page, 'Tool');
    await pickOption(page, 'Tool', 'search_flights');
    await page.getByRole('button', { name: 'Synthesize', exact: true }).click();
    await page
      .locator('.statusbar [role="status"]')
      .getByText('Label filter set to "unlabelled" to show the new samples (it was "all"); filters by tool cleared.')
      .waitFor({ timeout: 60_000 });
    expect(await toolFilter()).toBe('');
    expect(await label()).toBe('unlabelled');
    await result.getByRole('button', { name: 'Put the Label filter back' }).click();
    expect(await toolFilter()).toBe('search_flights');
    expect(await label()).toBe('');
    await page.close();
  }, 120_000);
});
