import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { recordedDomain, recordingsFileWithout } from '../../helpers/recorded-domains';
import { tempDir } from '../../helpers/temp';

const MOVE = 'Move my design review on Dec 3 to 2pm and tell the attendees';
const LIST_AND_EMAIL = "List my home calendar events for Dec 5 and email the first one's title to ana@example.com";
const SEND = 'Send an email to bob@example.com with the subject Lunch and the body See you at noon';

/** A workspace with the calendar/e-mail graph twice: one holding recorded trajectories (not of these requests), one none. */
async function calendarWorkspace() {
  const dir = tempDir();
  const b = createBackend({ workspace: path.join(dir, 'calendar.trellis'), host: 'cli', seed: false });
  const { graph } = recordedDomain('calendar-email');
  const make = async (name: string) => {
    const { id } = await b.registry.invoke('graphs.create', { name });
    await b.registry.invoke('graphs.save', { id, tools: graph.tools, edges: graph.edges, dismissedSuggestions: [] });
    return id;
  };
  const recorded = await make('Calendar with recordings');
  const bare = await make('Calendar without recordings');
  const { file, records } = recordingsFileWithout('calendar-email', [MOVE, LIST_AND_EMAIL, SEND], dir);
  const report = await b.registry.invoke('trajectories.import', { path: file, mode: 'strict', graphId: recorded });
  expect(report.imported).toBe(records);
  return { b, recorded, bare };
}

describe('the deterministic planner with recorded trajectories', () => {
  it('follows the nearest recordings of the graph, re-filled from the intent, and says which it followed', async () => {
    const { b, recorded } = await calendarWorkspace();
    const plan = async (intent: string, unfilled: string[] = []) => {
      const result = await b.registry.invoke('plans.generate', { graphId: recorded, intent });
      const [candidate] = result.candidates;
      const errors = candidate!.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.where.step} ${p.where.path}: ${p.message}`)).toEqual(unfilled);
      return candidate!;
    };

    const move = await plan(MOVE);
    expect(move.steps.map((s) => [s.tool, s.args])).toEqual([
      ['list_events', { date: expect.stringMatching(/^\d{4}-12-03$/) }],
      [
        'move_event',
        {
          event_id: { $ref: 's1.result.events[title=design review].event_id' },
          start: expect.stringMatching(/^\d{4}-12-03T14:00:00Z$/),
          notify: 'attendees',
        },
      ],
    ]);
    expect(move.followed?.[0]).toMatchObject({
      request: expect.stringMatching(/^(Move|Please push) /),
      similarity: expect.any(Number),
    });

    // The recording's body was its own words, not the request's: the plan leaves it for the person.
    const listed = await plan(LIST_AND_EMAIL, ['s3 args.body: missing required argument body']);
    expect(listed.steps.map((s) => [s.tool, s.args])).toEqual([
      ['list_calendars', {}],
      [
        'list_events',
        { calendar_id: { $ref: 's1.result.calendars[name=home].calendar_id' }, date: expect.stringMatching(/-12-05$/) },
      ],
      ['send_email', { to: 'ana@example.com', subject: { $ref: 's2.result.events[].title' } }],
    ]);
    expect(listed.notes).toEqual([
      expect.stringMatching(/^s3 send_email\.body needs a value: the intent does not give one/),
    ]);
    expect(listed.followed?.map((f) => f.request)).toContain(
      "List my work calendar events for Dec 9 and email the first one's title to leo@example.com",
    );

    const sent = await plan(SEND);
    expect(sent.steps.map((s) => [s.tool, s.args])).toEqual([
      ['send_email', { to: 'bob@example.com', subject: 'Lunch', body: 'See you at noon' }],
    ]);
    // The trajectory it followed is one of the graph's, named by its id.
    const ids = (await b.registry.invoke('trajectories.list', { filter: {}, limit: 50, offset: 0 })).items.map(
      (t) => t.id,
    );
    expect(ids).toContain(sent.followed![0]!.trajectoryId);
    b.close();
  });

  it('plans as before on a graph without recordings, and for an intent no recording is near', async () => {
    const { b, recorded, bare } = await calendarWorkspace();
    const without = await b.registry.invoke('plans.generate', { graphId: bare, intent: SEND });
    expect(without.candidates[0]!.followed).toBeUndefined();
    expect(without.goals).toEqual(['send_email']);
    // The subject and the body said in prose are read from the intent itself.
    expect(without.candidates[0]!.steps[0]!.args).toEqual({
      to: 'bob@example.com',
      subject: 'Lunch',
      body: 'See you at noon',
    });
    const far = await b.registry.invoke('plans.generate', {
      graphId: recorded,
      intent: 'find_contact named Ana Silva',
    });
    expect(far.candidates[0]!.followed).toBeUndefined();
    expect(far.goals).toEqual(['find_contact']);
    b.close();
  });

  it('leaves out the conversion the example recording ended with when the intent only books, reading no currency from its day', async () => {
    const b = createBackend({ workspace: path.join(tempDir(), 'trip.trellis'), host: 'cli', seed: true });
    const [trip] = await b.registry.invoke('graphs.list', {});
    // The recording said "… and tell me the total in USD"; "on 2026-06-01" is a day, not "in USD".
    const result = await b.registry.invoke('plans.generate', {
      graphId: trip!.id,
      intent: 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana Silva',
    });
    const [candidate] = result.candidates;
    expect(candidate!.followed?.[0]?.request).toMatch(/and tell me the total in USD\.$/);
    expect(candidate!.steps.map((s) => [s.tool, s.args])).toEqual([
      ['search_flights', { origin: 'Lisbon', destination: 'Paris', date: '2026-06-01', passengers: 1 }],
      [
        'book_flight',
        { flight_id: { $ref: 's1.result.cheapest_flight_id' }, passengers: 1, traveler_name: 'Ana Silva' },
      ],
    ]);
    expect(candidate!.notes).toContain('Left out s3 convert_currency: the intent does not say its to_currency.');
    expect(candidate!.problems).toEqual([]);
    b.close();
  });
});
