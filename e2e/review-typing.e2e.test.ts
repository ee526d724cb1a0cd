import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { reloadToGraph } from './helpers/app';

const e2e = useBrowserAndHosts();

/** Opens the review queue on the example workspace's first trajectory. */
async function openQueue(page: Page) {
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+4');
  await page
    .getByTestId('queue-position')
    .getByText(/^1 of \d+/)
    .waitFor();
  await expect.poll(() => page.getByLabel('Note', { exact: true }).isEnabled()).toBe(true);
}

describe('Review queue fields in Chromium', () => {
  it('keeps every character typed in tags and note while saves come back, and after a reload', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'typing.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await openQueue(page);
    const tags = page.getByLabel('Tags', { exact: true });
    const note = page.getByLabel('Note', { exact: true });

    // Leaving the tags field saves; typing goes on in the note while that save comes back.
    await tags.click();
    await page.keyboard.type('weather, lisbon', { delay: 20 });
    await note.click();
    await page.keyboard.type('ids are invented here', { delay: 40 });
    await expect.poll(() => note.inputValue()).toBe('ids are invented here');
    // Tab out of the note and straight back into the tags: the note's save must not undo this either.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('typing right after tab', { delay: 40 });
    await page.keyboard.press('Tab');
    // Tab selects the field's text; go to its end and type on.
    await page.keyboard.press('End');
    await page.keyboard.type(' (checked)', { delay: 40 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.waitForTimeout(500);
    expect(await tags.inputValue()).toBe('typing right after tab');
    expect(await note.inputValue()).toBe('ids are invented here (checked)');

    await reloadToGraph(page);
    await openQueue(page);
    await expect.poll(() => page.getByLabel('Tags', { exact: true }).inputValue()).toBe('typing right after tab');
    expect(await page.getByLabel('Note', { exact: true }).inputValue()).toBe('ids are invented here (checked)');
    await page.close();
  }, 90_000);

  it('saves text typed without leaving the field: on a pause, on switching workspace, on reload', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'unblurred.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await openQueue(page);
    const note = page.getByLabel('Note', { exact: true });
    // Straight to another workspace from inside the field: it unmounts without a blur.
    await note.click();
    await page.keyboard.type('left by shortcut', { delay: 20 });
    await page.keyboard.press('Control+3');
    await page.getByRole('region', { name: 'Trajectories' }).first().waitFor();
    await page.keyboard.press('Control+4');
    await expect.poll(() => page.getByLabel('Note', { exact: true }).inputValue()).toBe('left by shortcut');
    // A reload right after typing, the cursor still in the field.
    await page.getByLabel('Tags', { exact: true }).click();
    await page.keyboard.type('reloaded', { delay: 20 });
    await reloadToGraph(page);
    await openQueue(page);
    await expect.poll(() => page.getByLabel('Tags', { exact: true }).inputValue()).toBe('reloaded');
    // A pause saves too: after it, the stored label has the text (read back by a second page).
    await page.getByLabel('Note', { exact: true }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(', paused', { delay: 20 });
    const other = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await expect
      .poll(
        async () => {
          await other.goto(host.url);
          await openQueue(other);
          return other.getByLabel('Note', { exact: true }).inputValue();
        },
        // Each try reloads a second page and opens the queue (up to 30 s on a busy machine).
        { timeout: 90_000 },
      )
      .toBe('left by shortcut, paused');
    await other.close();
    await page.close();
  }, 240_000);

  it('takes a note of several lines: Ctrl+Enter saves it, Escape leaves it with its text for the queue’s keys', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'note-lines.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await openQueue(page);
    const note = page.getByLabel('Note', { exact: true });
    expect(await note.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    await note.click();
    await page.keyboard.type('first line', { delay: 10 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('second line', { delay: 10 });
    await page.keyboard.press('Control+Enter');
    // Ctrl+Enter adds no line and leaves the cursor where it was.
    expect(await note.inputValue()).toBe('first line\nsecond line');
    expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);
    const other = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await other.goto(host.url);
    await openQueue(other);
    await expect.poll(() => other.getByLabel('Note', { exact: true }).inputValue()).toBe('first line\nsecond line');
    await other.close();

    // Escape leaves the field, its text as typed; the queue's keys act again (J: next, K: back).
    await page.keyboard.type(' and more', { delay: 10 });
    await page.keyboard.press('Escape');
    expect(await note.evaluate((el) => el === document.activeElement)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Review queue');
    expect(await note.inputValue()).toBe('first line\nsecond line and more');
    await page.keyboard.press('j');
    await page
      .getByTestId('queue-position')
      .getByText(/^2 of /)
      .waitFor();
    await page.keyboard.press('k');
    await page
      .getByTestId('queue-position')
      .getByText(/^1 of /)
      .waitFor();
    await expect.poll(() => note.inputValue()).toBe('first line\nsecond line and more');
    await page.close();
  }, 90_000);

  it('keeps the text of a save the host refuses and says why', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'refused.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    // The host refuses every label save, as it would for a trajectory deleted in another window.
    await page.routeWebSocket(/\/api/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const request = JSON.parse(String(message)) as { id: number; method: string };
        if (request.method !== 'labels.set') return server.send(message);
        ws.send(
          JSON.stringify({
            kind: 'response',
            id: request.id,
            ok: false,
            error: { code: 'E3001', message: 'Trajectory not found.', hint: 'Refresh the list.' },
          }),
        );
      });
    });
    await page.goto(host.url);
    await openQueue(page);
    const note = page.getByLabel('Note', { exact: true });
    await note.click();
    await page.keyboard.type('keep me', { delay: 20 });
    await page.keyboard.press('Tab');
    await page
      .getByRole('alert')
      .getByText(/The label was not saved: Trajectory not found\./)
      .waitFor();
    expect(await note.inputValue()).toBe('keep me');
    await page.close();
  }, 90_000);
});
