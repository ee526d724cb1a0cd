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

/** Opens the workspace a verb's --workspace names; a new one is empty unless --with-examples asks for the examples. */
export function openBackend(values: Record<string, unknown>): Backend {
  return createBackend({
    workspace: path.resolve(String(values.workspace ?? defaultWorkspacePath())),
    host: 'cli',
    seed: values['with-examples'] === true,
  });
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
