import fs from 'node:fs';
import path from 'node:path';

/** The package root: found by walking up, so it works from sources, `dist/` and the packaged app. */
export function packageRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'resources'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Trellis resources not found above ${from}.`);
    dir = parent;
  }
}

export const resourcePath = (...parts: string[]): string => path.join(packageRoot(), 'resources', ...parts);
