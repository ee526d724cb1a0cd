import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWeatherAgent } from '../test/helpers/instrumented-agent';
import { exportRequest, span } from '../test/helpers/otlp-json';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

describe('Traces an instrumented agent sends while the app is open, in Chromium', () => {
  it('appear in the Trajectories list with their outcome and open in the debugger', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'traces.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    // The workspace says where to send traces, with a token that sends traces and nothing else.
    const note = page.getByTestId('trace-receiver');
    await note.getByText(`${host.origin}/v1/traces`).waitFor();
    await note.locator('summary').click();
    await note.getByText(/OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer [0-9a-f]{48}"/).waitFor();
    const token = /Bearer ([0-9a-f]{48})/.exec((await note.locator('pre').textContent()) ?? '')![1]!;
    expect(token).not.toBe(new URL(host.url).searchParams.get('token'));
    await runWeatherAgent({
      instrumentation: 'openinference',
      exporter: 'proto',
      endpoint: host.origin,
      token,
      fail: 'could not book a table',
    });
    // Told by an event, not found by a reload.
    await page.getByTestId('list-count').getByText('3 trajectories').waitFor({ timeout: 20_000 });
    const row = page.getByRole('option', { name: /What is the weather in Paris/ });
    await row
      .getByTestId('row-outcome')
      .getByText(/failed/)
      .waitFor();
    await row.click();
    const inspector = page.getByRole('region', { name: 'Trajectory inspector' });
    await inspector.getByText('7 turns', { exact: false }).waitFor();
    // The failed tool span's result is marked in the inspector as in the debugger: that turn alone.
    await inspector.getByTestId('turn-5').getByTestId('call-failed').waitFor();
    expect(await inspector.getByTestId('call-failed').count()).toBe(1);

    await page.getByRole('button', { name: 'Open in debugger' }).click();
    const debuggerPane = page.getByRole('region', { name: 'Debugger' });
    await debuggerPane.getByText('Replay').waitFor();
    // Step through the recording: system, user, call get_weather, its result, call book_table, its error.
    for (let i = 1; i <= 6; i++) {
      await debuggerPane.getByRole('button', { name: 'Step' }).click();
      await expect.poll(() => debuggerPane.locator('.timeline > li').count()).toBe(i);
    }
    const failedCall = debuggerPane.locator('.timeline > li').nth(5);
    await failedCall.getByText(/no table free at Chez Marie/).waitFor();
    await failedCall.getByRole('button', { name: 'Fork from here' }).click();
    await debuggerPane.getByText('fork at turn 5').waitFor();

    // How a conversation's traces are grouped is chosen with the receiver, for traces that arrive from now on, and kept.
    await page.keyboard.press('Control+3');
    const grouping = note.getByTestId('trace-grouping');
    if (!(await grouping.isVisible())) await note.locator('summary').click();
    expect(await grouping.inputValue()).toBe('conversation');
    await note.getByText('for traces that arrive from now on').waitFor();
    await grouping.selectOption('trace');
    await expect.poll(() => grouping.inputValue()).toBe('trace');
    await page.reload();
    await page.getByTestId('trace-receiver').waitFor();
    await expect.poll(() => page.getByTestId('trace-grouping').inputValue()).toBe('trace');
    await page.close();
  }, 120_000);

  it('shows a trace whose root span has not arrived as in progress, by its trace id in hex, then as it ended', async () => {
    const host = await e2e.startHost(path.join(tempDir(), 'open-trace.trellis'));
    const page = await e2e.newPage({ viewport: { width: 1500, height: 950 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+3');
    await page.getByTestId('list-count').getByText('2 trajectories').waitFor();
    const token = new URL(host.url).searchParams.get('token')!;
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const root = 'b'.repeat(16);
    const send = async (spans: ReturnType<typeof span>[]) => {
      const answer = await fetch(`${host.origin}/v1/traces`, {
        method: 'POST',
        body: JSON.stringify(exportRequest(spans)),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(200);
    };
    const chat = span({
      name: 'chat',
      traceId,
      parent: root,
      attributes: {
        'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Still going?' }] }]),
        'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Yes.' }] }]),
      },
    });
    await send([chat]);
    await page.getByTestId('list-count').getByText('3 trajectories').waitFor({ timeout: 20_000 });
    const row = page.getByRole('option', { name: /Still going\?/ });
    await row.getByTestId('row-outcome').getByText('in progress').waitFor();
    await row.getByText(`otlp trace ${traceId}`).waitFor();
    await row.click();
    const inspector = page.getByRole('region', { name: 'Trajectory inspector' });
    await inspector.getByTestId('trajectory-outcome').getByText('in progress').waitFor();
    expect(await inspector.getByTestId('trajectory-outcome').textContent()).not.toContain('outcome unknown');

    // The root span ends it: its status is the outcome.
    await send([{ ...span({ name: 'agent', traceId, at: 20, status: { code: 1 } }), spanId: root }]);
    await row
      .getByTestId('row-outcome')
      .getByText(/^succeeded/)
      .waitFor({ timeout: 20_000 });
    await page.close();
  }, 120_000);
});
