import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../shared/errors';
import { createBackend } from '../backend';
import { defaultWorkspacePath } from './workspace-path';

type Backend = ReturnType<typeof createBackend>;

/** The id of the graph a verb names with --graph (the only graph when there is just one). */
export async function graphIdFor(backend: Backend, name: unknown): Promise<string> {
  const graphs = await backend.registry.invoke('graphs.list', {});
  if (typeof name !== 'string') {
    if (graphs.length === 1) return graphs[0]!.id;
    throw new TrellisError('E1002', '--graph is required.', `Name one of: ${graphs.map((g) => g.name).join(', ')}.`);
  }
  const graph = graphs.find((g) => g.name === name);
  if (!graph) throw new TrellisError('E3001', `No tool graph named "${name}" in this workspace.`);
  return graph.id;
}

/**
 * Opens the workspace a verb's --workspace names. Only a verb that brings data in (`create`)
 * makes a missing one (empty unless --with-examples asks for the examples); for any other a
 * missing file is a mistyped path, refused before anything (file or folder) is created.
 */
export function openBackend(values: Record<string, unknown>, { create = false }: { create?: boolean } = {}): Backend {
  const workspace = path.resolve(String(values.workspace ?? defaultWorkspacePath()));
  if (!create && !fs.existsSync(workspace))
    throw new TrellisError(
      'E3001',
      `There is no workspace at ${workspace}; nothing was created.`,
      'Check the path given with --workspace. trellis import FILE --workspace PATH (or trellis serve) makes a new one.',
    );
  return createBackend({ workspace, host: 'cli', seed: values['with-examples'] === true });
}

/** Loads the GGUF a verb's --model names, with this machine's default settings (and the verb's own). */
export async function loadModelFlag(
  backend: Backend,
  model: unknown,
  settings: { sequences?: number } = {},
): Promise<void> {
  if (typeof model !== 'string') return;
  const { defaults } = await backend.registry.invoke('models.status', {});
  await backend.registry.invoke('models.load', { path: path.resolve(model), settings: { ...defaults, ...settings } });
}
