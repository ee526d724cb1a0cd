import os from 'node:os';
import path from 'node:path';

/**
 * The user's own Trellis folder, outside any workspace: `$TRELLIS_HOME`, else
 * `~/.config/trellis`. The desktop app passes its app-data folder instead.
 */
export function defaultConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.TRELLIS_HOME ?? path.join(os.homedir(), '.config', 'trellis');
}
