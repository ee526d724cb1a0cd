import { describe, expect, it } from 'vitest';
import { isPath, parsePath, selectAll, selectOne } from '../../../../shared/formats/mapping';
import { runValue, selectEntries, pathText } from '../../../../shared/formats/mapping/path';

describe('mapping paths', () => {
  const run = {
    steps: [
      { text: 'a', parts: [{ text: 'x' }, { text: 'y' }] },
      { text: 'b', parts: [] },
    ],
    'odd.key': { 'with [brackets]': 7 },
  };

  it('reads dotted fields, one element, every element, and quoted names', () => {
    expect(selectOne(run, 'steps[1].text')).toBe('b');
    expect(selectAll(run, 'steps[*].text')).toEqual(['a', 'b']);
    expect(selectAll(run, 'steps[].parts[*].text')).toEqual(['x', 'y']);
    expect(selectOne(run, '["odd.key"]["with [brackets]"]')).toBe(7);
  });

  it('"$" is the value itself, and "$." reads from the record rather than the run', () => {
    expect(selectAll(run, '$')).toEqual([run]);
    expect(runValue({ model: 'run' }, { model: 'record' }, 'model')).toBe('run');
    expect(runValue({ model: 'run' }, { model: 'record' }, '$.model')).toBe('record');
  });

  it('finds nothing where a step is missing, without throwing', () => {
    expect(selectAll(run, 'steps[5].text')).toEqual([]);
    expect(selectAll(run, 'steps.text')).toEqual([]);
    expect(selectOne('not an object', 'a.b')).toBeUndefined();
  });

  it('gives each value the concrete path it was found at, written back as a path', () => {
    const entries = selectEntries(run, 'steps[*].parts[*]');
    expect(entries.map((e) => pathText(e.at))).toEqual(['steps[0].parts[0]', 'steps[0].parts[1]']);
    expect(pathText(parsePath('["odd.key"].b'))).toBe('["odd.key"].b');
  });

  it('refuses text that is not a path, saying where it stops', () => {
    expect(isPath('steps[*].text')).toBe(true);
    expect(isPath('steps[x')).toBe(false);
    expect(() => parsePath('a..b')).toThrow(/unexpected/);
  });
});
