import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startHostProcess, type HostProcess } from './host-process';

/** One Chromium per test file and web hosts that are stopped after each test, pass or fail. */
export function useBrowserAndHosts() {
  let browser: Browser | null = null;
  const hosts: HostProcess[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.stop();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser(): Browser {
      return browser!;
    },
    async startHost(workspace: string): Promise<HostProcess> {
      const host = await startHostProcess(workspace);
      hosts.push(host);
      return host;
    },
    /** Stops a host before the test ends (a restart), so afterEach does not stop it twice. */
    async stopHost(host: HostProcess): Promise<number | null> {
      hosts.splice(hosts.indexOf(host), 1);
      return host.stop();
    },
  };
}
