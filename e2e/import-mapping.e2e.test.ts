import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickedValue, pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();
/** A homebot export no reader claims: one JSON object whose episodes hold ReAct steps. */
const EPISODES = path.join(__dirname, '..', 'test', 'fixtures', 'trajectories', 'mapping', 'agent-episodes.json');
const CHATS = path.join(__dirname, '..', 'test', 'fixtures', 'trajectories', 'mapping', 'support-chats.jsonl');

/** The workspace's Trajectories workspace, with the Import form open on `file`. */
async function importFormOn(file: string) {
  const host = await e2e.startHost(path.join(tempDir(), 'mapping.trellis'));
  const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+3');
  await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
  await page.locator('summary', { hasText: 'Import…' }).click();
  await page.getByLabel('Trajectory file').fill(file);
  return page;
}

describe('Import form: mapping a file no reader claims', () => {
  it('proposes a mapping, previews it live as roles are placed, saves and exports it, and imports with it', async () => {
    const page = await importFormOn(EPISODES);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByTestId('import-report')
      .getByText(/Nothing was imported/)
      .waitFor();
    // Skipping records no reader claims would import nothing: the report offers the mapping instead.
    expect(await page.getByTestId('import-report').textContent()).toMatch(/no reader claims its record/);
    expect(await page.getByTestId('import-report').textContent()).not.toMatch(/Skip bad records/);
    await page.getByRole('note').getByRole('button', { name: 'Map fields…' }).click();

    const editor = page.getByRole('region', { name: 'Map fields' });
    await expect.poll(() => editor.getByLabel('Mapping name').inputValue()).toBe('agent-episodes');
    expect(await pickedValue(editor, 'Messages')).toBe('episodes\nsteps');
    expect(await pickedValue(editor, 'Role field')).toBe('speaker');
    expect(await pickedValue(editor, 'Calls')).toBe('text:react');
    expect(await pickedValue(editor, 'Outcome field')).toBe('result.solved');
    const preview = page.getByRole('region', { name: 'Mapping preview' });
    // Two speakers are not placed yet: the preview says so.
    await preview
      .getByText(/speaker "operator" is mapped to no role/)
      .first()
      .waitFor();

    await pickOption(page, 'Role of operator', 'system', editor);
    await pickOption(page, 'Role of resident', 'user', editor);
    await preview.getByText('2 runs in the first 1 record').waitFor();
    await expect.poll(() => preview.getByRole('list', { name: 'Mapping problems' }).count()).toBe(0);
    const first = preview.getByTestId('mapping-run').first();
    await first.getByText(/7 turns, 2 calls, result\.solved true \(success\), model llama-3\.1-8b-instruct/).waitFor();
    await first.getByText(/→ find_device\(\{"room":"living room","kind":"light"\}\)/).waitFor();
    // Another outcome field holds other values: what counts as success is guessed from them again.
    await pickOption(page, 'Outcome field', 'result.steps_used', editor);
    await expect.poll(() => editor.getByLabel('Success when').inputValue()).toBe('at-least');
    await pickOption(page, 'Outcome field', 'result.solved', editor);
    await expect.poll(() => editor.getByLabel('Success values').inputValue()).toBe('true');

    // The edits outlive the drawer closing, as the rest of the form does.
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.locator('summary', { hasText: 'Import…' }).click();
    expect(await pickedValue(editor, 'Role of operator')).toBe('system');
    // And a reload of the window: the drawer, the file and the mapping being edited come back.
    await page.reload();
    await expect.poll(() => page.getByLabel('Trajectory file').inputValue()).toBe(EPISODES);
    expect(await pickedValue(editor, 'Role of operator')).toBe('system');
    expect(await pickedValue(editor, 'Role of resident')).toBe('user');

    await editor.getByLabel('Mapping name').fill('homebot');
    await editor.getByRole('button', { name: 'Save mapping' }).click();
    await editor.getByText('Saved as "homebot" in this workspace.').waitFor();
    // Saved: saving again under that name would replace it, and the button says so.
    await editor.getByRole('button', { name: 'Replace saved "homebot"' }).waitFor();
    // Deleting the saved one keeps it in the form: Save mapping puts it back.
    await editor.getByRole('button', { name: 'Delete saved' }).click();
    await editor.getByText('Deleted "homebot" from this workspace; Save mapping saves it again.').waitFor();
    await editor.getByRole('button', { name: 'Save mapping' }).click();
    await editor.getByRole('button', { name: 'Replace saved "homebot"' }).waitFor();
    const exported = path.join(tempDir(), 'homebot.yaml');
    await editor.getByLabel('Mapping file').fill(exported);
    await editor.getByRole('button', { name: 'Export mapping', exact: true }).click();
    await editor.getByText(`Wrote ${exported}`, { exact: false }).waitFor();
    expect(fs.readFileSync(exported, 'utf8')).toMatch(/^trellisMapping: 1\nname: homebot\n/);
    // A file already there is written over only when asked.
    fs.writeFileSync(exported, 'mine');
    await editor.getByRole('button', { name: 'Export mapping', exact: true }).click();
    await editor.getByText(`${exported} exists.`, { exact: false }).waitFor();
    expect(fs.readFileSync(exported, 'utf8')).toBe('mine');
    await editor.getByRole('button', { name: `Replace ${exported}` }).click();
    await editor.getByText(`Wrote ${exported}`, { exact: false }).waitFor();
    expect(fs.readFileSync(exported, 'utf8')).toMatch(/^trellisMapping: 1\nname: homebot\n/);

    await editor.getByRole('button', { name: 'Import with mapping' }).click();
    await page
      .getByTestId('import-report')
      .getByText(/Imported 2 trajectories/)
      .waitFor();
    await page.getByTestId('list-count').getByText('4 trajectories').waitFor();
    await page.getByRole('option', { name: /Turn the living room lights down/ }).waitFor();
  });

  it("proposes afresh for each file the path names, never the last file's mapping", async () => {
    const page = await importFormOn(EPISODES);
    await page.getByRole('button', { name: 'Map fields…' }).click();
    const editor = page.getByRole('region', { name: 'Map fields' });
    await expect.poll(() => editor.getByLabel('Mapping name').inputValue()).toBe('agent-episodes');
    await page.getByLabel('Trajectory file').fill(CHATS);
    await expect.poll(() => editor.getByLabel('Mapping name').inputValue()).toBe('support-chats');
    expect(await pickedValue(editor, 'Messages')).not.toMatch(/episodes/);
    await page.getByLabel('Trajectory file').fill(EPISODES);
    await expect.poll(() => editor.getByLabel('Mapping name').inputValue()).toBe('agent-episodes');
    // Escape closes the drawer and gives the focus back to the toolbar's Import…
    await page.getByLabel('Trajectory file').press('Escape');
    await expect.poll(() => page.getByLabel('Trajectory file').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Import…');
  });

  it('adds an outcome to a file a reader claims: an OpenAI-shaped record whose metadata.resolved is its verdict', async () => {
    const file = path.join(tempDir(), 'resolved.jsonl');
    const record = (resolved: boolean, id: string) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `Fix issue ${id} in the parser.` },
          { role: 'assistant', content: 'Patched the tokenizer.' },
        ],
        metadata: { resolved, instance_id: id },
      });
    fs.writeFileSync(file, `${record(true, 'p-1')}\n${record(false, 'p-2')}\n`);
    const page = await importFormOn(file);
    await page.getByRole('button', { name: 'Map fields…' }).click();
    const editor = page.getByRole('region', { name: 'Map fields' });
    await editor.getByText(/OpenAI chat reads this file/).waitFor();
    await pickOption(page, 'Messages', 'reader', editor);
    await editor.getByText(/The reader reads the turns/).waitFor();
    await pickOption(page, 'Outcome field', 'metadata.resolved', editor);
    await pickOption(page, 'Task id field', 'metadata.instance_id', editor);
    const preview = page.getByRole('region', { name: 'Mapping preview' });
    await preview.getByText(/metadata\.resolved true \(success\), task p-1/).waitFor();
    // Success values typed and never left are kept across a workspace switch, half-typed text too.
    await editor.getByLabel('Success values').fill('true, yes, ');
    // Switched by the keyboard from inside the box: it is never left, so no blur commits it.
    await page.keyboard.press('Control+1');
    await page
      .getByRole('navigation', { name: 'Workspaces' })
      .getByRole('button', { name: 'Graph' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await page.keyboard.press('Control+3');
    await expect.poll(() => editor.getByLabel('Success values').inputValue()).toBe('true, yes');
    await editor.getByRole('button', { name: 'Import with mapping' }).click();
    await page
      .getByTestId('import-report')
      .getByText(/Imported 2 trajectories \(OpenAI chat with mapping "resolved", JSONL\).*1 succeeded, 1 failed/)
      .waitFor();
  });
});
