import { describe, expect, it } from 'vitest';
import { EXPERIMENT_VERBS } from '../../cli/experiment';
import { exportVerb } from '../../cli/export';
import { helpText } from '../../cli/verb';

describe('a verb’s help', () => {
  it('keeps every flag apart from its description, in one column, however long the flag', () => {
    for (const verb of [...EXPERIMENT_VERBS, exportVerb]) {
      const options = helpText(verb).split('Options:\n')[1]!.split('\n');
      const columns = new Set<number>();
      for (const line of options) {
        const match = /^ {2}(--\S+(?: <value>)?)( {2,})\S/.exec(line);
        expect(match, line).not.toBeNull();
        columns.add(match![1]!.length + match![2]!.length);
      }
      expect(columns.size).toBe(1);
    }
    expect(helpText(EXPERIMENT_VERBS[0]!)).toMatch(/--tool-description <value> {2}TOOL=TEXT/);
  });
});
