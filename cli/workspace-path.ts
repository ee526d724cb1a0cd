import os from 'node:os';
import path from 'node:path';

/** `$TRELLIS_HOME/default.trellis`, or `~/.trellis/default.trellis`. */
export function defaultWorkspacePath(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.TRELLIS_HOME ?? path.join(os.homedir(), '.trellis');
  return path.join(home, 'default.trellis');
}
