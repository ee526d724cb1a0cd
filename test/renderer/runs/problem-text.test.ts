import { describe, expect, it } from 'vitest';
import { messageAfterPath } from '../../../renderer/src/workspaces/runs/problem-text';

describe('a plan problem after its path', () => {
  it('does not name the field twice', () => {
    const p = { path: 'args.lat', message: 'lat refers to geocode_city, which is not a step.' };
    expect(messageAfterPath(p)).toBe('refers to geocode_city, which is not a step.');
  });

  it('keeps a message that starts otherwise, or only shares the field’s first letters', () => {
    expect(messageAfterPath({ path: 'dependsOn', message: 's2 depends on s9, which is not a step.' })).toBe(
      's2 depends on s9, which is not a step.',
    );
    expect(messageAfterPath({ path: 'args.to', message: 'tool book_x is not in the graph.' })).toBe(
      'tool book_x is not in the graph.',
    );
  });
});
