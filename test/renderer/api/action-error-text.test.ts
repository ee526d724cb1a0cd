import { describe, expect, it } from 'vitest';
import { actionErrorText } from '../../../renderer/src/api/use-action';
import { TrellisError } from '../../../shared/errors';

describe('what a failed action says under its form', () => {
  it("adds the backend's hint to its message, once", () => {
    const down = new TrellisError(
      'E5004',
      'Cannot reach the server at http://x/v1.',
      'Start the server; no run was made.',
    );
    expect(actionErrorText(down)).toBe('Cannot reach the server at http://x/v1. Start the server; no run was made.');
    const said = new TrellisError('E5004', 'Down. Start the server.', 'Start the server.');
    expect(actionErrorText(said)).toBe('Down. Start the server.');
  });

  it('keeps a plain error as it is', () => {
    expect(actionErrorText(new Error('network gone'))).toBe('network gone');
  });
});
