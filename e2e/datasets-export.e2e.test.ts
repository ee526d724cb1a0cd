import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { pressUntilVisible } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import { optionTexts, pickedValue, pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

/** Whether an element lies wholly inside the window and inside the panel that scrolls it. */
const onScreen = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const panel = el.closest('.datasets-side')!.getBoundingClientRect();
    return box.height > 0 && box.top >= panel.top && box.bottom <= Math.min(panel.bottom, window.innerHeight) + 1;
  });

async function paletteRun(page: Page, query: string) {
  await page.keyboard.press('Control+K');
  const search = page.getByLabel('Search commands');
  await search.fill(query);
  await page.getByRole('dialog').getByText('Export Dataset to SFT Files (JSONL)…').waitFor();
  await search.press('Enter');
}

describe('exporting a dataset in Chromium', () => {
  it('runs from the command palette, says what it wrote where the user looks, and refuses to write nothing', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'export.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    // The two example trajectories, both in train.
    await page.getByLabel('Dataset name').fill('examples');
    await page.getByLabel('Split ratio').fill('1,0,0');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page
      .getByTestId('dataset-stats')
      .getByText(/^2 trajectories \(train 2\)/)
      .waitFor();
    // Coverage names its unit: tool pairs, beside the graph's count of dependency edges.
    expect(await page.getByTestId('dataset-stats').textContent()).toMatch(
      /dependency coverage: \d+ of the \d+ tool pairs joined by the graph's \d+ dependency edges \(output → parameter\) called in order/,
    );

    // No folder yet: the palette's Export opens the form at the folder field.
    await paletteRun(page, 'export');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Export folder');
    const status = page.locator('.statusbar [role="status"]');
    await status.getByText('Export: type the folder to write the files to, then press Enter or Export.').waitFor();
    const out = path.join(tempDir(), 'sft');
    await page.keyboard.insertText(out);

    // With the folder, the palette's Export writes the files; the outcome is said and on screen.
    await paletteRun(page, 'export');
    const result = page.getByTestId('export-result');
    await result.getByText(/train: 1 →/).waitFor();
    await status.getByText('Exported 1 record in 1 file, 1 left out: see under the Export form.').waitFor();
    await expect.poll(() => onScreen(result)).toBe(true);
    const file = path.join(out, 'examples.train.jsonl');
    const written = fs.readFileSync(file, 'utf8');
    expect(written.trim().split('\n')).toHaveLength(1);
    expect(written).toContain('convert_currency');

    // Everything rejected: nothing passes, so the export refuses and the earlier file stays.
    const bulk = page.getByRole('group', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: 'Mark all rejected…' }).click();
    await bulk.getByRole('button', { name: 'Mark all rejected', exact: true }).click();
    await bulk.getByText(/^Marked 2 trajectories rejected\.$/).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const refusal = page.getByRole('form', { name: 'Export' }).getByRole('alert');
    await refusal.getByText(/^Nothing to export: the dataset "examples" has 0 records that pass/).waitFor();
    expect(await refusal.textContent()).toContain('Accept some trajectories in the review queue or change the filter');
    await expect.poll(() => onScreen(refusal)).toBe(true);
    await status
      .getByText('Nothing to export: the dataset "examples" has 0 records that pass the export\'s checks.')
      .waitFor();
    // Bringing the refusal into view moved nothing else: the app still starts at the window's edge.
    expect(
      await page.locator('.menubar .brand').evaluate((el) => el.getBoundingClientRect().left),
    ).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => document.scrollingElement!.scrollLeft)).toBe(0);
    expect(await result.count()).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(written);
    expect(fs.readdirSync(out)).toEqual(['examples.train.jsonl']);
    await page.close();
  }, 120_000);
});

describe('thoughts in an export, chosen in Chromium', () => {
  it("offers each format's ways of writing thoughts, its default first, and writes what was picked", async () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'thoughts.trellis');
    const fixture = path.join(
      __dirname,
      '..',
      'test',
      'fixtures',
      'trajectories',
      'published',
      'llamafactory-reason-tool-use.jsonl',
    );
    const imported = spawnSync(
      process.execPath,
      [path.join(__dirname, '..', 'bin', 'trellis.js'), 'import', fixture, '--workspace', workspace],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(imported.status, imported.stderr).toBe(0);
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await pressUntilVisible(page, 'Control+4', page.getByLabel('Dataset name'));
    await page.getByLabel('Dataset name').fill('reasoning');
    await page.getByLabel('Split ratio').fill('1,0,0');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page
      .getByTestId('dataset-stats')
      .getByText(/^3 trajectories \(train 3\)/)
      .waitFor();

    const options = async () => Object.values(await optionTexts(page, 'Thoughts'));
    // OpenAI's fine-tuning schema has no field for a thought: dropped unless asked.
    expect(await pickedValue(page, 'Thoughts')).toBe('drop');
    expect(await options()).toEqual(['Drop (default)', 'Inline <think>…</think>', 'reasoning_content field']);
    await pickOption(page, 'Thoughts', 'field');
    const out = path.join(dir, 'sft');
    await page.getByLabel('Export folder').fill(out);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const result = page.getByTestId('export-result');
    await result.getByText(/train: 3 →/).waitFor();
    await result.getByText(/^Thoughts: \d+ written as reasoning_content\.$/).waitFor();
    const messages = fs
      .readFileSync(path.join(out, 'reasoning.train.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .flatMap((l) => (JSON.parse(l) as { messages: Record<string, unknown>[] }).messages);
    expect(messages.filter((m) => m.role === 'assistant').every((m) => typeof m.reasoning_content === 'string')).toBe(
      true,
    );

    expect(await page.getByTestId('export-made').textContent()).toBe(`Last export: OpenAI chat JSONL, to ${out}`);
    // ShareGPT reads thoughts inline; the OpenAI choice is kept for when the user comes back.
    await pickOption(page, 'Export format', 'sharegpt');
    // The last export's report stays, said to be of the other format.
    expect(await page.getByTestId('export-made').textContent()).toBe(
      `Last export: OpenAI chat JSONL, to ${out} — another format than the one chosen now; Export writes that one.`,
    );
    expect(await pickedValue(page, 'Thoughts')).toBe('inline');
    expect(await options()).toEqual(['Inline <think>…</think> (default)', 'Drop']);
    await pickOption(page, 'Export format', 'openai');
    expect(await pickedValue(page, 'Thoughts')).toBe('field');
    await page.close();
  }, 120_000);
});
