import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { replaceEditorJson, parameterSchema, parameterSchemaText, selectTool } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const parameters = parameterSchema;
const shownText = parameterSchemaText;

async function openExample(page: Page, name: string) {
  const host = await e2e.startHost(path.join(tempDir(), `${name}.trellis`));
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.locator('.react-flow__node').first().waitFor();
}

describe('the tool inspector in Chromium', () => {
  it('applies a schema with "minimum" on a string and warns that it has no effect there', async () => {
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await openExample(page, 'lint');
    await selectTool(page, 'search_flights');
    await replaceEditorJson(
      page,
      'Parameters schema',
      JSON.stringify({
        type: 'object',
        properties: { origin: { type: 'string', minimum: 1 }, passengers: { type: 'integer', minimum: 1 } },
        required: ['origin'],
      }),
    );
    const warnings = parameters(page).getByRole('status', { name: 'Schema warnings' });
    await warnings.waitFor();
    expect(await warnings.innerText()).toBe(
      'properties.origin: "minimum" applies to numbers, but the type is string; it has no effect.',
    );
    // Applied all the same: the tool on the canvas has just these two parameters now.
    const node = page.locator('.react-flow__node[data-id="search_flights"]');
    await expect.poll(() => node.getByRole('list', { name: 'Parameters' }).innerText()).toBe('origin*\npassengers');
    await page.close();
  }, 90_000);

  it('keeps schema text not applied yet with its tool when the tool is renamed', async () => {
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await openExample(page, 'rename-draft');
    await selectTool(page, 'search_flights');
    await parameters(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('"draft_marker": ,');
    await parameters(page)
      .getByRole('alert')
      .getByText(/Not valid JSON yet/)
      .waitFor();
    const name = page.getByRole('textbox', { name: 'Tool name' });
    await name.fill('find_flights');
    await name.press('Enter');
    await page.locator('.react-flow__node[data-id="find_flights"]').waitFor();
    await expect.poll(() => shownText(page)).toContain('"draft_marker": ,');
    await page.reload();
    await page.locator('.react-flow__node').first().waitFor();
    await selectTool(page, 'find_flights');
    await expect.poll(() => shownText(page)).toContain('"draft_marker": ,');
    await page.close();
  }, 90_000);

  it('shows the runtime several selected tools have now, and applies another kind only once chosen', async () => {
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await openExample(page, 'selection-runtime');
    await page.locator('.react-flow__node[data-id="geocode_city"]').click();
    await page.locator('.react-flow__node[data-id="search_flights"]').click({ modifiers: ['Control'] });
    const section = page.getByRole('region', { name: 'Runtime of the selected tools' });
    const kind = section.getByLabel('Runtime kind for the selection');
    // The example's tools run mock code, which the picker does not offer for several tools at once.
    expect(await kind.locator('option:checked').innerText()).toBe('As now: mock code, 2 different');
    const apply = section.getByRole('button', { name: 'Choose a kind to apply' });
    expect(await apply.isDisabled()).toBe(true);
    await kind.selectOption('none');
    await section.getByRole('button', { name: 'Apply to 2 tools' }).click();
    // Each has its own mock code: replacing them is asked first.
    await section.getByRole('button', { name: 'Replace 2 runtimes' }).click();
    await section.getByText('geocode_city: none · search_flights: none').waitFor();
    // Selected again, the two now have no runtime, and the picker says so.
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
    await page.locator('.react-flow__node[data-id="geocode_city"]').click();
    await page.locator('.react-flow__node[data-id="search_flights"]').click({ modifiers: ['Control'] });
    expect(await kind.locator('option:checked').innerText()).toBe('None');
    await page.close();
  }, 90_000);

  it("leaves copy, paste and select-all in a schema editor to the editor: the graph's tools are not copied or pasted", async () => {
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await openExample(page, 'editor-keys');
    await selectTool(page, 'geocode_city');
    await parameters(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    await page.keyboard.press('End');
    await page.keyboard.press('Control+V');
    await page.waitForTimeout(500);
    const status = page.locator('.statusbar [role="status"]');
    expect(await status.innerText()).not.toMatch(/Copied/);
    expect(await page.locator('.react-flow__node').count()).toBe(13);
    expect(await page.locator('.react-flow__node[data-id="geocode_city_2"]').count()).toBe(0);
    // Select all selected the editor's text, not every tool.
    expect(await page.locator('.react-flow__node.selected').count()).toBe(1);
    await page.close();
  }, 90_000);
});
