import { beforeEach, describe, expect, it } from 'vitest';
import { draftKey, useSchemaDrafts } from '../../../renderer/src/workspaces/graph/schema-drafts';

const draft = (text: string) => ({ text, errors: ['Unexpected end of JSON input'] });

describe('schema drafts', () => {
  beforeEach(() => useSchemaDrafts.setState({ drafts: {} }));

  it("follow a renamed tool, both sides, and leave other graphs' tools of the same name alone", () => {
    const { keep, rename } = useSchemaDrafts.getState();
    keep(draftKey('g1', 'search', 'parameters'), draft('{"type":'));
    keep(draftKey('g1', 'search', 'returns'), draft('{"prop'));
    keep(draftKey('g2', 'search', 'parameters'), draft('{'));
    rename('g1', 'search', 'search_flights');
    expect(Object.keys(useSchemaDrafts.getState().drafts).sort()).toEqual([
      'g1:search_flights.parameters',
      'g1:search_flights.returns',
      'g2:search.parameters',
    ]);
    expect(useSchemaDrafts.getState().drafts['g1:search_flights.parameters']!.text).toBe('{"type":');
  });

  it("drop the drafts of a graph's tools that are gone, and only those", () => {
    const { keep, prune } = useSchemaDrafts.getState();
    keep(draftKey('g1', 'book.v2', 'parameters'), draft('{'));
    keep(draftKey('g1', 'gone', 'returns'), draft('{'));
    keep(draftKey('g2', 'gone', 'returns'), draft('{'));
    prune('g1', ['book.v2']);
    expect(Object.keys(useSchemaDrafts.getState().drafts).sort()).toEqual(['g1:book.v2.parameters', 'g2:gone.returns']);
  });
});
