import { describe, expect, it } from 'vitest';
import type { ToolCall, Turn } from '../../../shared/domain';
import { breakpointAfter, breakpointBefore, type Breakpoint } from '../../../shared/runs';

const booking: ToolCall = { id: 's2', name: 'book_flight', args: { flight_id: 'TP-20270314-2', passengers: 2 } };

describe('breakpoints before a call', () => {
  it('holds a call to a tool with a breakpoint, and lets others through', () => {
    const on: Breakpoint[] = [{ kind: 'tool', tool: 'book_flight' }];
    expect(breakpointBefore(on, booking)).toBe('Paused before book_flight (breakpoint on the tool).');
    expect(breakpointBefore(on, { ...booking, name: 'search_flights' })).toBeNull();
    expect(breakpointBefore([], booking)).toBeNull();
  });

  it('holds a call whose argument matches a pattern, numbers matched as their JSON text', () => {
    expect(breakpointBefore([{ kind: 'argument', param: 'flight_id', pattern: '^TP-2027' }], booking)).toBe(
      'Paused before book_flight: flight_id matches ^TP-2027.',
    );
    expect(breakpointBefore([{ kind: 'argument', param: 'passengers', pattern: '^2$' }], booking)).not.toBeNull();
    expect(breakpointBefore([{ kind: 'argument', param: 'flight_id', pattern: '^LH' }], booking)).toBeNull();
    expect(breakpointBefore([{ kind: 'argument', param: 'missing', pattern: '.*' }], booking)).toBeNull();
  });

  it('matches a pattern that is no valid regular expression as plain text', () => {
    const call: ToolCall = { id: 'c', name: 'search', args: { query: 'price (EUR' } };
    expect(breakpointBefore([{ kind: 'argument', param: 'query', pattern: '(EUR' }], call)).not.toBeNull();
    expect(breakpointBefore([{ kind: 'argument', param: 'query', pattern: '(USD' }], call)).toBeNull();
  });
});

describe('the error breakpoint', () => {
  const failed: Turn = { role: 'tool', toolCallId: 's1', content: '{"error":"the mock threw Error: down"}' };

  it('pauses after an observation that is an error, only when set', () => {
    expect(breakpointAfter([{ kind: 'error' }], failed)).toBe('Paused: s1 returned an error.');
    expect(breakpointAfter([], failed)).toBeNull();
    expect(breakpointAfter([{ kind: 'error' }], { ...failed, content: '{"ok":true}' })).toBeNull();
    expect(breakpointAfter([{ kind: 'error' }], { role: 'assistant', content: '{"error":"x"}' })).toBeNull();
  });
});
