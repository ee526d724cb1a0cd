import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { replaceEditorJson, suggestNewProperty, suggestionRows } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

/** A paused plan run on the trip example with its first call and that call's observation. */
async function pausedRun(name: string): Promise<Page> {
  const host = await e2e.startHost(path.join(tempDir(), `${name}.trellis`));
  const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+2');
  await page.getByLabel('Intent').fill('book_flight from Paris to Lisbon');
  await page.getByRole('button', { name: 'Generate plan' }).click();
  await page.getByTestId('step-s1').waitFor();
  await page.getByRole('button', { name: 'Run plan' }).click();
  await page.getByRole('button', { name: 'Run anyway' }).click();
  const turns = page.getByRole('region', { name: 'Debugger' }).locator('.timeline > li');
  await turns.first().waitFor();
  for (let i = 0; (await turns.count()) < 3 && i < 6; i++) {
    const before = await turns.count();
    await page.keyboard.press('F10');
    await expect.poll(() => turns.count()).toBeGreaterThan(before);
  }
  return page;
}

const turn = (page: Page, i: number) => page.getByRole('region', { name: 'Debugger' }).locator('.timeline > li').nth(i);
const focusInEditor = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((el) => el.querySelector('.monaco-editor')?.contains(document.activeElement) ?? false);

describe('a run turn’s edit form uses the JSON editor', () => {
  it('completes a call’s arguments from its tool’s parameters, flags the missing ones, and saves with Ctrl+Enter', async () => {
    const page = await pausedRun('edit-call');
    await turn(page, 1).getByRole('button', { name: 'Edit', exact: true }).click();
    // The assistant turn's first field, its thought, takes the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Thought');
    const editor = page.getByLabel('Call arguments');
    await editor.locator('.monaco-editor').waitFor();
    // search_flights requires date and passengers, which the plan left out.
    await expect.poll(() => editor.locator('.squiggly-warning, .squiggly-error').count()).toBeGreaterThan(0);

    const suggestions = suggestionRows(page);
    expect(await suggestNewProperty(page, editor)).toEqual(
      expect.arrayContaining([expect.stringContaining('passengers'), expect.stringContaining('date')]),
    );
    // Escape closes the suggestions, not the form.
    await page.keyboard.press('Escape');
    await suggestions.first().waitFor({ state: 'detached' });
    expect(await editor.count()).toBe(1);

    await replaceEditorJson(
      page,
      'Call arguments',
      '{"origin":"Paris","destination":"Lisbon","date":"2027-03-14","passengers":2}',
    );
    await expect.poll(() => editor.locator('.squiggly-warning, .squiggly-error').count()).toBe(0);
    await page.keyboard.press('Control+Enter');
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => turn(page, 1).innerText()).toContain('"date": "2027-03-14"');
    await turn(page, 1).locator('.edited-mark').waitFor();
    await page.close();
  }, 120_000);

  it('edits a JSON observation focused on open: Escape cancels, Tab reaches Save', async () => {
    const page = await pausedRun('edit-observation');
    const observation = turn(page, 2);
    const before = await observation.locator('.turn .content').innerText();
    await observation.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByLabel('Observation', { exact: true });
    await editor.locator('.monaco-editor').waitFor();
    await expect.poll(() => focusInEditor(page, 'Observation')).toBe(true);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await observation.locator('.turn .content').innerText()).toBe(before);

    await observation.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => focusInEditor(page, 'Observation')).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{"edited": true}');
    await page.keyboard.press('Shift+Control+End');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save edit');
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached' });
    // The text is saved as typed.
    await observation.locator('.turn .content').getByText('{"edited": true}').waitFor();
    await page.close();
  }, 120_000);
});
