import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinyModel } from '../test/helpers/models';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('Models workspace without a model, in Chromium', () => {
  it('puts the guide first: what works without a model, small models to download, where GGUFs come from, and the ones found in a folder', async () => {
    const model = tinyModel();
    const host = await e2e.startHost(path.join(tempDir(), 'guide.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    const guide = page.getByRole('region', { name: 'No model yet' });
    await guide.getByText('everything but generation works without one').waitFor();
    // The guide comes before the path field and the load settings it explains.
    const top = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!.y;
    expect(await top(guide)).toBeLessThan(await top(page.getByLabel('Model path')));
    expect(await top(guide)).toBeLessThan(await top(page.getByRole('group', { name: 'Load settings' })));
    // It names small models to download, with their Hugging Face repositories and sizes.
    const starters = guide.getByRole('table', { name: 'Small models to download' });
    expect(await starters.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/Model\s+Hugging Face repository\s+File\s+Size/),
      expect.stringMatching(
        /Qwen2\.5-0\.5B-Instruct Q4_K_M\s+Qwen\/Qwen2\.5-0\.5B-Instruct-GGUF\s+qwen2\.5-0\.5b-instruct-q4_k_m\.gguf\s+≈ 0\.5 GB/,
      ),
      expect.stringMatching(
        /Llama-3\.2-1B-Instruct Q4_K_M\s+bartowski\/Llama-3\.2-1B-Instruct-GGUF\s+Llama-3\.2-1B-Instruct-Q4_K_M\.gguf\s+≈ 0\.8 GB/,
      ),
      expect.stringMatching(
        /Qwen2\.5-1\.5B-Instruct Q4_K_M\s+Qwen\/Qwen2\.5-1\.5B-Instruct-GGUF\s+qwen2\.5-1\.5b-instruct-q4_k_m\.gguf\s+≈ 1\.1 GB/,
      ),
    ]);
    const text = await guide.textContent();
    for (const words of [
      'Only generation needs a model',
      'deterministic planner',
      'mock runtimes',
      'check and debug trajectories',
      'build and export datasets',
      '~/.lmstudio/models',
      '~/.cache/lm-studio/models',
      '~/.ollama/models/blobs',
      '~/jan/models',
      '~/.cache/huggingface/hub',
      'On this machine',
    ])
      expect(text).toContain(words);

    // The models on this machine are in the side bar, each one click from the path field.
    const onMachine = page.getByRole('region', { name: 'Models on this machine' });
    await onMachine.getByLabel('Models folder').fill(path.dirname(model));
    await onMachine.getByRole('button', { name: 'Look there' }).click();
    const found = onMachine
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
