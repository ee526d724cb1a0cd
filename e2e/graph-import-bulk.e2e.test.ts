import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { runCommand, selectTool } from './helpers/app';
import { useBrowserAndHosts } from './helpers/fixture';
import { pickOption, pickedValue } from './helpers/quick-pick';

const e2e = useBrowserAndHosts();
const SPEC = fs.readFileSync(
  path.join(__dirname, '..', 'test', 'fixtures', 'tools', 'labelled', 'oncall-sre.openapi.yaml'),
  'utf8',
);

describe('importing a spec and editing the runtimes of all its tools, in Chromium', () => {
  it('detects a pasted YAML OpenAPI spec, and a bulk runtime change asks before replacing the routes, and is undone whole', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'import-bulk.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await runCommand(page, 'new graph');
    await page.getByRole('dialog', { name: 'New graph' }).getByRole('textbox').fill('On call');
    await page.keyboard.press('Enter');
    await page.getByText(/Empty graph/).waitFor();

    // Pasted, the spec is read as what it is: the picker moves to OpenAPI and says why.
    await runCommand(page, 'import tools');
    const dialog = page.getByRole('dialog', { name: 'Import tools' });
    // Text in no known format is not read silently as the last one picked: the dialog says so.
    await page.getByLabel('Tools text').fill('remember the milk');
    expect(await dialog.getByTestId('detected-format').innerText()).toBe(
      "Trellis cannot tell this text's format; it will be read as OpenAI tools (JSON). Pick the format it is in.",
    );
    await page.getByLabel('Tools text').fill(SPEC);
    expect(await pickedValue(dialog, 'Format')).toBe('openapi');
    expect(await dialog.getByTestId('detected-format').innerText()).toBe('Detected OpenAPI 3.0.3 (YAML).');

    // The choice stays open; read as another format, the refusal names it and hints at the right one.
    await pickOption(page, 'Format', 'openai', dialog);
    expect(await dialog.getByTestId('detected-format').innerText()).toBe(
      'The text looks like OpenAPI 3.0.3 (YAML); it will be read as OpenAI tools (JSON).',
    );
    await dialog.getByRole('button', { name: 'Read tools' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(
      /^Read as OpenAI tools \(JSON\): This is not valid JSON for OpenAI tools: .* The text looks like OpenAPI 3\.0\.3 \(YAML\): read it as "OpenAPI 3 \/ Swagger 2 \(JSON or YAML\)"\.$/,
    );
    await pickOption(page, 'Format', 'openapi', dialog);
    await dialog.getByRole('button', { name: 'Read tools' }).click();
    await dialog.getByText(/^Found 11 tools/).waitFor();
    await dialog.getByRole('button', { name: 'Add 11 tools' }).click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(11);

    // All 11 are selected: the picker starts on what they have, and Apply waits for a choice.
    const section = page.getByRole('region', { name: 'Runtime of the selected tools' });
    const kind = section.getByLabel('Runtime kind for the selection');
    expect(await kind.locator('option:checked').innerText()).toBe('As now: an HTTP endpoint, 11 different');
    expect(await section.getByRole('button', { name: 'Choose a kind to apply' }).isDisabled()).toBe(true);
    // The URL template starts empty: its example is a placeholder, not a value Apply would write.
    await kind.selectOption('http');
    const template = section.getByLabel(/URL template/);
    expect(await template.inputValue()).toBe('');
    expect(await template.getAttribute('placeholder')).toBe('https://api.example.com/{tool}');
    expect(await section.getByRole('button', { name: 'Apply to 11 tools' }).isDisabled()).toBe(true);

    // Replacing 11 routes is asked first, naming what goes; keeping them changes nothing.
    await kind.selectOption('none');
    await section.getByRole('button', { name: 'Apply to 11 tools' }).click();
    const question = section.getByRole('group', { name: 'Replace runtimes?' });
    expect(await question.locator('p').innerText()).toBe(
      'Replaces 11 different HTTP endpoint runtimes. Replace them? Undo with Ctrl+Z restores them all.',
    );
    await question.getByRole('button', { name: 'Keep them' }).click();
    await question.waitFor({ state: 'detached' });
    const summary = section.locator('p.muted');
    expect(await summary.innerText()).toMatch(
      /^list_services: http · get_service: http · .* get_oncall_schedule: http$/,
    );

    await section.getByRole('button', { name: 'Apply to 11 tools' }).click();
    await question.getByRole('button', { name: 'Replace 11 runtimes' }).click();
    await expect.poll(() => summary.innerText()).toMatch(/^list_services: none · .* get_oncall_schedule: none$/);

    // One undo brings every route back.
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Z');
    await page.locator('.statusbar [role="status"]').getByText('Undone. Redo with Ctrl+Shift+Z.').waitFor();
    await selectTool(page, 'rollback_deploy');
    const url = page.getByRole('textbox', { name: 'URL template' });
    await expect.poll(() => url.inputValue()).toMatch(/\/services\/\{service\}\/rollback$/);
    await selectTool(page, 'get_alert');
    await expect.poll(() => url.inputValue()).toMatch(/\/alerts\/\{alert_id\}$/);
    await page.close();
  }, 120_000);

  it('suggests the service shared by five tools as one group, accepted in one step, drawn from the parameters around the tools', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'import-suggestions.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await runCommand(page, 'new graph');
    await page.getByRole('dialog', { name: 'New graph' }).getByRole('textbox').fill('On call');
    await page.keyboard.press('Enter');
    await page.getByText(/Empty graph/).waitFor();
    await runCommand(page, 'import tools');
    await page.getByLabel('Tools text').fill(SPEC);
    await page.getByRole('button', { name: 'Read tools' }).click();
    await page.getByRole('button', { name: 'Add 11 tools' }).click();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(11);

    // Handles are 8 px dots in 14 px targets.
    const handleSize = await page
      .locator('.react-flow__handle')
      .first()
      .evaluate((h) => [getComputedStyle(h).width, getComputedStyle(h).height]);
    expect(handleSize).toEqual(['14px', '14px']);

    await page.getByRole('tab', { name: 'Suggestions' }).click();
    const rows = page.locator('li.suggestion');
    await rows.first().waitFor();
    expect(await rows.filter({ hasText: 'service (string)' }).count()).toBe(1);
    await rows
      .filter({
        hasText: "get_deploy_history returns a list of deploys; one deploy's version fills rollback_deploy.to_version",
      })
      .waitFor();
    await rows.filter({ hasText: '5 tools take the same service' }).getByRole('button', { name: 'Accept' }).click();
    const shared = page.locator('.react-flow__edge.edge-shared');
    await expect.poll(() => shared.count()).toBe(4);
    await runCommand(page, 'zoom to fit');

    // No shared edge runs through the inside of either of its tools.
    const through = await page.evaluate(() => {
      const inside = (r: DOMRect, x: number, y: number) =>
        x > r.left + 2 && x < r.right - 2 && y > r.top + 2 && y < r.bottom - 2;
      const hits: string[] = [];
      for (const edge of document.querySelectorAll('.react-flow__edge.edge-shared')) {
        const id = edge.getAttribute('data-id') ?? edge.getAttribute('data-testid') ?? '';
        const tools = [...id.matchAll(/([a-z_]+)\.service/g)].map((m) => m[1]!);
        const path = edge.querySelector('path.react-flow__edge-path') as SVGPathElement;
        const matrix = path.getScreenCTM()!;
        const boxes = tools.map((t) =>
          document.querySelector(`.react-flow__node[data-id="${t}"]`)!.getBoundingClientRect(),
        );
        const length = path.getTotalLength();
        for (let l = 0; l <= length; l += 4) {
          const p = path.getPointAtLength(l).matrixTransform(matrix);
          if (boxes.some((box) => inside(box, p.x, p.y))) hits.push(`${id} at ${Math.round(l)}`);
        }
        if (tools.length !== 2) hits.push(`${id}: tools not found`);
      }
      return hits;
    });
    expect(through).toEqual([]);

    // The group was one step: one undo takes all four edges away.
    await page.locator('.react-flow__pane').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Z');
    await expect.poll(() => shared.count()).toBe(0);
    await page.close();
  }, 120_000);
});
