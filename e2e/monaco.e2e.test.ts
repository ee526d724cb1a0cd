import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { suggestNewProperty, suggestionRows, parameterSchema, parameterSchemaText, selectTool } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

const parameters = parameterSchema;
const shownText = parameterSchemaText;

/**
 * The corners of the first completion row where something outside the completion list is on top
 * (the panel that would clip it, the canvas): none for a list drawn whole.
 */
const coveredCorners = (page: Page) =>
  page
    .locator('.suggest-widget.visible .monaco-list-row')
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const corners = [
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ];
      return corners
        .filter(([x, y]) => !element.closest('.suggest-widget')!.contains(document.elementFromPoint(x!, y!)))
        .map(([x, y]) => `${Math.round(x!)},${Math.round(y!)}`);
    });

describe('Monaco editors in Chromium', () => {
  it('complete from the JSON Schema meta-schema on Ctrl+Space, editor after editor, with no uncaught error', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'monaco.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.locator('.react-flow__node').first().waitFor();
    // Each selection makes new editors: the first loads the JSON language, the later ones used to throw.
    for (const tool of ['search_flights', 'book_flight', 'search_hotels']) await selectTool(page, tool);

    expect(await suggestNewProperty(page, parameters(page).locator('.monaco-editor'))).toEqual(
      expect.arrayContaining([expect.stringContaining('additionalProperties')]),
    );
    // The list is drawn whole beside the inspector, not clipped by it.
    expect(await coveredCorners(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.close();
  }, 90_000);

  it('receives every typed space and backspace beside the canvas (its Space and Backspace keys stay out)', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'spaces.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await selectTool(page, 'search_hotels');
    await parameters(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+End');
    // Key by key, as a person types: not insertText, which bypasses key events.
    await page.keyboard.type(' a b  cX', { delay: 20 });
    await page.keyboard.press('Backspace');
    await expect.poll(() => shownText(page)).toMatch(/ a b {2}c$/);
    // Backspace went to the editor, not to the canvas: the selected tool is still there.
    expect(await page.locator('.react-flow__node[data-id="search_hotels"]').count()).toBe(1);
    await page.close();
  }, 90_000);

  it('keeps invalid schema text as a draft with its error when another tool is selected and across a reload', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'draft.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.locator('.react-flow__node').first().waitFor();
    await selectTool(page, 'search_flights');
    await parameters(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('"draft_marker": ,');
    // Another tool at once, before the editor's own check has run.
    await selectTool(page, 'book_flight');
    expect(await shownText(page)).not.toContain('draft_marker');
    await selectTool(page, 'search_flights');
    await expect.poll(() => shownText(page)).toContain('"draft_marker": ,');
    await parameters(page)
      .getByRole('alert')
      .getByText(/Not valid JSON yet/)
      .waitFor();
    // A reload loses none of it, and the note says so.
    await page.reload();
    await page.locator('.react-flow__node').first().waitFor();
    await selectTool(page, 'search_flights');
    await expect.poll(() => shownText(page)).toContain('"draft_marker": ,');
    await page
      .getByTestId('schema-draft')
      .getByText(/stays here when you select another tool or reload/)
      .waitFor();
    await page.getByTestId('schema-draft').getByRole('button', { name: 'Discard the draft' }).click();
    await expect.poll(() => shownText(page)).not.toContain('draft_marker');
    expect(await page.getByTestId('schema-draft').count()).toBe(0);
    // Discarded is gone for good: the next reload shows the tool's schema.
    await page.reload();
    await page.locator('.react-flow__node').first().waitFor();
    await selectTool(page, 'search_flights');
    expect(await shownText(page)).not.toContain('draft_marker');
    await page.close();
  }, 90_000);

  it('completes a plan step’s arguments from its tool’s parameters', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'plan-args.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill('book_flight from Paris to Lisbon');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s2').getByRole('button', { name: 'Arguments' }).click();
    const editor = page.getByLabel('Arguments of s2');
    // book_flight's parameters, from its schema (the plan has not filled traveler_name).
    const suggestions = suggestionRows(page);
    expect(await suggestNewProperty(page, editor)).toEqual(
      expect.arrayContaining([expect.stringContaining('traveler_name')]),
    );
    // Picked, it comes with its colon and a place for the value, as in VS Code; the values follow.
    await page.keyboard.type('traveler_n');
    await suggestions.getByText('traveler_name').first().waitFor();
    await page.keyboard.press('Enter');
    const argsText = async () => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
    await expect.poll(argsText).toMatch(/"traveler_name": ,?\n/);
    await suggestions.first().waitFor();
    await page.keyboard.press('Escape');
    await page.close();
  }, 90_000);
});
