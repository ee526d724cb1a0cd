import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import type WebSocket from 'ws';
import type { Trajectory, TrajectorySummary } from '../../shared/domain';
import { tempDir } from './temp';
import { call, connect } from './webhost';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const children: ChildProcess[] = [];

export interface ServedWorkspace {
  child: ChildProcess;
  workspace: string;
  /** The UI's URL, with the token. */
  url: string;
  token: string;
  /** The token that sends traces and can do nothing else (`otlpToken`). */
  traceToken: string;
  /** `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  endpoint: string;
  /** The trajectories as the contract lists them (newest first). */
  list(): Promise<TrajectorySummary[]>;
  get(id: string): Promise<Trajectory>;
  /** Any contract method, through the host's WebSocket as the UI calls it. */
  request(method: string, args: unknown): Promise<unknown>;
  /** Whether the process is still running. */
  alive(): boolean;
  stderr(): string;
}

/** Starts `trellis serve` (the built CLI, a real process) on a new workspace; it dies with the test. */
export async function startTrellisServe(args: string[] = []): Promise<ServedWorkspace> {
  const workspace = path.join(tempDir(), 'served.trellis');
  const child = spawn(process.execPath, [BIN, 'serve', '--workspace', workspace, '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await expect.poll(() => out.includes('\n') || child.exitCode !== null, { timeout: 60_000 }).toBe(true);
  const summary = JSON.parse(out.split('\n')[0]!) as { url: string; otlpEndpoint: string; otlpToken: string };
  const url = new URL(summary.url);
  const token = url.searchParams.get('token')!;
  let ws: WebSocket | null = null;
  let id = 0;
  const request = async (method: string, args: unknown) => {
    ws ??= await connect(`ws://${url.host}/api?token=${token}`, url.origin);
    const answer = await call(ws, { kind: 'request', id: ++id, method, args });
    if (!answer.ok) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  child.on('exit', () => ws?.terminate());
  return {
    child,
    workspace,
    url: summary.url,
    token,
    traceToken: summary.otlpToken,
    endpoint: summary.otlpEndpoint,
    list: async () =>
      ((await request('trajectories.list', { filter: {}, limit: 1000 })) as { items: TrajectorySummary[] }).items,
    request,
    get: async (trajectoryId) => (await request('trajectories.get', { id: trajectoryId })) as Trajectory,
    alive: () => child.exitCode === null && child.signalCode === null,
    stderr: () => err,
  };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
