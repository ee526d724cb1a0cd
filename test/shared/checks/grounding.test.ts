import { describe, expect, it } from 'vitest';
import { SaidSoFar, trajectoryDay } from '../../../shared/checks/grounding';
import { checkTrajectory } from '../../../shared/checks/trajectory';
import type { Turn } from '../../../shared/domain';

describe('what was said so far gives a value as people write it', () => {
  const said = new SaidSoFar('2026-12-01')
    .add(
      'Set up a budget review with "dana@acme.io" on Dec 3 at 2pm, and let all attendees know. Ref QX7-T2M, $200,000.',
    )
    .add('{"positions": [{"symbol": "TSLA", "qty": "1,250", "note": "O\\u2019Neil"}]}');

  it('grounds literal, typed, id-like and worded values', () => {
    for (const value of [
      'Dana@Acme.io',
      '2026-12-03',
      '2026-12-03T14:00:00Z',
      '14:00',
      200000,
      '200000',
      'QX7T2M',
      'all_attendees',
      'Budget review with Dana',
      1250,
      'O’Neil',
    ])
      expect(said.gives(value), String(value)).toBe(true);
  });

  it('does not ground values nothing gave', () => {
    for (const value of ['2026-12-10', '2026-12-03T15:00:00Z', 20000, '1250.5', 'QX7T2N', 'ana@acme.io', 'Ana Souza'])
      expect(said.gives(value), String(value)).toBe(false);
  });

  it('compares numbers as numbers: 500 is not in 1500, 412.5 is 412.50', () => {
    const prices = new SaidSoFar().add('limit $412.50, about 1500 shares');
    expect([prices.gives(412.5), prices.gives(500), prices.gives('150')]).toEqual([true, false, false]);
  });

  it('leaves yes/no words and composed prose alone', () => {
    const empty = new SaidSoFar();
    expect([empty.gives('yes'), empty.gives('off')]).toEqual([true, true]);
    expect(empty.gives('Hi Dana,\nHere is the agenda.')).toBe(true);
    expect(empty.gives('Invoice')).toBe(false);
  });

  it('reads what is added after a value was looked for (each kind of value as it is first needed)', () => {
    const growing = new SaidSoFar('2026-12-01').add('Book a table for the team.');
    expect([
      growing.gives('2026-12-04'),
      growing.gives(6),
      growing.gives('EUR'),
      growing.gives('Terrace Room'),
    ]).toEqual([false, false, false, false]);
    growing.add('{"slots": [{"day": "Dec 4", "seats": "six"}], "price": "40 euros", "room": "the terrace rooms"}');
    expect([growing.gives('2026-12-04'), growing.gives('EUR'), growing.gives('Terrace Room')]).toEqual([
      true,
      true,
      true,
    ]);
    growing.add('Party of 6, please.');
    expect(growing.gives(6)).toBe(true);
  });

  it('needs the day a trajectory carries to read "tomorrow"', () => {
    expect(new SaidSoFar('2026-12-01').add('tomorrow at 4:30 pm').gives('2026-12-02T16:30:00Z')).toBe(true);
    expect(new SaidSoFar().add('tomorrow at 4:30 pm').gives('2026-12-02T16:30:00Z')).toBe(false);
  });
});

describe('the day a trajectory took place', () => {
  const turns = (system: string): Turn[] => [
    { role: 'system', content: system },
    { role: 'user', content: 'hi' },
  ];

  it('is the date its system message states', () => {
    expect(trajectoryDay({ turns: turns('Today is Tuesday, 1 December 2026.') })).toBe('2026-12-01');
    expect(trajectoryDay({ turns: turns('Current date: 2026-11-20. Be brief.') })).toBe('2026-11-20');
  });

  it('else its record’s timestamp, its first timed turn, or when a run was made', () => {
    const plain = turns('You are helpful.');
    expect(trajectoryDay({ turns: plain, metadata: { created: 1796083200 } })).toBe('2026-12-01');
    expect(trajectoryDay({ turns: plain, metadata: { metadata: { created_at: '2026-11-27T16:40:00Z' } } })).toBe(
      '2026-11-27',
    );
    expect(
      trajectoryDay({
        turns: [{ role: 'user', content: 'hi', timing: { startedAt: '2026-10-02T08:00:00Z', durationMs: 1 } }],
      }),
    ).toBe('2026-10-02');
    expect(trajectoryDay({ turns: plain, kind: 'run', createdAt: '2026-09-01T10:00:00Z' })).toBe('2026-09-01');
  });

  it('is unknown for an import that carries none (the import time is not the conversation’s day)', () => {
    expect(
      trajectoryDay({ turns: turns('You are helpful.'), kind: 'imported', createdAt: '2026-12-02T00:00:00Z' }),
    ).toBe(undefined);
  });
});

