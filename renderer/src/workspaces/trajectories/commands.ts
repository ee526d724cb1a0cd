import { panelCommand } from '../../commands/panel-actions';
import type { Command } from '../../commands/registry';

/** The Trajectories workspace's operations that are not a key of their own, for the palette and menus. */
export const TRAJECTORY_COMMANDS: readonly Command[] = [
  panelCommand('checkAll', 'trajectories', {
    id: 'trajectories.checkAll',
    label: 'Run Checks on All Trajectories',
    category: 'Run',
  }),
];
