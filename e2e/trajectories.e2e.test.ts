import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const FIXTURE = path.join(__dirname, '..', 'test', 'fixtures', 'trajectories', 'sharegpt.jsonl');

describe('Trajectories workspace in Chromium', () => {
  it('imports a JSONL file, lists the new trajectories, and explains a refused file', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'traj.trellis'));
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByLabel('Trajectory file').fill(FIXTURE);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByTestId('import-report')
      .getByText(/Imported 2 trajectories \(sharegpt\)/)
      .waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(4);

    const bad = path.join(tempDir(), 'bad.jsonl');
    fs.writeFileSync(bad, `${fs.readFileSync(FIXTURE, 'utf8')}{broken\n`);
    await page.getByLabel('Trajectory file').fill(bad);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await report.getByText(/Nothing was imported: 1 bad records/).waitFor();
    expect(await report.locator('li').first().textContent()).toMatch(/^line 3 \(byte \d+\): not valid JSON/);
    expect(await page.locator('tbody tr').count()).toBe(4);

    await page.getByRole('button', { name: 'Run checks' }).click();
    await page
      .getByTestId('check-summary')
      .getByText(/Checked 4 trajectories; \d+ with findings: .*no-final-answer/)
      .waitFor();
    await page.close();
  });
});
