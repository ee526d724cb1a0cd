import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { watchPageErrors } from './helpers/page-errors';

/** Path of Electron's binary, or why there is none (it is downloaded on first start, not by npm here). */
function electronBinary(): { path: string } | { missing: string } {
  try {
    // The electron package exports the binary's path, and throws when the download never happened.
    const binary = createRequire(__filename)('electron') as string;
    return fs.existsSync(binary) ? { path: binary } : { missing: `Electron's binary is not at ${binary}` };
  } catch (error) {
    return { missing: `Electron's binary is not installed (${(error as Error).message.split('\n')[0]!})` };
  }
}

const found = electronBinary();
if ('missing' in found) {
  console.info(
    `Electron smoke test skipped: ${found.missing}. Run "node node_modules/electron/install.js" where GitHub is reachable to enable it.`,
  );
}

describe.skipIf('missing' in found)('Electron shell', () => {
  it('opens a window whose page has the preload API and no Node', async () => {
    const app = await electron.launch({
      executablePath: (found as { path: string }).path,
      args: [path.join(__dirname, '..')],
      env: { ...process.env, TRELLIS_WORKSPACE: path.join(tempDir(), 'electron.trellis') },
    });
    try {
      const page = await app.firstWindow();
      const errors = watchPageErrors(page);
      await page.getByRole('button', { name: /Trip planning/ }).waitFor();
      expect(page.url()).toBe('trellis://app/index.html');
      const globals = await page.evaluate(() => ({
        trellis: typeof (window as unknown as { trellis?: { invoke?: unknown; on?: unknown } }).trellis?.invoke,
        on: typeof (window as unknown as { trellis?: { on?: unknown } }).trellis?.on,
        require: typeof (window as unknown as { require?: unknown }).require,
        process: typeof (window as unknown as { process?: unknown }).process,
      }));
      expect(globals).toEqual({ trellis: 'function', on: 'function', require: 'undefined', process: 'undefined' });
      expect(errors.unexpected()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
