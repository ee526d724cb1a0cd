import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

async function open(name: string): Promise<Page> {
  const host = await e2e.startHost(path.join(tempDir(), `${name}.trellis`));
  const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: /Trip planning/ }).waitFor();
  await page.keyboard.press('Control+2');
  return page;
}

/** Whether every element `inner` matches lies wholly inside `outer`'s box (1 px slack). */
async function allInside(outer: Locator, inner: Locator): Promise<boolean> {
  const box = (await outer.boundingBox())!;
  const boxes = await Promise.all((await inner.all()).map((l) => l.boundingBox()));
  return (
    boxes.length > 0 &&
    boxes.every(
      (b) =>
        b !== null &&
        b.x >= box.x - 1 &&
        b.y >= box.y - 1 &&
        b.x + b.width <= box.x + box.width + 1 &&
        b.y + b.height <= box.y + box.height + 1,
    )
  );
}

describe('Plans & Runs lays out what it shows without cutting it off', () => {
  it('fits the plan preview again after its separator is dragged', async () => {
    const page = await open('plan-fit');
    await page.getByLabel('Intent').fill('book_flight from Paris to Lisbon');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    const overlay = page.getByTestId('plan-overlay');
    const planned = overlay.locator('.path-node.on-path');
    await expect.poll(() => planned.count()).toBe(2);
    await expect.poll(() => allInside(overlay, planned)).toBe(true);

    // Drag the separator under the preview up: the pane shrinks and the plan's tools stay in it.
    const separator = page.locator('#layout-runs-right > [role="separator"]');
    const handle = (await separator.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 160, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await overlay.boundingBox())!.height).toBeLessThan(140);
    await expect.poll(() => allInside(overlay, planned)).toBe(true);
    await page.close();
  }, 90_000);

  it('shows whole rows of goal tools, each checkbox at its size, and scrolls to the rest', async () => {
    const page = await open('goal-picker');
    const options = page.getByLabel('Goal tools', { exact: true });
    await options.getByRole('checkbox').first().waitFor();
    const { clientHeight, scrollHeight, rowHeight } = await options.evaluate((el) => ({
      clientHeight: el.clientHeight,
      scrollHeight: el.scrollHeight,
      rowHeight: el.querySelector('label')!.getBoundingClientRect().height,
    }));
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    expect(clientHeight % rowHeight).toBe(0);
    const widths = await options.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.clientWidth));
    expect(new Set(widths).size).toBe(1);
    // The last tool scrolls into view whole.
    const last = options.getByRole('checkbox', { name: 'check_calendar_availability' });
    await last.scrollIntoViewIfNeeded();
    expect(await allInside(options, options.locator('label', { hasText: 'check_calendar_availability' }))).toBe(true);
    await page.close();
  }, 60_000);

  it('says how many goal tools are below the list without covering any row’s text', async () => {
    const page = await open('goal-picker-hint');
    await page.setViewportSize({ width: 1600, height: 1000 });
    const options = page.getByLabel('Goal tools', { exact: true });
    const hint = page.getByTestId('picker-more');
    await hint.waitFor();
    const overlapsAText = async () => {
      const list = (await options.boundingBox())!;
      const box = (await hint.boundingBox())!;
      const texts = await Promise.all((await options.locator('label span').all()).map((t) => t.boundingBox()));
      // What of each row's text is drawn: the part inside the list (the rest is scrolled out of it).
      const drawn = texts.flatMap((t) => {
        const top = Math.max(t!.y, list.y);
        const bottom = Math.min(t!.y + t!.height, list.y + list.height);
        return bottom > top ? [{ x: t!.x, width: t!.width, top, bottom }] : [];
      });
      expect(drawn.length).toBeGreaterThanOrEqual(10);
      return drawn.some(
        (t) => t.x < box.x + box.width && box.x < t.x + t.width && t.top < box.y + box.height && box.y < t.bottom,
      );
    };
    expect(await overlapsAText()).toBe(false);
    await options.evaluate((el) => el.scrollBy({ top: 12 }));
    await expect.poll(() => hint.innerText()).toMatch(/^\d+ more ↓$/);
    expect(await overlapsAText()).toBe(false);
    await page.close();
  }, 60_000);

  it('keeps Run plan wholly in view over a long plan, and shows arguments as formatted JSON', async () => {
    const page = await open('long-plan');
    await page.getByLabel('Intent').fill('book_flight from Paris to Lisbon');
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByTestId('step-s1').waitFor();
    for (let i = 0; i < 12; i++) await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByTestId('step-s14').waitFor();
    const body = page.locator('.panel-body.runs-left');
    const { scrollHeight, clientHeight } = await body.evaluate((el) => ({
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
    }));
    expect(scrollHeight).toBeGreaterThan(clientHeight + 400);
    const run = page.getByRole('button', { name: 'Run plan' });
    /** Whether each corner of the button (2 px in) is the button itself, not something drawn over it. */
    const uncovered = () =>
      run.evaluate((button) => {
        const r = button.getBoundingClientRect();
        return [
          [r.left + 2, r.top + 2],
          [r.right - 2, r.top + 2],
          [r.left + 2, r.bottom - 2],
          [r.right - 2, r.bottom - 2],
        ].every(([x, y]) => button.contains(document.elementFromPoint(x!, y!)));
      });
    for (const at of [0, 0.5, 1]) {
      await body.evaluate((el, f) => (el.scrollTop = f * (el.scrollHeight - el.clientHeight)), at);
      await expect.poll(() => allInside(body, run)).toBe(true);
      expect(await uncovered()).toBe(true);
    }
    // The arguments: pretty-printed, monospace, in a box that scrolls rather than wraps.
    const args = page.getByTestId('step-s1').locator('.args');
    const shown = await args.innerText();
    expect(shown).toBe(JSON.stringify(JSON.parse(shown), null, 2));
    expect(shown.split('\n').length).toBeGreaterThan(2);
    expect(await args.evaluate((el) => [getComputedStyle(el).whiteSpace, getComputedStyle(el).overflow])).toEqual([
      'pre',
      'auto',
    ]);
    expect(await args.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
    await page.close();
  }, 90_000);

  it('suggests an intent in the words of the open graph, not a flight for every graph', async () => {
    const page = await open('intent-example');
    const intent = page.getByLabel('Intent');
    await expect
      .poll(() => intent.getAttribute('placeholder'))
      .toBe('e.g. Find points of interest of a category near a location');
    await page.close();
  }, 60_000);
});
