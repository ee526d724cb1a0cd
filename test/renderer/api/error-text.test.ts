import { describe, expect, it } from 'vitest';
import { errorText } from '../../../renderer/src/api/error-text';
import { TrellisError } from '../../../shared/errors';

describe('what a failed request says in the UI', () => {
  it("adds the backend's hint to its message, once", () => {
    const down = new TrellisError(
      'E5004',
      'Cannot reach the server at http://x/v1.',
      'Start the server; no run was made.',
    );
    expect(errorText(down)).toBe('Cannot reach the server at http://x/v1. Start the server; no run was made.');
    const said = new TrellisError('E5004', 'Down. Start the server.', 'Start the server.');
    expect(errorText(said)).toBe('Down. Start the server.');
  });

  it('keeps a plain error as it is', () => {
    expect(errorText(new Error('network gone'))).toBe('network gone');
  });
});
