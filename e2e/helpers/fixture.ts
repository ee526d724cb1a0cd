import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { watchPageErrors, type PageErrorWatch } from './page-errors';
import { startHostProcess, type HostOptions, type HostProcess } from './host-process';

export interface NewPageOptions extends BrowserContextOptions {
  /**
   * Errors this test provokes on purpose (a request the host refuses, a socket it closes), each
   * matched against the error's text. Keep them narrow: anything else still fails the test.
   */
  allowErrors?: RegExp[];
}

/**
 * One Chromium per test file; pages that fail their test on any uncaught page error or console
 * error; web hosts that are stopped after each test, pass or fail.
 */
export function useBrowserAndHosts() {
  let browser: Browser | null = null;
  const hosts: HostProcess[] = [];
  const watches: PageErrorWatch[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    // Read the errors before closing: a page that unloads mid-request can log one more.
    const errors = watches.flatMap((watch) => watch.unexpected());
    for (const watch of watches.splice(0)) await watch.page.context().close();
    for (const host of hosts.splice(0)) await host.stop();
    if (errors.length > 0) {
      throw new Error(`The page logged ${errors.length} error(s):\n${errors.map((e) => `  - ${e}`).join('\n')}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A page in a context of its own, watched for page and console errors until the test ends. */
    async newPage({ allowErrors = [], ...options }: NewPageOptions = {}): Promise<Page> {
      const context = await browser!.newContext(options);
      const page = await context.newPage();
      watches.push(watchPageErrors(page, allowErrors));
      return page;
    },
    async startHost(workspace: string, options?: HostOptions): Promise<HostProcess> {
      const host = await startHostProcess(workspace, options);
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
