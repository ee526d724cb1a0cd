import type { Page } from 'playwright-core';

/** Runs a command through the palette, as a user would with Ctrl+K. */
export async function runCommand(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Control+K');
  await page.getByLabel('Search commands').fill(label);
  await page.keyboard.press('Enter');
}

/** Drags from one handle to another with intermediate mouse moves, as React Flow needs. */
export async function dragHandle(page: Page, from: string, to: string): Promise<void> {
  const a = (await page.locator(from).boundingBox())!;
  const b = (await page.locator(to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 12, a.y + 12, { steps: 3 });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

export const handle = (tool: string, id: string) => `.react-flow__node[data-id="${tool}"] [data-handleid="${id}"]`;
