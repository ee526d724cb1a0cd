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

/**
 * A compiled script of the backend that runs in its own thread or process, named from the
 * folder of the module that starts it (`__dirname`): the build beside that module, or, in a
 * packaged app, its copy unpacked beside the asar archive where electron-builder.yml unpacks
 * it; from sources (tests), the build in dist/.
 */
export function builtScript(moduleDir: string, file: string): string {
  const unpacked = moduleDir.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);
  for (const dir of [unpacked, moduleDir]) if (fs.existsSync(path.join(dir, file))) return path.join(dir, file);
  const root = packageRoot(moduleDir);
  return path.join(root, 'dist', path.relative(root, moduleDir), file);
}
