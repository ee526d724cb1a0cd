import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { tempDir } from '../../test/helpers/temp';

/** Reloads; the window reopens the workspace it showed, so back to Graph with its graphs listed. */
export async function reloadToGraph(page: Page): Promise<void> {
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Workspaces' })
    .getByRole('button', { name: 'Graph', exact: true })
    .click();
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
}

/** Runs a command through the palette, as a user would with Ctrl+K. */
export async function runCommand(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Control+K');
  await page.getByLabel('Search commands').fill(label);
  await page.keyboard.press('Enter');
}

/** Drags from one handle to another with intermediate mouse moves, as React Flow needs. */
export async function dragHandle(page: Page, from: string, to: string): Promise<void> {
  const a = await settledBox(page, from);
  const b = await settledBox(page, to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 12, a.y + 12, { steps: 3 });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** The element's box once it has stopped moving (the canvas animates fit-to-view and layout). */
async function settledBox(
  page: Page,
  selector: string,
): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (let i = 0; i < 40; i++) {
    const box = await page.locator(selector).boundingBox();
    const key = JSON.stringify(box);
    if (box && key === last) return box;
    last = key;
    await page.waitForTimeout(100);
  }
  throw new Error(`${selector} never settled on the canvas`);
}

/** The rows of Monaco's open completion list. */
export const suggestionRows = (page: Page): Locator => page.locator('.suggest-widget.visible .monaco-list-row');

/**
 * In a Monaco JSON editor holding an object, opens a new property after the opening brace and
 * asks for completion (Ctrl+Space) as a user would; returns the suggestions' texts.
 */
export async function suggestNewProperty(page: Page, editor: Locator): Promise<string[]> {
  // A page's first Monaco editor loads its code and workers first: on a busy machine, a while.
  await editor.locator('.view-lines').waitFor({ timeout: 60_000 });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End'); // after the opening brace
  await page.keyboard.press('Enter');
  await page.keyboard.type('"');
  await page.keyboard.press('Control+Space');
  await suggestionRows(page).first().waitFor();
  return suggestionRows(page).allInnerTexts();
}

/** Replaces the whole text of the Monaco editor in `editor` (typed as a paste: no auto-closed brackets). */
export async function replaceEditorText(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.locator('.monaco-editor .view-lines').waitFor({ timeout: 60_000 });
  // At its top: a long text's lines run far below what the editor shows.
  await editor.locator('.monaco-editor .view-lines').click({ position: { x: 24, y: 8 } });
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  // Monaco closes brackets and quotes as text arrives: drop what it added after the cursor.
  await page.keyboard.press('Shift+Control+End');
  await page.keyboard.press('Delete');
}

/** Replaces the JSON in the Monaco editor labelled `label` with `json`, as a paste. */
export const replaceEditorJson = (page: Page, label: string, json: string): Promise<void> =>
  replaceEditorText(page, page.getByLabel(label, { exact: true }), json);

export const handle = (tool: string, id: string) => `.react-flow__node[data-id="${tool}"] [data-handleid="${id}"]`;

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const SMART_HOME_LOGS = path.join(__dirname, '..', '..', 'test', 'fixtures', 'trajectories', 'smart-home-logs.jsonl');

/**
 * A workspace made as a user makes it from the command line: the smart-home logs imported with
 * `trellis import --new-graph NAME` (tools from the logs, no edges or results yet).
 */
export function workspaceFromSmartHomeLogs(name: string, graph: string): string {
  const workspace = path.join(tempDir(), `${name}.trellis`);
  const imported = spawnSync(process.execPath, [
    BIN,
    'import',
    SMART_HOME_LOGS,
    '--workspace',
    workspace,
    '--new-graph',
    graph,
  ]);
  if (imported.status !== 0) throw new Error(`trellis import failed: ${imported.stderr?.toString()}`);
  return workspace;
}

/** Opens the web host's page on `graph` and waits for its canvas to show the smart-home tools. */
export async function openSmartHomeGraph(page: Page, url: string, graph: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: new RegExp(graph) }).waitFor();
  await page.locator('.react-flow__node[data-id="list_rooms"]').waitFor();
}

/**
 * Imports the smart-home logs through the Trajectories workspace's Import form, their tools as
 * a new graph, on the example workspace (2 trajectories before).
 */
export async function importSmartHomeLogsInUi(page: Page, graph: string): Promise<void> {
  await page.keyboard.press('Control+3');
  await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
  await page.locator('summary', { hasText: 'Import…' }).click();
  await page.getByLabel('Trajectory file').fill(SMART_HOME_LOGS);
  await page.getByLabel('Declared tools').selectOption('new');
  await page.getByLabel('New graph name').fill(graph);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

/** The first schema editor of the tool inspector (the tool's parameters). */
export const parameterSchema = (page: Page): Locator => page.locator('.schema-editor').first();

/** The parameter schema's text as Monaco shows it (it renders spaces as no-break spaces). */
export const parameterSchemaText = async (page: Page): Promise<string> =>
  (await parameterSchema(page).locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');

/** Selects a tool on the canvas and waits for the inspector to show it, its schema in Monaco. */
export async function selectTool(page: Page, name: string): Promise<void> {
  await page.locator(`.react-flow__node[data-id="${name}"]`).click();
  await page
    .getByRole('textbox', { name: 'Tool name' })
    .and(page.locator(`[value="${name}"]`))
    .waitFor();
  await parameterSchema(page).locator('.monaco-editor .view-lines').waitFor();
}

/**
 * Presses a workspace shortcut until `opened` shows: a key pressed before the app listens for its
 * keys (right after the page loads) is lost, and pressing it again where it already is changes nothing.
 */
export async function pressUntilVisible(page: Page, key: string, opened: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.keyboard.press(key);
        return opened.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
