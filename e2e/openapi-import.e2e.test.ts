import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { runCommand } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();
const SPEC = fs.readFileSync(
  path.join(__dirname, '..', 'test', 'fixtures', 'tools', 'oncall-openapi-3.1.yaml'),
  'utf8',
);

describe('an API description imported in Chromium', () => {
  it('adds the operations chosen by tag, and sets the secret their runtime sends on this machine only', async () => {
    const workspace = path.join(tempDir(), 'openapi.trellis');
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.locator('.react-flow__node').first().waitFor();

    await runCommand(page, 'import tools');
    const dialog = page.getByRole('dialog', { name: 'Import tools' });
    await pickOption(page, 'Format', 'openapi', dialog);
    await dialog.getByLabel('Tools text').fill(SPEC);
    await dialog.getByRole('button', { name: 'Read tools' }).click();
    await dialog.getByText('Operations to add: 5 of 5').waitFor();
    await dialog.getByLabel('Tag status').uncheck();
    await dialog.getByText('Operations to add: 3 of 5').waitFor();
    expect(await dialog.getByLabel('Operation get_status', { exact: true }).isChecked()).toBe(false);
    // One operation back by hand: its tag is then partly chosen.
    await dialog.getByLabel('Operation get_status_history').check();
    expect(await dialog.getByLabel('Tag status').evaluate((e: HTMLInputElement) => e.indeterminate)).toBe(true);
    await dialog.getByRole('button', { name: 'Add 4 tools' }).click();
    await page.getByTestId('tool-get_deploy_history').waitFor();
    await page.getByTestId('tool-get_status_history').waitFor();
    expect(await page.getByTestId('tool-get_status').count()).toBe(0);

    // The added tools arrive selected: one of them alone is inspected after a click on the empty canvas.
    await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });
    await page.locator('.react-flow__node[data-id="get_deploy_history"] .tool-name').click();
    const inspector = page.getByRole('complementary', { name: 'Tool inspector' });
    await inspector
      .getByText(/Arguments go where the API description places them \(1 in the path, 3 in the query/)
      .waitFor();
    const secrets = inspector.getByRole('group', { name: 'Secrets' });
    await secrets.getByText(/on-call-ops-api\/apiKey \(the header X-Ops-Key\) — not set/).waitFor();
    await secrets.getByLabel('Secret on-call-ops-api/apiKey').fill('ui-secret-4f2a');
    await secrets.getByRole('button', { name: 'Set' }).click();
    await secrets.getByText(/— set on this machine/).waitFor();
    expect(await secrets.getByLabel('Secret on-call-ops-api/apiKey').inputValue()).toBe('');
    await page.getByTestId('save-state').filter({ hasText: 'All changes saved' }).waitFor();
    // The page goes before its host: a page whose connection drops under it logs errors of its own.
    await page.close();
    await e2e.stopHost(host);
    for (const file of [workspace, `${workspace}-wal`].filter((f) => fs.existsSync(f)))
      expect(fs.readFileSync(file).includes('ui-secret-4f2a'), file).toBe(false);
    expect(fs.readFileSync(workspace).includes('on-call-ops-api/apiKey')).toBe(true);
  });
});
