import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();
const SHAREGPT = path.join(__dirname, '..', 'test', 'fixtures', 'trajectories', 'sharegpt.jsonl');

describe('the web host’s file browser, in Chromium', () => {
  it('picks a file to import from the workspace folder with the keyboard, showing only the import formats', async () => {
    const dir = fs.realpathSync(tempDir());
    fs.mkdirSync(path.join(dir, 'logs', 'older'), { recursive: true });
    fs.copyFileSync(SHAREGPT, path.join(dir, 'logs', 'chat.jsonl'));
    fs.writeFileSync(path.join(dir, 'logs', 'notes.txt'), 'not a log');
    const host = await e2e.startHost(path.join(dir, 'browse.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    await page.locator('summary', { hasText: 'Import…' }).click();
    const form = page.getByRole('region', { name: 'Import trajectories' });
    const field = page.getByLabel('Trajectory file');
    // A path the browser may not show opens it on the workspace folder instead.
    await field.fill('/etc/passwd');
    await form.getByRole('button', { name: 'Browse…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Choose the trajectory file' });
    const list = dialog.getByRole('listbox', { name: 'Files' });
    const crumbs = () => dialog.getByRole('navigation', { name: 'Path' }).getByRole('button').allInnerTexts();
    const names = () => list.getByRole('option').locator('.name').allInnerTexts();
    const active = () => list.locator('[role="option"][aria-selected="true"] .name').innerText();
    await expect.poll(crumbs).toEqual(['Workspace folder']);
    // The workspace file itself is no import format: only the folder shows.
    expect(await names()).toEqual(['logs']);
    await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);

    // Enter opens a folder; Backspace goes up with the cursor on the folder left; folders come first.
    await page.keyboard.press('Enter');
    await expect.poll(crumbs).toEqual(['Workspace folder', 'logs']);
    expect(await names()).toEqual(['older', 'chat.jsonl']);
    await page.keyboard.press('Backspace');
    await expect.poll(crumbs).toEqual(['Workspace folder']);
    await expect.poll(active).toBe('logs');
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['older', 'chat.jsonl']);
    // All files shows what the import formats hide.
    await pickOption(page, 'File types', 'all', dialog);
    await expect.poll(names).toEqual(['older', 'chat.jsonl', 'notes.txt']);
    await pickOption(page, 'File types', 'these', dialog);
    await expect.poll(names).toEqual(['older', 'chat.jsonl']);
    expect(await list.getByRole('option').nth(1).innerText()).toMatch(/chat\.jsonl\s+\d+(\.\d)? (B|KB)/);

    await list.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect.poll(active).toBe('chat.jsonl');
    expect(await dialog.getByTestId('file-browser-chosen').innerText()).toBe(path.join(dir, 'logs', 'chat.jsonl'));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await field.inputValue()).toBe(path.join(dir, 'logs', 'chat.jsonl'));

    // Escape closes without changing the field, the focus back on Browse…; it reopens where the field points.
    await form.getByRole('button', { name: 'Browse…' }).click();
    await expect.poll(crumbs).toEqual(['Workspace folder', 'logs']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await field.inputValue()).toBe(path.join(dir, 'logs', 'chat.jsonl'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Browse…');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByTestId('import-report')
      .getByText(/Imported 2 trajectories \(ShareGPT, JSONL\)/)
      .waitFor();
    await page.getByTestId('list-count').getByText('4 trajectories').waitFor();
    await page.close();
  }, 120_000);

  it('chooses the export folder, showing folders only, and a ShareGPT export writes there', async () => {
    const dir = fs.realpathSync(tempDir());
    fs.mkdirSync(path.join(dir, 'sft'));
    fs.writeFileSync(path.join(dir, 'readme.md'), 'not a folder');
    const host = await e2e.startHost(path.join(dir, 'export.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+4');
    await page.getByLabel('Dataset name').fill('examples');
    await page.getByLabel('Split ratio').fill('1,0,0');
    await page.getByRole('button', { name: 'New dataset from selection' }).click();
    await page
      .getByTestId('dataset-stats')
      .getByText(/^2 trajectories/)
      .waitFor();

    const form = page.getByRole('form', { name: 'Export' });
    await pickOption(page, 'Export format', 'sharegpt', form);
    expect(await form.getByRole('combobox', { name: 'Export format' }).innerText()).toBe('LLaMA-Factory ShareGPT');
    await form.getByRole('button', { name: 'Browse…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the export folder' });
    const list = dialog.getByRole('listbox', { name: 'Files' });
    await expect.poll(() => list.getByRole('option').locator('.name').allInnerTexts()).toEqual(['sft']);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByTestId('file-browser-chosen').innerText()).toBe(path.join(dir, 'sft'));
    await dialog.getByRole('button', { name: 'Choose this folder' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Export folder').inputValue()).toBe(path.join(dir, 'sft'));
    await form.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByTestId('export-result').waitFor();
    // LLaMA-Factory's dataset_info.json comes with it.
    await expect
      .poll(() => fs.readdirSync(path.join(dir, 'sft')).sort())
      .toEqual(['dataset_info.json', 'examples.train.jsonl']);
    // ShareGPT's shape: conversations, not OpenAI's messages.
    expect(fs.readFileSync(path.join(dir, 'sft', 'examples.train.jsonl'), 'utf8')).toContain('"conversations"');
    await page.close();
  }, 120_000);
});
