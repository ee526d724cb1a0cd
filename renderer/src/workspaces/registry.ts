import { APP_COMMANDS, VIEW_COMMANDS } from '../commands/app-commands';
import { assertUnique, type Command } from '../commands/registry';
import { WORKSPACE_IDS, type WorkspaceId, type WorkspaceIntent } from '../state/workspace-ids';
import { datasetsWorkspace } from './datasets';
import type { WorkspaceDescriptor } from './descriptor';
import { graphWorkspace } from './graph';
import { modelsWorkspace } from './models';
import { runsWorkspace } from './runs';
import { trajectoriesWorkspace } from './trajectories';

/** Every workspace by id: a new one is a folder with an index.ts, its id in state/workspace-ids.ts and a line here. */
export const WORKSPACES: { readonly [W in WorkspaceId]: WorkspaceDescriptor<W> } = {
  graph: graphWorkspace,
  runs: runsWorkspace,
  trajectories: trajectoriesWorkspace,
  datasets: datasetsWorkspace,
  models: modelsWorkspace,
};

/** The workspaces in the activity bar's order. */
export const WORKSPACE_LIST: readonly WorkspaceDescriptor[] = WORKSPACE_IDS.map(
  (id): WorkspaceDescriptor => WORKSPACES[id] as WorkspaceDescriptor,
);

/** Each workspace's name, for what points at one (status bar, error boundary). */
export const WORKSPACE_NAMES = Object.fromEntries(WORKSPACE_LIST.map((w) => [w.id, w.label])) as Record<
  WorkspaceId,
  string
>;

const goTo = ({ id, label, key }: WorkspaceDescriptor): Command => ({
  id: `go.${id}`,
  label: `Go to ${label}`,
  category: 'Go',
  keybinding: `Mod+${key}`,
  perform: (ui) => ui.showWorkspace(id),
});

export const GO_TO_COMMANDS: readonly Command[] = WORKSPACE_LIST.map(goTo);

/** Every command of the app: menus, palette, keys and toolbars read this list. */
export const COMMANDS: readonly Command[] = [
  ...VIEW_COMMANDS,
  ...GO_TO_COMMANDS,
  ...APP_COMMANDS,
  ...WORKSPACE_LIST.flatMap((w) => w.commands),
];
assertUnique(COMMANDS);

/** Hands an intent to the workspace it is for (the UI store holds it until then). */
export function deliverIntent(intent: WorkspaceIntent): void {
  const workspace = WORKSPACES[intent.workspace] as WorkspaceDescriptor;
  (workspace.receive as ((detail: WorkspaceIntent['detail']) => void) | undefined)?.(intent.detail);
}
