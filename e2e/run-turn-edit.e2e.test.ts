import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
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

/**
 * Opens a trajectory from Trajectories in the debugger, replays it up to its first call (turn
 * `call`) and forks there: a replay shows the recording as it is, its fork can be edited.
 * Returns the fork's edit form for that call.
 */
async function forkAtCall(page: Page, title: RegExp, call: number) {
  await page.keyboard.press('Control+3');
  await page.getByRole('option', { name: title }).click();
  await page.getByRole('button', { name: 'Open in debugger' }).click();
  const debuggerPane = page.getByRole('region', { name: 'Debugger' });
  await debuggerPane.getByText('Replay').waitFor();
  for (let i = 1; i <= call + 1; i++) {
    await debuggerPane.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(i);
  }
  await turn(page, call).getByRole('button', { name: 'Fork from here' }).click();
  await turn(page, call).getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByLabel(`Edit turn ${call}`);
  await form.getByLabel('Call arguments').locator('.monaco-editor').waitFor();
  return form;
}

/** The completion offered for a new property of `json`: names from a schema, not words of the text. */
async function namesOffered(page: Page, form: Locator, args: object): Promise<string[]> {
  // One property a line, as the editor shows arguments: the new one opens after the brace.
  await replaceEditorJson(page, 'Call arguments', JSON.stringify(args, null, 2));
  await suggestNewProperty(page, form.getByLabel('Call arguments'));
  const names = suggestionRows(page).filter({ has: page.locator('.codicon-symbol-property') });
  const offered = await names.allInnerTexts();
  await page.keyboard.press('Escape');
  return offered.map((text) => text.split('\n')[0]!.trim());
}

describe('a fork of a recorded trajectory edits its calls against the tool’s parameters', () => {
  it('completes the example recording’s call from its graph, and says when every parameter is given', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'edit-replay.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    const form = await forkAtCall(page, /Cheapest Paris → Lisbon flight/, 2);
    // The recorded call gives all four parameters: nothing is left for completion but words.
    await form
      .getByTestId('schema-note')
      .getByText(/Every parameter of tool search_flights is given/)
      .waitFor();
    expect(await namesOffered(page, form, { origin: 'Paris' })).toEqual(
      expect.arrayContaining(['destination', 'date', 'passengers']),
    );
    expect(await form.getByTestId('schema-note').count()).toBe(0);
    await page.close();
  }, 120_000);

  it('completes from the tools an imported record declared, else the open graph, and says when none is known', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'edit-imported.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    const file = path.join(tempDir(), 'logs.jsonl');
    const call = (name: string, args: object) => ({
      from: 'function_call',
      value: JSON.stringify({ name, arguments: args }),
    });
    const weatherTool = {
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' }, units: { type: 'string' } } },
    };
    const records = [
      {
        system: 'Weather',
        tools: JSON.stringify([weatherTool]),
        conversations: [
          { from: 'human', value: 'Weather in Lisbon?' },
          call('get_weather', { units: 'metric' }),
          { from: 'observation', value: '{"temp": 18}' },
        ],
      },
      {
        system: 'Flights',
        conversations: [
          { from: 'human', value: 'Flights to Kyoto?' },
          call('search_flights', { destination: 'Kyoto' }),
          { from: 'observation', value: '{"flights": []}' },
        ],
      },
      {
        system: 'Network',
        conversations: [
          { from: 'human', value: 'Is the router up?' },
          call('ping_host', { host: 'router' }),
          { from: 'observation', value: '{"up": true}' },
        ],
      },
    ];
    fs.writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
    await page.keyboard.press('Control+3');
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').fill(file);
    // Declared tools ignored: the records come in without a graph, each keeping its own tools.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByTestId('import-report')
      .getByText(/Imported 3 trajectories/)
      .waitFor();

    // get_weather is in no graph: only the record declared it.
    let form = await forkAtCall(page, /Weather in Lisbon/, 2);
    expect(await namesOffered(page, form, { units: 'metric' })).toEqual(['city']);
    // search_flights was declared nowhere: the graph open in Plans & Runs has it.
    form = await forkAtCall(page, /Flights to Kyoto/, 2);
    expect(await namesOffered(page, form, { destination: 'Kyoto' })).toEqual(
      expect.arrayContaining(['origin', 'date', 'passengers']),
    );
    form = await forkAtCall(page, /Is the router up/, 2);
    await form
      .getByTestId('schema-note')
      .getByText('No schema for tool ping_host: completion offers words only.')
      .waitFor();
    await page.close();
  }, 180_000);
});

describe('a run turn’s actions show where the user is', () => {
  it('hides Edit and Fork until the turn is hovered or focused; they work then, from the mouse and the keyboard', async () => {
    const page = await pausedRun('turn-actions');
    const actions = (i: number) => turn(page, i).getByRole('group', { name: `Actions of turn ${i}` });
    const opacity = (i: number) => actions(i).evaluate((el) => getComputedStyle(el).opacity);
    await page.mouse.move(1, 1);
    expect([await opacity(0), await opacity(1), await opacity(2)]).toEqual(['0', '0', '0']);

    // Hovering a turn shows its buttons, and only its.
    await turn(page, 1).hover();
    await expect.poll(() => opacity(1)).toBe('1');
    expect([await opacity(0), await opacity(2)]).toEqual(['0', '0']);

    // From the keyboard: the turn takes the focus and shows them; Tab reaches Edit; Enter opens the editor.
    await page.mouse.move(1, 1);
    await expect.poll(() => opacity(1)).toBe('0');
    await turn(page, 0).focus();
    await expect.poll(() => opacity(0)).toBe('1');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await expect.poll(() => opacity(0)).toBe('1');
    await page.keyboard.press('Enter');
    await page.getByLabel('Edit turn 0').waitFor();
    await page.keyboard.press('Escape');
    await page.getByLabel('Edit turn 0').waitFor({ state: 'detached' });

    // Fork from a hovered turn forks there.
    await turn(page, 2).hover();
    await expect.poll(() => opacity(2)).toBe('1');
    await actions(2).getByRole('button', { name: 'Fork from here' }).click();
    await page.getByRole('region', { name: 'Debugger' }).getByText('fork at turn 2').waitFor();
    await page.close();
  }, 120_000);
});
