import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('the menu bar in Chromium', () => {
  it('is worked from the keyboard: arrows move, Enter runs, Escape closes; a click elsewhere or a workspace switch closes it', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'menus.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    const bar = page.getByRole('navigation', { name: 'Main menu' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    const expanded = (name: string) => bar.getByRole('button', { name, exact: true }).getAttribute('aria-expanded');

    // Escape closes the open menu and gives the focus back to its name.
    await bar.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('menu', { name: 'Go' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await expanded('Go')).toBe('false');
    expect(await focused()).toBe('Go');

    // ↓ opens it at its first item, ↓ moves on, → opens the next menu, ← comes back.
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu', { name: 'Go' }).waitFor();
    await expect.poll(focused).toContain('Go to Graph');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toContain('Go to Plans & Runs');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('menu', { name: 'Help' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('menu', { name: 'Go' }).waitFor();
    await expect.poll(focused).toContain('Go to Graph');
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toContain('Go to Trajectories');
    // Enter runs the item and closes the menu.
    await page.keyboard.press('Enter');
    await page.locator('section.trajectories-workspace').waitFor();
    expect(await page.getByRole('menu').count()).toBe(0);

    // A click elsewhere closes it; so does switching workspace with a key.
    await bar.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('menu', { name: 'Run' }).waitFor();
    await page.locator('.statusbar').first().click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await bar.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('menu', { name: 'Run' }).waitFor();
    await page.keyboard.press('Control+1');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    expect(await expanded('Run')).toBe('false');
    await page.close();
  }, 120_000);
});
