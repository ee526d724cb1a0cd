import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { openSmartHomeGraph, workspaceFromSmartHomeLogs } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

async function runCommand(page: Page, label: string) {
  await page.keyboard.press('Control+K');
  await page.getByLabel('Search commands').fill(label);
  await page.keyboard.press('Enter');
}

describe('the inferred returns dialog in Chromium', () => {
  // The fixture fails the test on any error the page logs: moving between proposals quickly
  // once made Monaco's diff throw when a diff of the last pair landed on the next.
  it('moves between proposals quickly without an error and shows each pair', async () => {
    const workspace = workspaceFromSmartHomeLogs('returns-diff', 'Smart home');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    await openSmartHomeGraph(page, host.url, 'Smart home');
    await runCommand(page, 'infer result schemas');
    const proposals = page.getByRole('dialog', { name: 'Inferred result schemas' });
    const list = proposals.getByRole('list', { name: 'Tools with a proposal' });
    await list.getByRole('button').first().waitFor();
    const tools = await list.getByRole('button').allTextContents();
    for (let round = 0; round < 15; round++) {
      for (const button of await list.getByRole('button').all()) await button.click();
    }
    for (const label of tools) {
      const tool = label.split(' ')[0];
      await list.getByRole('button', { name: label }).click();
      const shown = proposals.getByRole('region', { name: `Proposal for ${tool}` });
      await shown.waitFor();
      await shown.locator('.modified .view-lines').getByText('"type"').first().waitFor();
    }
    await page.waitForTimeout(1000);
    await page.close();
  }, 120_000);
});
