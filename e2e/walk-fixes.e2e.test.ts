import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();
const SHAREGPT = path.join(__dirname, '..', 'test', 'fixtures', 'trajectories', 'sharegpt.jsonl');

/** The example workspace with each of its trajectories labelled `status`. */
async function labelledWorkspace(name: string, status: 'needs-fix' | 'rejected'): Promise<string> {
  const workspace = path.join(tempDir(), `${name}.trellis`);
  const { createBackend } = await import('../backend/backend');
  const backend = createBackend({ workspace, host: 'cli', seed: true });
  // Records from a file with a long name: their source fills the row's line.
  const logs = path.join(tempDir(), 'customer-support-agent-production-logs-2026-11-30.jsonl');
  fs.copyFileSync(SHAREGPT, logs);
  try {
    await backend.registry.invoke('trajectories.import', { path: logs, mode: 'strict' });
    await backend.registry.invoke('trajectories.checkAll', {});
    for (const t of (await backend.registry.invoke('trajectories.list', {})).items)
      await backend.registry.invoke('labels.set', { trajectoryId: t.id, status, rating: null, tags: [], note: '' });
  } finally {
    backend.close();
  }
  return workspace;
}

describe('what a new user found walking the app, in Chromium', () => {
  it('refuses an import into a new graph without a name, and imports once it has one', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'blank-graph.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').fill(SHAREGPT);
    await page.getByLabel('Declared tools').selectOption('new');
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByText('Name the new graph to import into it.').waitFor();
    await page.getByLabel('New graph name').fill('   ');
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByLabel('New graph name').fill('Weather');
    expect(await importButton.isDisabled()).toBe(false);
    // Every state of the counts while the import lands: the selection summary never shows its old
    // counts as current once the list has the new ones (it is busy from the change's push on).
    await page.evaluate(() => {
      const w = window as unknown as { counts: { list: string; summary: string; busy: string }[] };
      const read = () => ({
        list: document.querySelector('[data-testid="list-count"]')?.textContent ?? '',
        summary: document.querySelector('[data-testid="selection-summary"] summary')?.textContent ?? '',
        busy: document.querySelector('[data-testid="selection-summary"]')?.getAttribute('aria-busy') ?? '',
      });
      w.counts = [read()];
      new MutationObserver(() => w.counts.push(read())).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['aria-busy'],
      });
    });
    await importButton.click();
    await page
      .getByTestId('import-report')
      .getByText(/Tools added to graph "Weather": get_weather/)
      .waitFor();
    // Settled: the list has the imported records, the summary counts what the list counts, and is not counting again.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const { counts } = window as unknown as { counts: { list: string; summary: string; busy: string }[] };
          return { ...counts.at(-1)!, first: counts[0]!.list };
        }),
      )
      .toSatisfy(
        (c) =>
          c.list !== c.first &&
          c.busy === 'false' &&
          c.list !== '' &&
          c.summary.startsWith(/^[\d,]+ trajector(y|ies)/.exec(c.list)?.[0] ?? '-'),
      );
    const counts = await page.evaluate(
      () => (window as unknown as { counts: { list: string; summary: string; busy: string }[] }).counts,
    );
    const [before] = counts;
    expect(
      counts.filter((c) => c.list !== before!.list && c.summary === before!.summary && c.busy === 'false'),
    ).toEqual([]);
    // The second record calls two tools no record declares: named, not dropped without a word.
    expect(await page.getByTestId('import-report').textContent()).toContain(
      'Called but declared by no record and not in the graph, so not added: search_flights (1 call), search_hotels (1 call)',
    );
    // The graph exists now: the form imports into it next, rather than asking for "Weather" again.
    await expect
      .poll(() => page.getByLabel('Declared tools').locator('option:checked').innerText())
      .toBe('into Weather');
    expect(await page.getByLabel('New graph name').count()).toBe(0);
    await importButton.click();
    await page
      .getByTestId('import-report')
      .getByText(/Imported 0 trajectories.*; [1-9]\d* already present/)
      .waitFor();
    // Another workspace and back: the drawer is still open on the last report.
    await page.keyboard.press('Control+1');
    await page.getByTestId('import-report').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+3');
    await page
      .getByTestId('import-report')
      .getByText(/Imported 0 trajectories.*; [1-9]\d* already present/)
      .waitFor();
    await page.close();
  }, 60_000);

  it('imports trajectories from the palette in any workspace: the import drawer opens at its file field', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'palette-import.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+K');
    await page.getByLabel('Search commands').fill('import traj');
    await page.getByRole('dialog').getByText('Import Trajectories…').waitFor();
    await page.getByLabel('Search commands').press('Enter');
    await page.getByRole('region', { name: 'Import trajectories' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Trajectory file');
    await page.keyboard.insertText(SHAREGPT);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-report').waitFor();
    // Asked again with the drawer open: the field is focused again, its text kept.
    await page.getByRole('button', { name: 'Import', exact: true }).focus();
    await page.keyboard.press('Control+K');
    await page.getByLabel('Search commands').fill('import traj');
    await page.getByLabel('Search commands').press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Trajectory file');
    expect(await page.getByLabel('Trajectory file').inputValue()).toBe(SHAREGPT);
    await page.close();
  });

  it('keeps a review label on its row’s one line, whole, in a narrow list', async () => {
    const host = await e2e.startHost(await labelledWorkspace('labels', 'needs-fix'));
    const page = await e2e.newPage({ viewport: { width: 1000, height: 800 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    const rows = page.getByRole('listbox', { name: 'Trajectory list' }).getByRole('option');
    await rows.first().locator('.label').waitFor();
    for (const width of [1000, 700]) {
      await page.setViewportSize({ width, height: 800 });
      const fits = await rows.evaluateAll((options) =>
        options.map((row) => {
          const label = row.querySelector<HTMLElement>('.label')!;
          const box = label.getBoundingClientRect();
          const frame = row.getBoundingClientRect();
          const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
          return {
            text: label.textContent,
            oneLine: box.height <= lineHeight * 1.5,
            inside: box.left >= frame.left && box.right <= frame.right && box.bottom <= frame.bottom,
            whole: label.scrollWidth <= label.clientWidth + 1,
          };
        }),
      );
      expect(fits.length).toBeGreaterThan(0);
      for (const fit of fits) expect(fit).toEqual({ text: 'needs-fix', oneLine: true, inside: true, whole: true });
    }
    await page.close();
  }, 60_000);

  it('names a run once in its inspector header, and counts its one turn in the singular', async () => {
    const workspace = path.join(tempDir(), 'run-header.trellis');
    const { createBackend } = await import('../backend/backend');
    const backend = createBackend({ workspace, host: 'cli', seed: true });
    try {
      backend.store.trajectories.insert({
        kind: 'run',
        title: 'A run of one turn',
        source: 'run',
        graphId: null,
        planId: null,
        forkOf: null,
        turns: [{ role: 'user', content: 'A run of one turn' }],
      });
    } finally {
      backend.close();
    }
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByRole('option', { name: /A run of one turn/ }).click();
    const header = page.getByRole('region', { name: 'Trajectory inspector' }).locator('.inspector-header p').first();
    await header.waitFor();
    expect(await header.innerText()).toMatch(/^run · 1 turn · no tool graph/);
    await page.close();
  }, 60_000);
});
