import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nativeBuildsDir } from '../backend/llm/native-build';
import { NATIVE_CALL_ADDON, buildNativeCall, nativeCallUnbuildable } from '../backend/llm/native-call-builder';
import { unpackLlamaSource } from '../backend/llm/node-llama-cpp-builder';
import { tinyModel } from '../test/helpers/models';
import { prebuiltBindingFolder, recordNativeBuild } from '../test/helpers/native-binding';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const prebuilt = prebuiltBindingFolder();
const io = () => ({ onLine: () => undefined, onProgress: () => undefined, signal: new AbortController().signal });

/** Models, with the tiny model loaded on one thread. */
async function loadInModels(home: string, env: NodeJS.ProcessEnv = {}) {
  const host = await e2e.startHost(path.join(tempDir(), 'native.trellis'), { env: { TRELLIS_HOME: home, ...env } });
  const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+5');
  await page.getByLabel('Model path').fill(tinyModel());
  await page.getByLabel('Threads').fill('1');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.getByTestId('loaded-model').waitFor({ timeout: 60_000 });
  return page;
}

// Real builds from the llama.cpp source node-llama-cpp ships: skipped only where none can be made.
describe.skipIf(!prebuilt || nativeCallUnbuildable('cpu') !== null)(
  'the llama.cpp binding in Models (Chromium)',
  () => {
    it('the automatic build starts on the first load, shows its progress, and a Cancel is kept across a reload', async () => {
      const home = tempDir();
      const page = await loadInModels(home, { TRELLIS_NATIVE_BUILD: '' });
      const auto = page.getByTestId('auto-build');
      await auto.waitFor({ timeout: 60_000 });
      expect(await auto.textContent()).toMatch(
        /Building llama\.cpp for this machine \(started when a model was loaded\)/,
      );
      // The build's step shows under the bar: the cmake command, one line however long, Cancel in view.
      await expect.poll(async () => (await auto.textContent()) ?? '', { timeout: 120_000 }).toMatch(/\$ cmake/);
      const panel = (await page.getByRole('region', { name: 'llama.cpp binding' }).boundingBox())!;
      const cancel = auto.getByRole('button', { name: 'Cancel' });
      const button = (await cancel.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
      await cancel.click();
      await auto.waitFor({ state: 'detached', timeout: 60_000 });
      const why = page.getByTestId('binary-why');
      await expect.poll(async () => (await why.textContent()) ?? '').toMatch(/automatic native build was cancelled/);
      expect(fs.existsSync(path.join(nativeBuildsDir(home), 'native-build.json'))).toBe(false);
      await page.reload();
      await page.keyboard.press('Control+5');
      await expect
        .poll(async () => (await page.getByTestId('binary-why').textContent()) ?? '', { timeout: 30_000 })
        .toMatch(/cancelled.*not started again by itself/);
    }, 300_000);

    describe('a native build with the native generation call', () => {
      let home: string;
      beforeAll(async () => {
        home = tempDir();
        const folder = path.join(home, 'llama', 'built');
        fs.cpSync(prebuilt!, folder, { recursive: true });
        await buildNativeCall({ folder, backend: 'cpu', llamaDir: await unpackLlamaSource(io()), jobs: 2 }, io());
        recordNativeBuild(nativeBuildsDir(home), folder, { nativeCall: NATIVE_CALL_ADDON });
      }, 600_000);

      it('Models says it runs with the call, and a reply is generated through it', async () => {
        const page = await loadInModels(home);
        const binding = page.getByTestId('llama-binary');
        await binding.waitFor();
        expect(await binding.textContent()).toMatch(
          /RunsNative build for this machine, with the native generation call/,
        );
        expect(await page.getByTestId('binary-why').textContent()).toMatch(
          /Its addon has the native generation call: tokens are decoded and sampled several per call/,
        );
        await page.getByLabel('Prompt').fill('Plan a trip');
        await page.getByLabel('Max tokens').fill('24');
        await page.getByRole('button', { name: 'Generate', exact: true }).click();
        await expect
          .poll(async () => (await page.getByTestId('playground-output').textContent())?.length ?? 0, {
            timeout: 60_000,
          })
          .toBeGreaterThan(0);
      }, 300_000);
    });
  },
);
