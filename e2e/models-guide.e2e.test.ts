import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinyModel } from '../test/helpers/models';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('Models workspace without a model, in Chromium', () => {
  it('says what works without one and where GGUFs come from, and offers the ones found in a folder', async () => {
    const model = tinyModel();
    const host = await e2e.startHost(path.join(tempDir(), 'guide.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    const guide = page.getByRole('region', { name: 'No model yet' });
    await guide.getByText('most of Trellis works without one').waitFor();
    const text = await guide.textContent();
    for (const words of [
      'deterministic planner',
      'mock runtimes',
      'check and debug trajectories',
      'build and export datasets',
      '~/.lmstudio/models',
      '~/.cache/lm-studio/models',
      '~/.ollama/models/blobs',
      '~/jan/models',
      '~/.cache/huggingface/hub',
    ])
      expect(text).toContain(words);

    await guide.getByLabel('Models folder').fill(path.dirname(model));
    await guide.getByRole('button', { name: 'Look there' }).click();
    const found = guide
      .getByRole('list', { name: 'Models found on disk' })
      .getByRole('listitem')
      .filter({ hasText: 'tiny.gguf' });
    await found.waitFor();
    expect(await found.textContent()).toMatch(/your folder · \d+ MiB · fits in free RAM/);
    await found.getByRole('button', { name: 'Use' }).click();
    expect(await page.getByLabel('Model path').inputValue()).toBe(model);
    await page.getByRole('button', { name: 'Inspect' }).click();
    await page.getByLabel('Model details').getByText('llama').waitFor();
    await page.close();
  }, 90_000);
});
