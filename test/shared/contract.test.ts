import { describe, expect, it } from 'vitest';
import { contract, isMethodName, RequestMessage } from '../../shared/contract';
import { ERRORS, formatError, TrellisError } from '../../shared/errors';

describe('contract', () => {
  it('names every method domain.verb and gives it a summary', () => {
    for (const [name, spec] of Object.entries(contract)) {
      expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(spec.summary.length).toBeGreaterThan(10);
    }
  });

  it('knows its own method names and nothing else', () => {
    expect(isMethodName('graphs.list')).toBe(true);
    expect(isMethodName('toString')).toBe(false);
    expect(isMethodName('graphs.drop')).toBe(false);
  });

  it('validates arguments with the schemas that type them', () => {
    expect(contract['graphs.rename'].args.safeParse({ id: 'a', name: 'Trips' }).success).toBe(true);
    expect(contract['graphs.rename'].args.safeParse({ id: 'a', name: '   ' }).success).toBe(false);
    expect(contract['trajectories.list'].args.parse({})).toEqual({ filter: {}, limit: 200, offset: 0 });
    expect(contract['trajectories.list'].args.safeParse({ limit: 0 }).success).toBe(false);
  });

  it('accepts only request envelopes with a numeric id', () => {
    expect(RequestMessage.safeParse({ kind: 'request', id: 1, method: 'graphs.list', args: {} }).success).toBe(true);
    expect(RequestMessage.safeParse({ kind: 'request', id: '1', method: 'graphs.list' }).success).toBe(false);
  });
});

describe('errors', () => {
  it('gives every code a title and a hint that says what to do', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^E\d{4}$/);
      expect(entry.hint).toMatch(/\.$/);
    }
  });

  it('survives a trip through a transport', () => {
    const error = new TrellisError('E3002', 'A graph named "Trips" already exists.');
    const back = TrellisError.fromData(JSON.parse(JSON.stringify(error.toData())));
    expect(back).toMatchObject({ code: 'E3002', message: error.message, hint: 'Choose another name.' });
    expect(formatError(back.toData())).toBe(
      'E3002 Name already used: A graph named "Trips" already exists. Choose another name.',
    );
  });
});
