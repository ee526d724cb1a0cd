import { describe, expect, it } from 'vitest';
import {
  INFO_LIFETIME_MS,
  raiseNotice,
  shownNotice,
  switchWorkspace,
  unseenErrors,
  type Notice,
} from '../../renderer/src/state/notices';

const T = 1_000_000;
const info = (text: string, workspace: Notice['workspace'], at = T) => ({ text, kind: 'info' as const, workspace, at });
const error = (text: string, workspace: Notice['workspace'], at = T) => ({
  text,
  kind: 'error' as const,
  workspace,
  at,
});
const texts = (n: Notice | null) => n?.text ?? null;

describe('status-bar notices belong to the workspace that raised them', () => {
  it('shows a result only in its own workspace, and not again after the user has left it', () => {
    let notices = raiseNotice([], info('Laid out in 40 ms.', 'graph'), 'graph');
    expect(texts(shownNotice(notices, 'graph', T + 1))).toBe('Laid out in 40 ms.');
    notices = switchWorkspace(notices, 'graph', 'models');
    expect(shownNotice(notices, 'models', T + 2)).toBeNull();
    notices = switchWorkspace(notices, 'models', 'graph');
    expect(shownNotice(notices, 'graph', T + 3)).toBeNull();
  });

  it('lets a result fade after a while, but keeps an error', () => {
    const notices = raiseNotice(
      raiseNotice([], info('Exported 13 tools.', 'graph'), 'graph'),
      error('Layout failed.', 'runs'),
      'graph',
    );
    expect(shownNotice(notices, 'graph', T + INFO_LIFETIME_MS - 1)).not.toBeNull();
    expect(shownNotice(notices, 'graph', T + INFO_LIFETIME_MS)).toBeNull();
    expect(texts(shownNotice(notices, 'runs', T + 10 * INFO_LIFETIME_MS))).toBe('Layout failed.');
  });

  it('keeps an error raised for another workspace until the user has been there to see it', () => {
    let notices = raiseNotice([], error('The model could not be loaded.', 'models'), 'graph');
    expect(shownNotice(notices, 'graph', T)).toBeNull();
    expect(unseenErrors(notices).map((n) => n.workspace)).toEqual(['models']);
    notices = switchWorkspace(notices, 'graph', 'runs');
    expect(unseenErrors(notices)).toHaveLength(1);
    notices = switchWorkspace(notices, 'runs', 'models');
    expect(texts(shownNotice(notices, 'models', T + 1))).toBe('The model could not be loaded.');
    expect(unseenErrors(notices)).toEqual([]);
    notices = switchWorkspace(notices, 'models', 'graph');
    expect(notices).toEqual([]);
  });

  it('replaces a workspace’s last notice with its next one, leaving the others', () => {
    let notices = raiseNotice([], error('Not saved.', 'graph'), 'graph');
    notices = raiseNotice(notices, info('Added to Train (3 trajectories).', 'trajectories', T + 5), 'graph');
    notices = raiseNotice(notices, info('Saved.', 'graph', T + 6), 'graph');
    expect(notices.map((n) => `${n.workspace}: ${n.text}`)).toEqual([
      'trajectories: Added to Train (3 trajectories).',
      'graph: Saved.',
    ]);
  });
});
