import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickedValue, quickPick } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();

describe('the quick pick of the Trajectories filters, in Chromium', () => {
  it('opens from the keyboard, filters as the user types, picks with Enter and closes with Escape', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'quick-pick.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    const button = quickPick(page, 'Tool');
    const list = page.getByRole('listbox', { name: 'Tool', exact: true });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await button.innerText()).toBe('all');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // ↓ on the button opens the list on the current choice, the focus in its filter box.
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await list.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await focused()).toBe('Filter Tool');
    const options = list.getByRole('option');
    const all = await options.allInnerTexts();
    expect(all[0]).toBe('all');
    expect(all.length).toBeGreaterThan(2);
    expect(await list.locator('[aria-selected="true"]').innerText()).toBe('all');

    // Typing filters; ↑/↓ move; Enter picks, closes, and gives the focus back to the button.
    const typed = (await options.nth(2).getAttribute('data-value'))!.slice(0, 7);
    await page.keyboard.type(typed);
    await expect.poll(async () => (await options.allInnerTexts()).length).toBeLessThan(all.length);
    expect((await options.allInnerTexts()).every((t) => t.includes(typed))).toBe(true);
    for (const _ of typed) await page.keyboard.press('Backspace');
    await expect.poll(() => options.count()).toBe(all.length);
    await page.keyboard.press('ArrowDown');
    const second = await list.locator('[aria-selected="true"]').getAttribute('data-value');
    expect(second).not.toBe('');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await pickedValue(page, 'Tool')).toBe(second);
    expect(await focused()).toBe('Tool');
    await page
      .getByTestId('list-count')
      .getByText(/^1 trajectory$/)
      .waitFor();

    // Escape closes without a change, the focus back on the button; nothing matching says so.
    await page.keyboard.press('Enter');
    await list.waitFor();
    await page.keyboard.type('zzz');
    await list.getByText('Nothing matches “zzz”.').waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await pickedValue(page, 'Tool')).toBe(second);
    expect(await focused()).toBe('Tool');
    // A click elsewhere closes it too.
    await button.click();
    await list.waitFor();
    await page.getByLabel('Search turns').click();
    await list.waitFor({ state: 'detached' });
    await page.close();
  }, 90_000);
});
