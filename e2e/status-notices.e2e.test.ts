import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('the status bar shows the open workspace’s messages only', () => {
  it('drops a graph message on leaving the Graph workspace and does not bring it back', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'notices.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.getByTestId('tool-geocode_city').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    const status = page.locator('.statusbar [role="status"]');
    await status.getByText(/^Copied 13 tools/).waitFor();

    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').waitFor();
    expect(await status.innerText()).toBe('');
    await page.keyboard.press('Control+5');
    expect(await status.innerText()).toBe('');
    await page.keyboard.press('Control+1');
    await page.getByTestId('tool-geocode_city').waitFor();
    expect(await status.innerText()).toBe('');
    await page.close();
  });

  it('cuts a long message short instead of widening the window, and keeps all of it in its tooltip', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'long-notice.trellis'));
    const page = await e2e.newPage({ viewport: { width: 900, height: 800 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    // As long as a graph name may be (up to 120 characters), in a narrow window.
    const long = `Trip planning ${'with a very long name '.repeat(4)}`.trim();
    await page.keyboard.press('Control+K');
    await page.getByLabel('Search commands').fill('rename graph');
    await page.keyboard.press('Enter');
    const nameInput = page.getByRole('dialog', { name: 'Rename graph' }).getByRole('textbox');
    await expect.poll(() => nameInput.inputValue()).toBe('Trip planning');
    await nameInput.fill(long);
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: /with a very long name/ })
      .first()
      .waitFor();
    await page.getByTestId('tool-geocode_city').click();
    await page.keyboard.press('Control+K');
    await page.getByLabel('Search commands').fill('Export as OpenAI Tools');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    await download;
    const status = page.locator('.statusbar [role="status"]');
    await status.getByText(/^Exported 13 tools of/).waitFor();
    expect(await status.getAttribute('title')).toBe(`Exported 13 tools of "${long}".`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
    const bar = (await page.locator('.statusbar').boundingBox())!;
    expect(bar.width).toBeLessThanOrEqual(900);
    await page.close();
  });
});
