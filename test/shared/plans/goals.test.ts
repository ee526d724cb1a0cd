import { describe, expect, it } from 'vitest';
import { goalToolsFor, rankToolsForIntent, toolsNamedIn } from '../../../shared/plans';
import { stem } from '../../../shared/plans/intent-words';
import { exampleGraph, smartHomeGraph } from '../../helpers/graphs';

const trip = exampleGraph();
const home = smartHomeGraph();
const goals = (intent: string, graph = trip) => goalToolsFor(intent, graph).map((g) => g.tool);

describe('goal tools from plain words', () => {
  it.each([
    // [rule, intent, goals]
    [
      'words of tool names, one goal per clause joined by "and"',
      'Book a flight to Rome and a hotel near the station',
      ['book_flight', 'book_hotel'],
    ],
    [
      'plurals and -ing forms meet the name (hotels → hotel, booking → book)',
      'Booking hotels in Rome for 2 nights',
      ['book_hotel'],
    ],
    ['reserve means book', 'Reserve a hotel in Lisbon', ['book_hotel']],
    ['"look up" means search', 'Look up flights from Paris to Lisbon', ['search_flights']],
    ['the clause’s own verb wins over the other tools of that noun', 'Search hotels in Rome', ['search_hotels']],
    ['each clause keeps its own verb', 'Search flights to Rome and book a hotel', ['search_flights', 'book_hotel']],
    [
      'a goal that another goal needs anyway is dropped',
      'Convert the price of the booked flight to USD',
      ['convert_currency'],
    ],
    [
      'a clause without a verb borrows the previous one’s, and the later goal needs the earlier',
      'Find a museum in Kyoto, then the time to walk there',
      ['get_travel_time'],
    ],
    [
      'without a verb the best match alone is the goal',
      'Is my calendar free next week?',
      ['check_calendar_availability'],
    ],
    [
      'description and parameter words count (weather, email)',
      'What will the weather be in Kyoto on 2027-04-02?',
      ['get_weather_forecast'],
    ],
    ['email is a way of sending', 'Email the itinerary to ana@example.com', ['send_itinerary_email']],
    ['a bare verb points at no tool', 'book a table for two', []],
    ['words of no tool give no goal', 'Play some jazz', []],
  ])('%s: %s', (_rule, intent, expected) => {
    expect(goals(intent)).toEqual(expected);
  });

  it('keeps exact tool names working, each named tool a goal even when another needs it', () => {
    expect(toolsNamedIn('please book_flight and then convert currency', trip)).toEqual([
      'book_flight',
      'convert_currency',
    ]);
    expect(goals('please book_flight and then convert currency')).toEqual(['book_flight', 'convert_currency']);
    expect(goals('book_hotel in Rome for 2 nights from 2026-12-10')).toEqual(['book_hotel']);
    // A named tool settles its clause: the plain words of that clause add nothing.
    expect(goals('search_hotels and book nothing')).toEqual(['search_hotels']);
  });

  it('says why each goal was chosen: the intent words that matched, or the name typed', () => {
    expect(goalToolsFor('Book a flight to Rome and a hotel near the station', trip)).toEqual([
      { tool: 'book_flight', score: 6, matched: ['book', 'flight'] },
      { tool: 'book_hotel', score: 6, matched: ['book', 'hotel'] },
    ]);
    expect(goalToolsFor('Reserve hotels', trip)).toEqual([
      { tool: 'book_hotel', score: 5, matched: ['reserve', 'hotels'] },
    ]);
    expect(goalToolsFor('book_hotel please', trip)).toEqual([
      { tool: 'book_hotel', score: 10, matched: ['book_hotel'] },
    ]);
  });

  it.each([
    [
      '"book it" books what the clause before found',
      'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana Silva',
      ['book_flight'],
    ],
    [
      '"reserve it" means book, for what was found',
      'Find a hotel in Paris for 2 guests and reserve it',
      ['book_hotel'],
    ],
    [
      '"book that one" after a named tool (which stays a goal)',
      'search_flights from Paris to Rome, then book that one',
      ['search_flights', 'book_flight'],
    ],
    ['a bare verb at the end takes the object before it', 'Look up hotels in Rome and book', ['book_hotel']],
    ['"it" after a clause that found nothing still points at no tool', 'Play some jazz and book it', []],
  ])('%s: %s', (_rule, intent, expected) => {
    expect(goals(intent)).toEqual(expected);
  });

  it('ranks every tool the words point at, for naming the closest when none is a goal', () => {
    const ranked = rankToolsForIntent('book a table for two', trip);
    expect(goalToolsFor('book a table for two', trip)).toEqual([]);
    expect(ranked.map((r) => [r.tool, r.score])).toEqual([
      ['book_flight', 3],
      ['book_hotel', 3],
    ]);
  });

  it('works on a graph with other tools (smart home)', () => {
    expect(goals('Set the living room thermostat to 21 degrees in heat mode', home)).toEqual(['set_thermostat']);
    expect(goals('make the bedroom 21 degrees', home)).toEqual(['set_thermostat']);
    expect(goals('change the kitchen to 19.5°C', home)).toEqual(['set_thermostat']);
    expect(goals('What is the temperature in the bedroom?', home)).toEqual(['get_temperature']);
    // "list" is list_rooms' own word; get_temperature only gets a synonym of it.
    expect(goals('list the rooms', home)).toEqual(['list_rooms']);
    expect(goals('turn on the lights', home)).toEqual([]);
  });

  it('stems so that the forms of one word compare equal', () => {
    expect(['flights', 'flight'].map(stem)).toEqual(['flight', 'flight']);
    expect(['booking', 'booked', 'books', 'book'].map(stem)).toEqual(['book', 'book', 'book', 'book']);
    expect(['reserve', 'reserved', 'reserving', 'reservation'].map(stem)).toEqual(Array(4).fill('reserv'));
    expect(['cities', 'city', 'searches', 'setting', 'set'].map(stem)).toEqual([
      'city',
      'city',
      'search',
      'set',
      'set',
    ]);
    expect(['travellers', 'traveler', 'address', 'celsius'].map(stem)).toEqual([
      'traveler',
      'traveler',
      'address',
      'celsius',
    ]);
  });
});
