import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinyModel } from '../test/helpers/models';
import { tempDir } from '../test/helpers/temp';
import { runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('Models workspace state in Chromium', () => {
  it('keeps a typed model path, load settings and server across a workspace switch and a reload; its commands run its buttons', async () => {
    const model = tinyModel();
    const host = await e2e.startHost(path.join(tempDir(), 'models-state.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    await page.getByLabel('Model path').fill(model);
    // The settings come once the status is in: this machine's defaults, then what is typed.
    await page.getByLabel('Threads').fill('3');
    await page.getByLabel('Server model').fill('typed-model');

    const typed = async () => ({
      path: await page.getByLabel('Model path').inputValue(),
      threads: await page.getByLabel('Threads').inputValue(),
      server: await page.getByLabel('Server model').inputValue(),
    });
    const expected = { path: model, threads: '3', server: 'typed-model' };

    await page.keyboard.press('Control+1');
    await page.getByRole('region', { name: 'Canvas' }).waitFor();
    await page.keyboard.press('Control+5');
    await page.getByLabel('Model path').waitFor();
    expect(await typed()).toEqual(expected);

    // A reload opens Models again, with what was typed there.
    await page.reload();
    await page.getByLabel('Model path').waitFor();
    await expect.poll(typed).toEqual(expected);

    // The palette's Inspect runs the panel's Inspect, on the path typed.
    await runCommand(page, 'Inspect Model File');
    await page.getByLabel('Model details').getByText('llama').waitFor({ timeout: 60_000 });
    await page.close();
  }, 180_000);
});
