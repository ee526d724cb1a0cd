import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { dragHandle, handle, runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import type { HostProcess } from './helpers/host-process';

const e2e = useBrowserAndHosts();

/** Opens the app; `sockets` collects the page's WebSockets (the web host's API connection). */
async function open(host: HostProcess, sockets: WebSocket[] = []): Promise<Page> {
  const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('websocket', (socket) => sockets.push(socket));
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.locator('.react-flow__node').first().waitFor();
  // Let the initial fit-to-view settle before measuring handles.
  await page.waitForTimeout(500);
  return page;
}

const edgeCount = (page: Page) => page.locator('.react-flow__edge').count();
const saved = (page: Page) => page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();

describe('tool graph editing in Chromium', () => {
  it('creates tools, connects them by dragging, undoes, lays out and keeps it all after a reload', async () => {
    const workspace = path.join(tempDir(), 'editor.trellis');
    const host = await e2e.startHost(workspace);
    const sockets: WebSocket[] = [];
    const page = await open(host, sockets);

    await runCommand(page, 'new graph');
    // The proposed name is selected: typing replaces it.
    const name = page.getByRole('dialog', { name: 'New graph' }).getByRole('textbox');
    await expect
      .poll(() => name.evaluate((e: HTMLInputElement) => e.value.slice(e.selectionStart!, e.selectionEnd!)))
      .toBe('Untitled graph');
    await page.keyboard.type('Pipeline');
    expect(await name.inputValue()).toBe('Pipeline');
    await page.keyboard.press('Enter');
    await page.getByText(/Empty graph/).waitFor();
    await runCommand(page, 'add tool');
    await runCommand(page, 'add tool');
    await runCommand(page, 'zoom to fit');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(2);

    await dragHandle(page, handle('new_tool', 'r:result'), handle('new_tool_2', 'p:input'));
    await expect.poll(() => edgeCount(page)).toBe(1);
    // With nothing selected the inspector shows the graph summary.
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    expect(await page.getByTestId('summary-dependency-edges').textContent()).toBe('1');
    await page.keyboard.press('Control+Z');
    await expect.poll(() => edgeCount(page)).toBe(0);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => edgeCount(page)).toBe(1);

    await saved(page);
    // What the page asks the backend from here: a layout is saved as positions, and not checked again.
    const asked: string[] = [];
    for (const socket of sockets)
      socket.on('framesent', ({ payload }) => {
        const method = /"method":"([\w.]+)"/.exec(String(payload))?.[1];
        if (method?.startsWith('graphs.')) asked.push(method);
      });
    const before = await page.locator('.react-flow__node[data-id="new_tool_2"]').getAttribute('style');
    await runCommand(page, 'auto-layout');
    const moved = page.locator('.react-flow__node[data-id="new_tool_2"]');
    await expect.poll(() => moved.getAttribute('style')).not.toBe(before);
    await page.getByText(/Laid out in \d+ ms/).waitFor();
    const after = await moved.getAttribute('style');
    // The layout is one edit: one undo puts every tool back, one redo lays them out again.
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+Z');
    await expect.poll(() => moved.getAttribute('style')).toBe(before);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(() => moved.getAttribute('style')).toBe(after);
    await saved(page);
    expect(asked).toContain('graphs.savePositions');
    expect(asked).not.toContain('graphs.save');
    expect(asked).not.toContain('graphs.check');
    const [, x, y] = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(after ?? '') ?? [];

    await page.reload();
    await page.getByRole('button', { name: /Pipeline/ }).click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(2);
    await expect.poll(() => edgeCount(page)).toBe(1);
    await page.close();

    const db = new Database(workspace, { readonly: true });
    const edges = db
      .prepare(
        "SELECT e.from_tool, e.to_tool FROM edges e JOIN graphs g ON g.id = e.graph_id WHERE g.name = 'Pipeline'",
      )
      .all();
    expect(edges).toEqual([{ from_tool: 'new_tool', to_tool: 'new_tool_2' }]);
    const position = db
      .prepare(
        "SELECT t.x, t.y FROM tools t JOIN graphs g ON g.id = t.graph_id WHERE g.name = 'Pipeline' AND t.name = ?",
      )
      .get('new_tool_2');
    expect(position).toEqual({ x: Number(x), y: Number(y) });
    db.close();
  });

  it('refuses an incompatible edge with its reason where it was dropped', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'refuse.trellis'));
    const page = await open(host);
    await expect.poll(() => edgeCount(page)).toBe(23);
    await dragHandle(page, handle('search_flights', 'r:flights'), handle('book_hotel', 'p:guests'));
    const note = page.locator('.drop-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(
      /search_flights\.flights cannot feed book_hotel\.guests: an array of object cannot fill an integer/,
    );
    expect(await edgeCount(page)).toBe(23);

    // Renaming a tool in the inspector carries its edges along; undo puts the name back.
    await page.getByTestId('tool-book_hotel').click();
    await page.getByLabel('Tool name').fill('reserve_hotel');
    await page.keyboard.press('Enter');
    await page.getByTestId('tool-reserve_hotel').waitFor();
    expect(await edgeCount(page)).toBe(23);
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+Z');
    await page.getByTestId('tool-book_hotel').waitFor();

    // Ctrl+F finds a tool and selects it.
    await page.keyboard.press('Control+F');
    await page.getByLabel('Find tool').fill('visa');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Tool name').inputValue()).toBe('get_visa_requirements');
    await page.close();
  });

  it('imports pasted OpenAI tools into the graph, and undoes the import', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'import-tools.trellis'));
    const page = await open(host);
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(13);
    await runCommand(page, 'import tools');
    // It has the focus as it opens, so Escape closes it as it closes every dialog.
    const importDialog = page.getByRole('dialog', { name: 'Import tools' });
    await importDialog.waitFor();
    await page.keyboard.press('Escape');
    await importDialog.waitFor({ state: 'detached' });
    // What was pasted waits there when it closes (here from the text field, by Escape).
    await runCommand(page, 'import tools');
    await page.getByLabel('Tools text').fill('[{"type": "function"');
    await page.keyboard.press('Escape');
    await importDialog.waitFor({ state: 'detached' });
    await runCommand(page, 'import tools');
    expect(await page.getByLabel('Tools text').inputValue()).toBe('[{"type": "function"');
    const tools = [
      {
        type: 'function',
        function: {
          name: 'get_exchange_rate',
          description: 'Rate between two currencies',
          parameters: { type: 'object', properties: { base: { type: 'string' } }, required: ['base'] },
        },
      },
    ];
    await page.getByLabel('Tools text').fill(JSON.stringify(tools));
    await page.getByRole('button', { name: 'Read tools' }).click();
    await page.getByText('Found 1 tool: get_exchange_rate').waitFor();
    await page.getByRole('button', { name: 'Add 1 tool' }).click();
    await page.getByTestId('tool-get_exchange_rate').waitFor();
    expect(await page.locator('.react-flow__node').count()).toBe(14);
    expect(await importDialog.count()).toBe(0);
    // The imported tool is brought into view, not left off-screen right of the graph.
    const pane = (await page.locator('.react-flow__pane').boundingBox())!;
    await expect
      .poll(async () => {
        const box = await page.getByTestId('tool-get_exchange_rate').boundingBox();
        return (
          !!box &&
          box.x >= pane.x &&
          box.y >= pane.y &&
          box.x + box.width <= pane.x + pane.width &&
          box.y + box.height <= pane.y + pane.height
        );
      })
      .toBe(true);
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('Control+Z');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(13);
    await page.close();
  });
});
