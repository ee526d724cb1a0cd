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
  }, 60_000);
});
