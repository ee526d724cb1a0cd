import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../shared/domain';
import { enumMembersSaid, statedArguments, statedPairsIn } from '../../../shared/plans/stated-values';
import { idsIn } from '../../../shared/plans/intent-slots';

const tool = (name: string, properties: Record<string, object>): Pick<Tool, 'name' | 'parameters'> => ({
  name,
  parameters: { type: 'object', properties },
});

describe('values a request states outright', () => {
  it('reads key: value pairs up to the clause or the next label, and no clock time as a pair', () => {
    expect(
      statedPairsIn('Open an incident for service: auth titled Login failures, severity: sev2, team: identity'),
    ).toEqual([
      { keys: ['for service', 'service'], value: 'auth' },
      { keys: ['severity'], value: 'sev2' },
      { keys: ['team'], value: 'identity' },
    ]);
    expect(statedPairsIn('Page them: "p99 above 2s since 14:05"')).toEqual([
      { keys: ['Page them', 'them'], value: 'p99 above 2s since 14:05' },
    ]);
    expect(statedPairsIn('Remind me at 14:05 about it')).toEqual([]);
  });

  it('gives each parameter what the request states for it: by its name, by what the tool acts on, after its label', () => {
    const incident = tool('create_incident', {
      title: { type: 'string' },
      severity: { type: 'string', enum: ['sev1', 'sev2'] },
      team: { type: 'string' },
      impact: { type: 'integer' },
    });
    expect(statedArguments(incident, 'Open one: severity: SEV2, team: identity, impact: 40')).toEqual({
      severity: 'sev2',
      team: 'identity',
      impact: 40,
    });
    // Not a member, not a number: nothing.
    expect(statedArguments(incident, 'severity: urgent, impact: lots')).toEqual({});
    expect(
      statedArguments(
        tool('get_service', { name: { type: 'string' } }),
        'Roll back service: auth to the previous release',
      ),
    ).toEqual({
      name: 'auth',
    });
    const page = tool('page_oncall', { team: { type: 'string' }, message: { type: 'string' } });
    expect(statedArguments(page, 'Page search with the message "p99 above 2s"')).toEqual({ message: 'p99 above 2s' });
    expect(statedArguments(page, 'Page search saying “disk full on db-3”')).toEqual({ message: 'disk full on db-3' });
    const mail = tool('send_email', { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } });
    expect(statedArguments(mail, 'Email mia@example.com with the subject Plan and the body See you at noon')).toEqual({
      subject: 'Plan',
      body: 'See you at noon',
    });
    // "a note to incident …" is no label followed by its text.
    const note = tool('add_incident_note', { incident_id: { type: 'string' }, note: { type: 'string' } });
    expect(statedArguments(note, 'Add a note to incident INC-7 saying "waiting on db"')).toEqual({
      note: 'waiting on db',
    });
  });

  it('finds enum members said with digits, and ids and versions as written', () => {
    expect(enumMembersSaid(['sev1', 'sev2', 'sev3'], 'Open a sev1 incident')).toEqual(['sev1']);
    expect(enumMembersSaid(['none', 'attendees'], 'and tell the attendees')).toEqual(['attendees']);
    expect(
      idsIn('Roll INC-5120 back to v2.3.1 (svc-12, #88), not 2026-12-03 or bob@x-1.io').map((f) => f.value),
    ).toEqual(['INC-5120', 'v2.3.1', 'svc-12', '#88']);
  });
});
