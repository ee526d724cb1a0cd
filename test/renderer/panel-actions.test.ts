import { describe, expect, it } from 'vitest';
import { panelCommand, usePanelActions } from '../../renderer/src/commands/panel-actions';
import type { UiState } from '../../renderer/src/state/ui-store';
import { DATASET_COMMANDS } from '../../renderer/src/workspaces/datasets/commands';

const ui = (workspace: UiState['workspace']) => ({ workspace }) as UiState;

describe('commands that run a panel’s action', () => {
  it('are enabled only in their workspace while the panel has offered the action, and run it', () => {
    const exportCommand = panelCommand('export', 'datasets', { id: 'x', label: 'Export', category: 'Dataset' });
    expect(exportCommand.enabled!(ui('datasets'))).toBe(false);
    let runs = 0;
    usePanelActions.setState({ handlers: { export: { perform: () => runs++ } } });
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

  it('are off with the panel’s own reason while it cannot run them, and say elsewhere where they work', () => {
    const exportCommand = panelCommand('export', 'datasets', {
      id: 'x',
      label: 'Export',
      category: 'Dataset',
      disabledReason: () => 'Works in Datasets.',
    });
    expect(exportCommand.workspace).toBe('datasets');
    expect(exportCommand.disabledReason!(ui('graph'))).toBe('Works in Datasets.');
    usePanelActions.setState({ handlers: { export: { perform: () => undefined, off: 'Exporting…' } } });
    expect(exportCommand.enabled!(ui('datasets'))).toBe(false);
    expect(exportCommand.disabledReason!(ui('datasets'))).toBe('Exporting…');
    usePanelActions.setState({ handlers: {} });
  });
});
