import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { dragHandle, handle, runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();
const FIXTURE = path.join(__dirname, '..', 'test', 'fixtures', 'graphs', 'smart-home.graph.json');

describe('element edges ("list, then pick an id") in Chromium', () => {
  it('draws rooms[].room_id → room_id on the smart-home tools, and a dropped list connects its id field', async () => {
    const workspace = path.join(tempDir(), 'element-edges.trellis');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();

    await runCommand(page, 'new graph');
    await page.getByRole('dialog', { name: 'New graph' }).getByRole('textbox').fill('Smart home');
    await page.keyboard.press('Enter');
    await page.getByText(/Empty graph/).waitFor();
    // The tools alone: the edges are what this test draws.
    const file = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { edges: unknown[] };
    await runCommand(page, 'import tools');
    await pickOption(page, 'Format', 'trellis');
    await page.getByLabel('Tools text').fill(JSON.stringify({ ...file, edges: [] }));
    await page.getByRole('button', { name: 'Read tools' }).click();
    await page.getByText(/Found 3 tools/).waitFor();
    await page.getByRole('button', { name: 'Add 3 tools' }).click();
    await runCommand(page, 'zoom to fit');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);

    // The list's element fields have their own handles, nested under the list.
    const listRooms = page.locator('.react-flow__node[data-id="list_rooms"]');
    await expect.poll(() => listRooms.locator('.element-field').allTextContents()).toEqual(['[].room_id', '[].name']);

    await dragHandle(page, handle('list_rooms', 'r:rooms[].room_id'), handle('get_temperature', 'p:room_id'));
    await expect.poll(() => page.locator('.react-flow__edge.edge-element').count()).toBe(1);

    // Dropping the whole list on a string connects the element field that fits, and says so.
    await dragHandle(page, handle('list_rooms', 'r:rooms'), handle('set_thermostat', 'p:room_id'));
    const note = page.locator('.drop-note');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      "rooms is a list: connected one element's field, rooms[].room_id → set_thermostat.room_id.",
    );
    await expect.poll(() => page.locator('.react-flow__edge.edge-element').count()).toBe(2);
    expect(await page.locator('.react-flow__edge').count()).toBe(2);
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
    await page.close();

    const db = new Database(workspace, { readonly: true });
    const edges = db
      .prepare(
        "SELECT e.from_tool, e.from_field, e.to_tool, e.to_field FROM edges e JOIN graphs g ON g.id = e.graph_id WHERE g.name = 'Smart home' ORDER BY e.ord",
      )
      .all();
    expect(edges).toEqual([
      { from_tool: 'list_rooms', from_field: 'rooms[].room_id', to_tool: 'get_temperature', to_field: 'room_id' },
      { from_tool: 'list_rooms', from_field: 'rooms[].room_id', to_tool: 'set_thermostat', to_field: 'room_id' },
    ]);
    db.close();
  });
});
