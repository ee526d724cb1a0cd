import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { missingApiClasses } from '../shared/metrics/bfcl-multi-turn/checker';
import { multiTurnFixture } from '../test/helpers/bfcl-multi-turn-fixture';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';
import { reloadToGraph } from './helpers/app';
import { optionTexts, pickOption } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();
const FIXTURES = path.join(__dirname, '..', 'test', 'fixtures');
const SHAREGPT = path.join(FIXTURES, 'trajectories', 'sharegpt.jsonl');

/** The filters whose select is narrower than its longest option, so that its text is cut off. */
/** The filters whose button cuts the choice it shows (its text wider than the room for it). */
const cutFilters = (page: Page) =>
  page.locator('.filter-bar .quick-pick-button').evaluateAll((buttons: HTMLElement[]) =>
    buttons
      .filter((button) => {
        const text = button.querySelector<HTMLElement>('.quick-pick-value')!;
        return text.scrollWidth > text.clientWidth;
      })
      .map((button) => button.getAttribute('aria-label')),
  );

async function openTrajectories(workspace: string) {
  const host = await e2e.startHost(workspace);
  const page = await e2e.newPage({ viewport: { width: 1500, height: 950 }, acceptDownloads: true });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+3');
  await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
  return { host, page };
}

describe('Trajectories workspace in Chromium', () => {
  it('imports leniently past a bad line, shows the finding at its turn, and diffs a failure with a success', async () => {
    const { page } = await openTrajectories(path.join(tempDir(), 'traj.trellis'));
    const file = path.join(tempDir(), 'logs.jsonl');
    fs.writeFileSync(file, `${fs.readFileSync(SHAREGPT, 'utf8')}{broken\n`);

    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').fill(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await report.getByText(/Nothing was imported: 1 bad record\./).waitFor();
    await page.getByLabel('Skip bad records').check();
    await page.getByLabel('Declared tools').selectOption('new');
    await page.getByLabel('New graph name').fill('From logs');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await report
      .getByText(
        /Imported 2 trajectories \(ShareGPT, JSONL\).*1 rejected\..*Tools added to graph "From logs": get_weather/,
      )
      .waitFor();
    const rejected = report.locator('.rejected li').first();
    expect(await rejected.locator('span').textContent()).toMatch(/^line 3 \(byte \d+\): not valid JSON/);
    // The start of the bad line is shown under its reason.
    expect(await rejected.locator('.snippet').textContent()).not.toBe('');
    await page.getByTestId('list-count').getByText('4 trajectories').waitFor();

    await page.getByRole('button', { name: 'Run checks' }).click();
    await page
      .getByTestId('check-summary')
      .getByText(/Checked 4 trajectories/)
      .waitFor();
    // Findings and trajectories each with their unit: the summary counts both, the filter trajectories.
    expect(await page.getByTestId('check-summary').textContent()).toMatch(
      /^Checked 4 trajectories; \d+ findings in \d trajectories \(.*repeated-call: 1 finding in 1 trajectory/,
    );
    // The filter's counts come with the checks' change event, which may follow the summary.
    await expect
      .poll(async () => (await optionTexts(page, 'Finding'))['repeated-call'])
      .toBe('repeated-call (1 trajectory)');
    await pickOption(page, 'Finding', 'repeated-call');
    await page.getByTestId('list-count').getByText('1 trajectory').waitFor();
    // Every filter is as wide as its choice: "repeated-call (1 trajectory)" is not cut short.
    expect(await cutFilters(page)).toEqual([]);
    await page.getByRole('option', { name: /Kyoto hotel booking/ }).click();
    const inspector = page.getByRole('region', { name: 'Trajectory inspector' });
    await inspector
      .getByTestId('trajectory-findings')
      .getByText(/no-final-answer ×1/)
      .waitFor();
    expect(await page.getByLabel('Findings on turn 4').textContent()).toContain('repeated-call');
    expect(await page.getByLabel('Findings on turn 7').textContent()).toContain('no-final-answer');
    expect(await page.getByLabel('Findings on turn 2').textContent()).toMatch(/dependency-order|ungrounded/);
    await page.getByTestId('path-overlay').locator('.path-node.on-path').first().waitFor();

    await inspector.getByRole('button', { name: 'Compare with…' }).click();
    await page
      .getByRole('status')
      .getByText(/Pick another trajectory in the list to compare this one with/)
      .waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('option', { name: /Lisbon flight, booked/ }).click();
    const diff = page.getByRole('region', { name: 'Trajectory diff' });
    await diff
      .getByTestId('diff-summary')
      .getByText(/First divergence \(marked below\): turn #\d+/)
      .waitFor();
    expect(await diff.getByTestId('diff-summary').textContent()).toMatch(
      /Turns: \d+ same, \d+ changed, \d+ inserted, \d+ removed\./,
    );
    expect(await diff.getByTestId('first-divergence').count()).toBe(1);
    // Closing the diff leaves the workspace standing (it once blanked the whole app).
    await diff.getByRole('button', { name: 'Close diff' }).click();
    await inspector.getByRole('button', { name: 'Compare with…' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).count()).toBe(0);
    // The checks just ran over everything: a trajectory without findings is one they found nothing on.
    await page.getByRole('option', { name: /Lisbon flight, booked/ }).click();
    await inspector
      .getByTestId('trajectory-findings')
      .getByText('No findings: the checks found nothing on this trajectory.')
      .waitFor();

    await reloadToGraph(page);
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('4 trajectories').waitFor();
    // A new window has not seen the checks run, so it does not claim they did.
    await page.getByRole('option', { name: /Lisbon flight, booked/ }).click();
    await inspector
      .getByTestId('trajectory-findings')
      .getByText(/^No findings stored\. Run checks/)
      .waitFor();
    await page.close();
  });

  it('compares a record without a system message by content: one removed turn, then turn beside turn', async () => {
    const { page } = await openTrajectories(path.join(tempDir(), 'compare.trellis'));
    const file = path.join(tempDir(), 'thermostat.jsonl');
    const record = (system: boolean, celsius: number, user: string) =>
      JSON.stringify({
        messages: [
          ...(system ? [{ role: 'system', content: 'You control a smart home.' }] : []),
          { role: 'user', content: user },
          {
            role: 'assistant',
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'list_rooms', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: '{"rooms":[{"room_id":"r1","name":"bedroom"}]}' },
          {
            role: 'assistant',
            tool_calls: [
              {
                id: 'c2',
                type: 'function',
                function: { name: 'set_thermostat', arguments: JSON.stringify({ room_id: 'r1', celsius }) },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'c2', content: '{"ok":true}' },
          { role: 'assistant', content: 'Done.' },
        ],
      });
    fs.writeFileSync(
      file,
      `${record(true, 22, 'Set the bedroom to 22 degrees')}\n${record(false, 21, 'Make the bedroom 22 degrees')}\n`,
    );
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').fill(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('list-count').getByText('4 trajectories').waitFor();
    await page.getByRole('option', { name: /Set the bedroom to 22 degrees/ }).waitFor();
    // The list refreshes when the checks end: its rows stay on screen meanwhile (a click is never lost).
    // The page's own socket is watched for the list's requests and their answers.
    await page.evaluate(() => {
      const w = window as unknown as { blankRows: number; listAsked: number[]; listAnswered: number[] };
      Object.assign(w, { blankRows: 0, listAsked: [], listAnswered: [] });
      new MutationObserver(() => {
        const rows = [...document.querySelectorAll('[aria-label="Trajectory list"] [role="option"]')];
        if (rows.some((row) => row.textContent === 'Loading…')) w.blankRows++;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      const send = WebSocket.prototype.send;
      const watched = new WeakSet<WebSocket>();
      WebSocket.prototype.send = function (this: WebSocket, data) {
        if (!watched.has(this)) {
          watched.add(this);
          this.addEventListener('message', (e) => {
            const id = Number(/"id":(\d+)/.exec(String(e.data))?.[1]);
            if (w.listAsked.includes(id)) w.listAnswered.push(id);
          });
        }
        const asked = /"id":(\d+),"method":"trajectories\.list"/.exec(String(data));
        if (asked) w.listAsked.push(Number(asked[1]));
        send.call(this, data);
      };
    });
    // The checks run from the command palette as from their button.
    await page.keyboard.press('Control+K');
    await page.getByLabel('Search commands').fill('run checks');
    await page.getByRole('dialog').getByText('Run Checks on All Trajectories').waitFor();
    await page.getByLabel('Search commands').press('Enter');
    await page
      .getByTestId('check-summary')
      .getByText(/^Checked 4 trajectories/)
      .waitFor();
    const watch = () =>
      page.evaluate(() => {
        const w = window as unknown as { blankRows: number; listAsked: number[]; listAnswered: number[] };
        return { blankRows: w.blankRows, asked: w.listAsked.length, answered: w.listAnswered.length };
      });
    await expect.poll(async () => (await watch()).answered).toBeGreaterThan(0);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect((await watch()).blankRows).toBe(0);
    await page.getByRole('option', { name: /Set the bedroom to 22 degrees/ }).click();
    const inspector = page.getByRole('region', { name: 'Trajectory inspector' });
    await inspector.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByRole('option', { name: /Make the bedroom 22 degrees/ }).click();
    const diff = page.getByRole('region', { name: 'Trajectory diff' });
    const summary = diff.getByTestId('diff-summary');
    // The missing system message is one removed row; the first divergence is the user's different words.
    await summary
      .getByText(/First divergence \(marked below\): turn #1 on the left ↔ turn #0 on the right changed\./)
      .waitFor();
    expect(await summary.textContent()).toContain(
      'Turns: 4 same, 2 changed, 0 inserted, 0 removed. Only the left one has a system message: it is counted neither',
    );
    // Both call list_rooms then set_thermostat, the second with another celsius.
    expect(await summary.textContent()).toContain('tool names 100%, arguments 50% of 2 steps.');
    expect(await diff.getByLabel('Row 1: removed').locator('.gap').textContent()).toBe('Removed: only in the left one');
    expect(await diff.getByTestId('first-divergence').getAttribute('aria-label')).toBe('Row 2: changed');
    expect(await diff.getByLabel('Row 5: changed').getByLabel('Changes in row 5').textContent()).toContain(
      'toolCalls[0].args.celsius',
    );
    for (const row of [3, 4, 6, 7]) expect(await diff.getByLabel(`Row ${row}: same`).count()).toBe(1);
    await page.close();
  });

  it('keeps thousands of trajectories virtualized, searches them, and pages in the rest on scroll', async () => {
    const { page } = await openTrajectories(path.join(tempDir(), 'many.trellis'));
    const file = path.join(tempDir(), 'many.jsonl');
    const record = (n: number) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `Weather in city ${n}?` },
          { role: 'assistant', content: `Sunny in city ${n}.` },
        ],
      });
    fs.writeFileSync(file, Array.from({ length: 3000 }, (_, i) => record(i)).join('\n'));
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page.getByLabel('Trajectory file').fill(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('list-count').getByText('3,002 trajectories').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('listbox', { name: 'Trajectory list' }).getByRole('option').count()).toBeLessThan(80);

    const list = page.getByRole('listbox', { name: 'Trajectory list' });
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.getByRole('option', { name: /Weather in city 0\?/ }).waitFor();

    await page.getByLabel('Search turns').fill('city 2999');
    await page
      .getByTestId('list-count')
      .getByText(/^1 trajectory$/)
      .waitFor();
    await page.getByRole('option', { name: /Weather in city 2999\?/ }).click();
    await page.getByTestId('turn-1').getByText('Sunny in city 2999.').waitFor();
    await page.getByLabel('Search turns').fill('');
    await page.getByLabel('Most turns').fill('2');
    await page.getByTestId('list-count').getByText('3,000 trajectories').waitFor();
    await page.close();
  });

  it('scores WorfBench predictions, charts the distribution and exports the scores as CSV', async () => {
    const { page } = await openTrajectories(path.join(tempDir(), 'eval.trellis'));
    await page.getByRole('button', { name: 'Evaluate…' }).click();
    await page.getByLabel('Predictions').fill(path.join(FIXTURES, 'eval', 'worfbench-pred.jsonl'));
    await page.getByLabel('Gold workflows').fill(path.join(FIXTURES, 'eval', 'worfbench-gold.json'));
    await page.getByRole('button', { name: 'Score', exact: true }).click();
    const results = page.getByTestId('eval-results');
    await results.getByText(/Mean over 2 items: F1 chain 0\.6667, F1 graph 0\.6000/).waitFor();
    await results.getByText(/matched lexically/).waitFor();
    expect(
      await results.getByRole('img', { name: 'F1 chain distribution' }).locator('svg rect').count(),
    ).toBeGreaterThan(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      results.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('id,f1Chain,f1Graph,precisionChain,recallChain,matchedNodes');
    expect(csv[2]).toBe('trip_2,1,1,1,1,3');

    // Another workspace and back: the form and the scores are as they were; after a reload, the form.
    await page.keyboard.press('Control+1');
    await page.keyboard.press('Control+3');
    if (!(await page.getByTestId('eval-results').isVisible()))
      await page.getByRole('button', { name: 'Evaluate…' }).click();
    await results.getByText(/Mean over 2 items: F1 chain 0\.6667/).waitFor();
    expect(await page.getByLabel('Gold workflows').inputValue()).toBe(
      path.join(FIXTURES, 'eval', 'worfbench-gold.json'),
    );
    await page.reload();
    await page
      .getByRole('button', { name: 'Evaluate…' })
      .or(page.getByRole('button', { name: /Trip planning/ }))
      .first()
      .waitFor();
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    if (!(await page.getByLabel('Predictions').isVisible()))
      await page.getByRole('button', { name: 'Evaluate…' }).click();
    expect(await page.getByLabel('Predictions').inputValue()).toBe(path.join(FIXTURES, 'eval', 'worfbench-pred.jsonl'));
    await page.close();
  });

  it.skipIf(missingApiClasses(['GorillaFileSystem']).length > 0)(
    "scores BFCL multi-turn results and shows a failed entry's turns and the state that differed (needs GorillaFileSystem)",
    async () => {
      const { page } = await openTrajectories(path.join(tempDir(), 'multi-turn.trellis'));
      await page.getByRole('button', { name: 'Evaluate…' }).click();
      await page.getByLabel('Metric').selectOption('bfcl');
      await page.getByLabel('Predictions').fill(multiTurnFixture('pred'));
      await page.getByLabel('Possible answers').fill(multiTurnFixture('answers'));
      await page.getByLabel('Test entries').fill(multiTurnFixture('entries'));
      await page.getByRole('button', { name: 'Score', exact: true }).click();
      const results = page.getByTestId('eval-results');
      await results.getByText(/Accuracy .* over 130 entries \(multi_turn_base \d+\/104/).waitFor();
      // multi_turn_base_1 moves a file to a misnamed folder in its third turn: the leaderboard's state mismatch.
      const row = results.getByRole('row', { name: /^multi_turn_base_1 multi_turn_base/ });
      await row.getByText('multi_turn:instance_state_mismatch').waitFor();
      await row.getByRole('button', { name: 'Details of multi_turn_base_1' }).click();
      const details = results.getByTestId('multi-turn-details');
      await details.getByText(/^Failed at turn 2 \(turns count from 0/).waitFor();
      await details
        .getByRole('table', { name: 'State differences' })
        .getByText('GorillaFileSystem: attributes that differ')
        .waitFor();
      await details.getByRole('cell', { name: 'root', exact: true }).waitFor();
      // Where the two trees first differ: the moved file is absent from the folder it should be in.
      await details
        .getByText("root['contents']['projects']['contents']['drafts']['contents']['notes.txt']")
        .first()
        .waitFor();
      await details.getByRole('list', { name: 'Turns run' }).getByText("cd(folder='projects')").first().waitFor();
      await page.close();
    },
  );

  it('scores the selected trajectories, marks heuristic scores, and exports them as CSV', async () => {
    const { page } = await openTrajectories(path.join(tempDir(), 'scores.trellis'));
    await page.getByLabel('Search turns').fill('Kyoto');
    await page
      .getByTestId('list-count')
      .getByText(/^1 trajectory$/)
      .waitFor();
    await page.getByRole('button', { name: 'Score selection…' }).click();
    await page.getByRole('button', { name: 'Score selection', exact: true }).click();
    const results = page.getByTestId('scores-results');
    await results.getByText('1 trajectory scored.').waitFor();
    await results.getByText(/Grounded argument values heuristic/).waitFor();
    expect(
      await results
        .getByRole('img', { name: /Execution efficiency.*distribution/ })
        .locator('svg')
        .count(),
    ).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      results.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const [header, row] = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(header).toBe('id,title,executionEfficiency,answeredCalls,finalAnswer,planAdherence,groundedArguments');
    expect(row).toMatch(
      /^[0-9a-f-]{36},Kyoto hotel booking that invents a hotel id and loops,0\.\d+,[\d.]+,0,,0\.\d+$/,
    );
    await page.close();
  });

  it('imports tau-bench results with their reward, filters the failed runs, and shows outcome and metadata', async () => {
    const { page } = await openTrajectories(path.join(tempDir(), 'outcomes.trellis'));
    await page.locator('summary', { hasText: 'Import…' }).click();
    await page
      .getByLabel('Trajectory file')
      .fill(path.join(FIXTURES, 'trajectories', 'harness', 'tau-bench-historical-gpt-4o-airline-59a200c.json'));
    // The registry's formats are the form's choices.
    expect((await optionTexts(page, 'Format'))['tau-bench']).toBe('tau-bench results');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await report
      .getByText(
        /Imported 3 trajectories \(tau-bench results, JSON array\).*Outcomes in the file: 2 succeeded, 1 failed\./,
      )
      .waitFor();
    await page.getByTestId('list-count').getByText('5 trajectories').waitFor();
    // The summary counts the selection again after the import; it says so while it does.
    await page
      .locator('[data-testid="selection-summary"][aria-busy="false"]')
      .getByText('2 succeeded, 1 failed')
      .waitFor();
    expect((await optionTexts(page, 'Outcome')).failure).toBe('failed (1 trajectory)');
    await pickOption(page, 'Outcome', 'failure');
    await page
      .getByTestId('list-count')
      .getByText(/^1 trajectory$/)
      .waitFor();
    const row = page.getByRole('listbox', { name: 'Trajectory list' }).getByRole('option').first();
    expect(await row.getByTestId('row-outcome').textContent()).toBe('failed · ');
    await row.click();
    const inspector = page.getByRole('region', { name: 'Trajectory inspector' });
    expect(await inspector.getByTestId('trajectory-outcome').textContent()).toBe('failed · tau-bench reward 0');
    await inspector.getByText(/^Metadata \(\d+ fields\)$/).click();
    const metadata = inspector.getByRole('definition');
    await inspector
      .getByRole('term')
      .filter({ hasText: /^task_id$/ })
      .waitFor();
    expect(await metadata.allTextContents()).toContain('44');
    // (A long file name may be cut in the Source filter; the Outcome filter reads whole.)
    expect(await cutFilters(page)).not.toContain('Outcome');
    await page.close();
  });
});
