import type { Locator, Page } from 'playwright-core';

/** The QuickPick button named `label` (components/QuickPick.tsx): it shows the choice, its value in data-value. */
export const quickPick = (scope: Page | Locator, label: string): Locator =>
  scope.getByRole('combobox', { name: label, exact: true });

/** The value the QuickPick named `label` holds. */
export const pickedValue = async (scope: Page | Locator, label: string): Promise<string | null> =>
  quickPick(scope, label).getAttribute('data-value');

/** The open list of the QuickPick named `label` (it is put at the end of the page, over everything). */
const listOf = (page: Page, label: string) => page.getByRole('listbox', { name: label, exact: true });

/** Opens the QuickPick named `label` and clicks the option whose value is `value`, as a user does. */
export async function pickOption(
  page: Page,
  label: string,
  value: string,
  scope: Page | Locator = page,
): Promise<void> {
  await quickPick(scope, label).click();
  await listOf(page, label)
    .locator(`[role="option"][data-value="${value.replace(/["\\]/g, '\\$&')}"]`)
    .click();
  await listOf(page, label).waitFor({ state: 'detached' });
}

/** The options' texts of the QuickPick named `label`, read with its list open; closed again with Escape. */
export async function optionTexts(page: Page, label: string): Promise<Record<string, string>> {
  await quickPick(page, label).click();
  const list = listOf(page, label);
  await list.waitFor();
  const texts = await list
    .getByRole('option')
    .evaluateAll((options) =>
      Object.fromEntries(options.map((o) => [o.getAttribute('data-value') ?? '', o.textContent ?? ''])),
    );
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
  return texts;
}
