import { describe, expect, it } from 'vitest';
import { anywherePanelCommand, panelCommand, usePanelActions } from '../../renderer/src/commands/panel-actions';
import type { UiState } from '../../renderer/src/state/ui-store';
import { DATASET_COMMANDS } from '../../renderer/src/workspaces/datasets/commands';

const ui = (workspace: UiState['workspace']) => ({ workspace }) as UiState;

describe('commands that run a panel’s action', () => {
  it('are enabled only in their workspace while the panel has offered the action, and run it', () => {
    const exportCommand = panelCommand('export', 'datasets', { id: 'x', label: 'Export', category: 'Dataset' });
    expect(exportCommand.enabled!(ui('datasets'))).toBe(false);
    let runs = 0;
    usePanelActions.setState({ handlers: { export: () => runs++ } });
    expect(exportCommand.enabled!(ui('datasets'))).toBe(true);
    expect(exportCommand.enabled!(ui('graph'))).toBe(false);
    void exportCommand.perform(ui('datasets'));
    expect(runs).toBe(1);
    usePanelActions.setState({ handlers: {} });
  });

  it('offer the Datasets export under a label a user searches for', () => {
    const matches = DATASET_COMMANDS.filter((c) => `${c.category} ${c.label}`.toLowerCase().includes('export'));
    expect(matches.map((c) => c.id)).toEqual(['dataset.export']);
  });

  it('from another workspace open the panel’s workspace and leave the action for the panel to run', () => {
    const command = anywherePanelCommand('importTrajectories', 'trajectories', {
      id: 'y',
      label: 'Import',
      category: 'Workspace',
    });
    const shown: string[] = [];
    const from = (workspace: UiState['workspace']) =>
      ({ workspace, showWorkspace: (w: UiState['workspace']) => shown.push(w) }) as unknown as UiState;
    void command.perform(from('graph'));
    expect(shown).toEqual(['trajectories']);
    expect(usePanelActions.getState().pending).toBe('importTrajectories');
    // In its workspace with the panel mounted, it runs at once.
    let runs = 0;
    usePanelActions.setState({ handlers: { importTrajectories: () => runs++ }, pending: null });
    void command.perform(from('trajectories'));
    expect(runs).toBe(1);
    expect(shown).toEqual(['trajectories']);
    usePanelActions.setState({ handlers: {}, pending: null });
  });
});
