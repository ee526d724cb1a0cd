import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

export interface HostProcess {
  url: string;
  port: number;
  origin: string;
  stop(): Promise<number | null>;
}

export interface HostOptions {
  examples?: boolean;
  port?: number;
  env?: NodeJS.ProcessEnv;
}

const running = new Set<ChildProcess>();
// A test that fails before stopping its host must not leave the host running.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs `trellis serve --json` as a real process and waits for its URL; a new workspace gets the
 * examples unless `examples` is false. `port` (default: any free one) lets a restarted host keep
 * the origin, and with it what the page kept in localStorage. `env` is added to the test's own
 * (a config folder of its own, automatic builds on).
 */
export async function startHostProcess(
  workspace: string,
  { examples = true, port, env = {} }: HostOptions = {},
): Promise<HostProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      BIN,
      'serve',
      '--workspace',
      workspace,
      ...(examples ? ['--with-examples'] : []),
      ...(port ? ['--port', String(port)] : []),
      '--json',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  running.add(child);
  child.once('exit', () => running.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`trellis serve exited ${code}: ${err}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    port: Number(parsed.port),
    origin: parsed.origin,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGINT');
      }),
  };
}
