import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../test/helpers/openai-server';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

/** An address on this machine where nothing listens (a port just freed). */
async function freeAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}

describe('Use this server in Chromium', () => {
  it('checks the server before using it: an unreachable one is refused with the reason, a live one is taken', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'remote-check.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');

    const dead = await freeAddress();
    await page.getByLabel('Server URL').fill(dead);
    await page.getByLabel('Server model').fill('words');
    await page.getByRole('button', { name: 'Use this server' }).click();
    await page
      .getByRole('alert')
      .getByText(`Not used: Cannot reach the server at ${dead}: nothing is listening at that address and port`)
      .waitFor();
    expect(await page.getByTestId('remote-model').count()).toBe(0);

    const { baseUrl } = await startOpenAIServer();
    await page.getByLabel('Server URL').fill(baseUrl);
    await page.getByRole('button', { name: 'Use this server' }).click();
    await page.getByTestId('remote-model').getByText(`Server ${baseUrl}, model words`).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  });
});
