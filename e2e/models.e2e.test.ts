import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinyModel } from '../test/helpers/models';
import { startOpenAIServer } from '../test/helpers/openai-server';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('Models workspace in Chromium', () => {
  it('inspects a GGUF, loads it in the helper, streams a reply with live figures, and remembers it', async () => {
    const model = tinyModel();
    const workspace = path.join(tempDir(), 'models.trellis');
    let host = await e2e.startHost(workspace);
    let page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    await page.getByLabel('Model path').fill(model);
    await page.getByRole('button', { name: 'Inspect' }).click();
    const details = page.getByLabel('Model details');
    await details.getByText('llama').waitFor();
    expect(await details.textContent()).toMatch(/Chat templateyes/);
    // The default context is longer than this model was trained on: said, with its length offered.
    const trained = /Trained context([\d,]+)/.exec((await details.textContent()) ?? '')![1]!.replace(',', '');
    const hint = page.getByRole('note').filter({ hasText: 'trained context' });
    await hint.getByRole('button', { name: `Use ${Number(trained).toLocaleString('en-US')}` }).click();
    expect(await page.getByLabel('Context size').inputValue()).toBe(trained);
    expect(await hint.count()).toBe(0);

    await page.getByLabel('Threads').fill('1');
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await page.getByTestId('loaded-model').waitFor();
    expect(await page.getByTestId('loaded-model').textContent()).toMatch(
      /llama, CPU, context \d+ per sequence, \d+ sequences?, 1 thread(?:, kept on core \d+|, decoding on core \d+, the rest on cores? \d+(?:, \d+)*)?, weights read into memory(?: on huge pages)? — helper RAM [\d.]+ (?:GiB|MiB)/,
    );
    // Which llama.cpp binding runs, and the offer to build one for this machine.
    const binding = page.getByTestId('llama-binary');
    await binding.waitFor();
    expect(await binding.textContent()).toMatch(/RunsPrebuilt portable bindingBackendCPU only/);
    await page.getByRole('button', { name: 'Build for this machine' }).waitFor();
    // And why: no native build here, and the automatic one is off in tests (vitest.config.mts).
    const why = page.getByTestId('binary-why');
    await why.waitFor();
    expect(await why.textContent()).toMatch(/^The prebuilt binding runs.*TRELLIS_NATIVE_BUILD=off/);

    await page.getByLabel('Prompt').fill('Plan a trip');
    await page.getByLabel('Max tokens').fill('32'); // enough for live figures, quick on a busy machine
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect
      .poll(async () => (await page.getByTestId('playground-output').textContent())?.length ?? 0)
      .toBeGreaterThan(0);
    await page
      .getByRole('button', { name: 'Generate', exact: true })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('playground-stats').textContent()).toMatch(
      /\d+ tokens · first token \d+ ms · [\d.]+ tokens\/s · prompt \d+ tokens/,
    );
    // Ctrl+Enter generates with the settings given; a reply cut at the limit says so.
    await page.getByLabel('Max tokens').fill('3');
    await page.getByLabel('Prompt').press('Control+Enter');
    await expect
      .poll(() => page.getByTestId('playground-stats').textContent(), { timeout: 60_000 })
      .toMatch(/^3 tokens · .* · reached the 3-token limit$/);

    // A file that is not a model gets an explanation, not a crash.
    await page.getByLabel('Model path').fill(workspace);
    await page.getByLabel('Model path').press('Enter'); // Enter inspects, as the button does
    expect(await page.getByRole('alert').textContent()).toContain('is not a GGUF model file');
    // Loading a folder is refused with what to do; the model in use stays in use.
    await page.getByLabel('Model path').fill(path.dirname(workspace));
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('is a folder');
    expect(await page.getByRole('alert').count()).toBe(1);
    // Another path: what was said of the last one goes.
    await page.getByLabel('Model path').fill(model);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    // As the backend has it: a reload reopens Models, which reads what is loaded afresh.
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'In use' }).textContent()).toContain(model);
    // What was typed in the playground is there too.
    expect(await page.getByLabel('Prompt').inputValue()).toBe('Plan a trip');
    expect(await page.getByLabel('Max tokens').inputValue()).toBe('3');
    await page.close();
    await e2e.stopHost(host);

    // The last model and its settings come back after a restart.
    host = await e2e.startHost(workspace);
    page = await e2e.newPage();
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    await expect.poll(() => page.getByLabel('Model path').inputValue()).toBe(model);
    expect(await page.getByLabel('Threads').inputValue()).toBe('1');
    await page.close();
  }, 240_000);

  it('generates through a remote OpenAI-compatible server chosen in the UI', async () => {
    const { baseUrl } = await startOpenAIServer();
    const host = await e2e.startHost(path.join(tempDir(), 'remote.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    await page.getByLabel('Server URL').fill(baseUrl);
    await page.getByLabel('Server model').fill('words');
    await page.getByLabel('API key').fill('sk-e2e');
    await page.getByLabel('Requests at once').fill('6');
    await page.getByRole('button', { name: 'Use this server' }).click();
    await page.getByText('kept for this session only').waitFor();
    expect(await page.getByTestId('remote-model').textContent()).toBe(
      `Server ${baseUrl}, model words, 6 requests at once`,
    );
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => page.getByTestId('playground-output').textContent()).toBe('one two three');
    await page.close();
  });
});