describe('dependency order and grounding in a calendar assistant’s log', () => {
  const graph = {
    tools: [
      { name: 'find_contact', parameters: { type: 'object', properties: { name: { type: 'string' } } } },
      {
        name: 'send_email',
        parameters: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' } } },
      },
      {
        name: 'create_event',
        parameters: { type: 'object', properties: { title: { type: 'string' }, start: { type: 'string' } } },
      },
    ],
    edges: [
      {
        kind: 'dependency' as const,
        fromTool: 'find_contact',
        fromPath: 'contacts[].email',
        toTool: 'send_email',
        toParam: 'to',
      },
    ],
  };
  const run = (user: string, args: Record<string, unknown>, tool = 'send_email', today?: string) =>
    checkTrajectory(
      [
        { role: 'system', content: 'You manage a calendar.' },
        { role: 'user', content: user },
        { role: 'assistant', toolCalls: [{ id: 'c1', name: tool, args }] },
        { role: 'tool', toolCallId: 'c1', content: '{"ok": true}' },
        { role: 'assistant', content: 'Done.' },
      ],
      { graph, ...(today ? { today } : {}) },
    ).map((f) => `${f.code} ${f.where.path}`);

  it('is quiet when the user gave the address the lookup would find', () => {
    expect(run('Mail dana@acme.io the agenda.', { to: 'dana@acme.io', subject: 'Agenda' })).toEqual([]);
  });

  it('speaks when the address came from nowhere, once: the lookup that should have given it was not called', () => {
    expect(run('Mail Dana the agenda.', { to: 'dana@acme.io', subject: 'Agenda' })).toEqual([
      'dependency-order $.toolCalls[0].args.to',
    ]);
  });

  it('takes an earlier result of another tool, at any depth, as giving the value', () => {
    const findings = checkTrajectory(
      [
        { role: 'user', content: 'Mail the organiser of my next meeting.' },
        { role: 'assistant', toolCalls: [{ id: 'c0', name: 'create_event', args: { title: 'Organiser' } }] },
        {
          role: 'tool',
          toolCallId: 'c0',
          content: '{"event": {"people": [{"role": "organiser", "mail": "lee@acme.io"}]}}',
        },
        {
          role: 'assistant',
          toolCalls: [{ id: 'c1', name: 'send_email', args: { to: 'lee@acme.io', subject: 'Next meeting' } }],
        },
        { role: 'tool', toolCallId: 'c1', content: '{"ok": true}' },
        { role: 'assistant', content: 'Done.' },
      ],
      { graph },
    );
    expect(findings).toEqual([]);
  });

  it('grounds a date-time from "Dec 3 … 2pm", and flags one the user did not give', () => {
    expect(
      run('Budget review on Dec 3 at 2pm.', { title: 'Budget review', start: '2026-12-03T14:00:00Z' }, 'create_event'),
    ).toEqual([]);
    expect(
      run('Budget review on Dec 3 at 2pm.', { title: 'Budget review', start: '2026-12-03T16:00:00Z' }, 'create_event'),
    ).toEqual(['ungrounded-value $.toolCalls[0].args.start']);
  });

  it('reads "Friday" from the day it is given', () => {
    const friday = (today?: string) =>
      run('Lunch on Friday at noon.', { title: 'Lunch', start: '2026-12-04T12:00:00Z' }, 'create_event', today);
    expect(friday('2026-12-01')).toEqual([]);
    expect(friday()).toEqual(['ungrounded-value $.toolCalls[0].args.start']);
  });
});
