import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';

const rollback = {
  name: 'rollback_deploy',
  parameters: {
    type: 'object',
    properties: {
      service: { type: 'string', enum: ['auth', 'billing', 'search'] },
      version: { type: 'string', pattern: '^v\\d+\\.\\d+\\.\\d+$' },
      replicas: { type: 'integer', maximum: 10 },
      mode: { const: 'safe' },
    },
    required: ['service', 'version'],
    additionalProperties: false,
  },
};
const validate = argumentValidator({ tools: [rollback] });

describe('schema violations name the value and what is allowed', () => {
  it('an enum violation names the value and every allowed value', () => {
    expect(validate('rollback_deploy', { service: 'payments', version: 'v1.2.3' })).toEqual([
      { path: '$.service', message: 'service is "payments", not one of "auth", "billing", "search"' },
    ]);
  });

  it('a type, a bound, a pattern and a const violation each name the value', () => {
    const problems = validate('rollback_deploy', { service: 'auth', version: 'latest', replicas: 12, mode: 'fast' });
    expect(problems).toEqual([
      { path: '$.version', message: 'version is "latest": it must match pattern "^v\\d+\\.\\d+\\.\\d+$"' },
      { path: '$.replicas', message: 'replicas is 12: it must be <= 10' },
      { path: '$.mode', message: 'mode is "fast", not "safe"' },
    ]);
    expect(validate('rollback_deploy', { service: 'auth', version: 'v1.0.0', replicas: 'two' })).toEqual([
      { path: '$.replicas', message: 'replicas is "two": it must be integer' },
    ]);
  });

  it('names a property the schema does not allow, and a missing one', () => {
    expect(validate('rollback_deploy', { service: 'auth', force: true })).toEqual([
      { path: '$.version', message: 'missing required argument version' },
      { path: '$', message: 'arguments has force, which its schema does not allow' },
    ]);
  });
});
