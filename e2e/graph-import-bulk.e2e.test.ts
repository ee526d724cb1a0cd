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
    await selectTool(page, 'rollback_deploy');
    const url = page.getByRole('textbox', { name: 'URL template' });
    await expect.poll(() => url.inputValue()).toMatch(/\/services\/\{service\}\/rollback$/);
    await selectTool(page, 'get_alert');
    await expect.poll(() => url.inputValue()).toMatch(/\/alerts\/\{alert_id\}$/);
    await page.close();
  }, 120_000);
});
