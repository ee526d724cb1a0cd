import type { Page } from 'playwright-core';

export interface PageErrorWatch {
  page: Page;
  /** Every uncaught error and console error so far that no allow-list entry matches. */
  unexpected(): string[];
}

/** Collects a page's uncaught errors and console messages of type error from now on. */
export function watchPageErrors(page: Page, allow: RegExp[] = []): PageErrorWatch {
  const seen: string[] = [];
  page.on('pageerror', (error) =>
    seen.push(`uncaught ${(error.stack ?? error.message).split('\n').slice(0, 4).join('\n    ')}`),
  );
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    seen.push(`console.error ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  return {
    page,
    unexpected: () => seen.filter((text) => !allow.some((pattern) => pattern.test(text))),
  };
}
