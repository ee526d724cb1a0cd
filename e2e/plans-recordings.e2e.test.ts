import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordedDomain, recordingsFileWithout } from '../test/helpers/recorded-domains';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

const SEND = 'Send an email to bob@example.com with the subject Lunch and the body See you at noon';

/** A workspace with the calendar/e-mail graph and its recorded trajectories, but none of SEND itself. */
async function calendarWorkspace(): Promise<string> {
  const dir = tempDir();
  const workspace = path.join(dir, 'calendar.trellis');
  const { createBackend } = await import('../backend/backend');
  const backend = createBackend({ workspace, host: 'cli', seed: false });
  try {
    const { graph } = recordedDomain('calendar-email');
    const { id } = await backend.registry.invoke('graphs.create', { name: 'Calendar' });
    await backend.registry.invoke('graphs.save', {
      id,
      tools: graph.tools,
      edges: graph.edges,
      dismissedSuggestions: [],
    });
    const { file } = recordingsFileWithout('calendar-email', [SEND], dir);
    await backend.registry.invoke('trajectories.import', { path: file, mode: 'strict', graphId: id });
  } finally {
    backend.close();
  }
  return workspace;
}

describe('Plans & Runs plans from recorded trajectories, in Chromium', () => {
  it('shows which recordings the deterministic plan followed, with the values read from the intent', async () => {
    const workspace = await calendarWorkspace();
    const host = await e2e.startHost(workspace);
    const page = await e2e.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Calendar/ }).waitFor();
    await page.keyboard.press('Control+2');
    await page.getByLabel('Intent').fill(SEND);
    await page.getByRole('button', { name: 'Generate plan' }).click();
    const followed = page.getByTestId('plan-followed');
    await followed.waitFor();
    expect(await followed.locator('p').innerText()).toMatch(/^Follows \d+ recorded trajector(y|ies) of this graph:$/);
    expect(await followed.locator('li').first().innerText()).toMatch(
      /^“Email carla@example\.com with the subject Budget draft and the body The numbers are attached” \(\d+ % alike\)$/,
    );
    expect(await page.getByLabel('Tool of s1').inputValue()).toBe('send_email');
    // The arguments read as formatted JSON.
    expect(JSON.parse(await page.getByTestId('step-s1').locator('.args').innerText())).toEqual({
      to: 'bob@example.com',
      subject: 'Lunch',
      body: 'See you at noon',
    });
    // Saved, the plan keeps which recordings it followed.
    await page.getByRole('button', { name: 'Save plan' }).click();
    await page.getByTestId('plan-draft').waitFor({ state: 'detached' });
    // Once the plan is edited it is no longer the one the recordings gave.
    await page.getByRole('button', { name: 'Add step' }).click();
    await followed.waitFor({ state: 'detached' });

    await e2e.stopHost(host);
    const { createBackend } = await import('../backend/backend');
    const backend = createBackend({ workspace, host: 'cli', seed: false });
    try {
      const [graph] = await backend.registry.invoke('graphs.list', {});
      const [saved] = await backend.registry.invoke('plans.list', { graphId: graph!.id });
      const { items } = await backend.registry.invoke('trajectories.list', { filter: {}, limit: 50, offset: 0 });
      const asked = await Promise.all(
        items.map(async (t) => {
          const { turns } = await backend.registry.invoke('trajectories.get', { id: t.id });
          return { id: t.id, request: turns.find((turn) => turn.role === 'user')?.content ?? '' };
        }),
      );
      const carla = asked.find((t) => t.request.startsWith('Email carla@example.com'));
      expect(saved!.modelSettings).toMatchObject({
        planner: 'deterministic',
        followed: expect.arrayContaining([carla!.id]),
      });
    } finally {
      backend.close();
    }
  });
});
