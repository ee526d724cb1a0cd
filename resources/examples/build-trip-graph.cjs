// Writes trip-planning.graph.json; kept so the example stays easy to edit by hand.
const fs = require('node:fs');
const path = require('node:path');

const str = (description, extra = {}) => ({ type: 'string', description, ...extra });
const num = (description) => ({ type: 'number', description });
const int = (description) => ({ type: 'integer', description, minimum: 1 });
const obj = (properties, required = Object.keys(properties)) => ({ type: 'object', properties, required });
const date = (d) => str(d, { format: 'date' });

const tools = [
  [
    'geocode_city',
    'Resolve a city name to coordinates, country and time zone.',
    obj({ city: str('City name, e.g. "Lisbon"') }),
    obj({
      city: str('Canonical city name'),
      country: str('ISO 3166 country code'),
      lat: num('Latitude'),
      lon: num('Longitude'),
      timezone: str('IANA time zone'),
    }),
    `const known = { lisbon: ['PT', 38.72, -9.14, 'Europe/Lisbon'], paris: ['FR', 48.86, 2.35, 'Europe/Paris'], kyoto: ['JP', 35.01, 135.77, 'Asia/Tokyo'] };
const hit = known[args.city.toLowerCase()];
if (!hit) throw new Error('Unknown city: ' + args.city);
return { city: args.city, country: hit[0], lat: hit[1], lon: hit[2], timezone: hit[3] };`,
  ],
  [
    'get_weather_forecast',
    'Daily weather forecast for a location and date.',
    obj({ lat: num('Latitude'), lon: num('Longitude'), date: date('Day of the forecast') }),
    obj({
      date: date('Day'),
      summary: str('Short description'),
      temp_c: num('Mean temperature in °C'),
      precipitation_mm: num('Rain in mm'),
    }),
    `const t = Math.round(12 + Math.abs(args.lat % 10));
return { date: args.date, summary: t > 18 ? 'sunny' : 'cloudy', temp_c: t, precipitation_mm: t > 18 ? 0 : 3.5 };`,
  ],
  [
    'search_flights',
    'Search one-way flights between two cities on a date.',
    obj({
      origin: str('Departure city'),
      destination: str('Arrival city'),
      date: date('Departure date'),
      passengers: int('Number of passengers'),
    }),
    obj({
      flights: {
        type: 'array',
        items: obj({ flight_id: str('Flight id'), departure_time: str('ISO time'), price: num('Price per person') }),
      },
      cheapest_flight_id: str('Id of the cheapest flight'),
      price: num('Cheapest total price'),
      currency: str('ISO 4217 code'),
      departure_time: str('Departure of the cheapest flight'),
    }),
    `const flights = [
  { flight_id: 'TP-' + args.date.replace(/-/g, '') + '-1', departure_time: args.date + 'T07:05:00', price: 142 },
  { flight_id: 'TP-' + args.date.replace(/-/g, '') + '-2', departure_time: args.date + 'T18:40:00', price: 96 },
];
const cheapest = flights[1];
return { flights, cheapest_flight_id: cheapest.flight_id, price: cheapest.price * args.passengers, currency: 'EUR', departure_time: cheapest.departure_time };`,
  ],
  [
    'book_flight',
    'Book a flight found by search_flights for the travellers.',
    obj({
      flight_id: str('Flight id from search_flights'),
      passengers: int('Number of passengers'),
      traveler_name: str('Lead traveller, as on the passport'),
    }),
    obj({
      booking_id: str('Airline booking reference'),
      status: str('confirmed or failed'),
      total_price: num('Total charged'),
      currency: str('ISO 4217 code'),
      departure_time: str('ISO time'),
    }),
    `if (!/^TP-\\d{8}-\\d$/.test(args.flight_id)) throw new Error('Unknown flight_id ' + args.flight_id);
return { booking_id: 'BK' + args.flight_id.slice(-10).replace('-', ''), status: 'confirmed', total_price: 96 * args.passengers, currency: 'EUR', departure_time: args.flight_id.slice(3, 7) + '-' + args.flight_id.slice(7, 9) + '-' + args.flight_id.slice(9, 11) + 'T18:40:00' };`,
  ],
  [
    'search_hotels',
    'Search hotels in a city for a stay.',
    obj({
      city: str('City name'),
      check_in: date('Arrival day'),
      check_out: date('Departure day'),
      guests: int('Number of guests'),
    }),
    obj({
      hotels: {
        type: 'array',
        items: obj({ hotel_id: str('Hotel id'), name: str('Hotel name'), nightly_rate: num('Rate per night') }),
      },
      best_hotel_id: str('Id of the best-rated hotel'),
      nightly_rate: num('Its rate per night'),
      currency: str('ISO 4217 code'),
    }),
    `const hotels = [
  { hotel_id: 'H-' + args.city.slice(0, 3).toUpperCase() + '-17', name: 'Casa do Rio', nightly_rate: 118 },
  { hotel_id: 'H-' + args.city.slice(0, 3).toUpperCase() + '-42', name: 'Hotel Miradouro', nightly_rate: 164 },
];
return { hotels, best_hotel_id: hotels[0].hotel_id, nightly_rate: hotels[0].nightly_rate, currency: 'EUR' };`,
  ],
  [
    'book_hotel',
    'Reserve a hotel found by search_hotels.',
    obj({
      hotel_id: str('Hotel id from search_hotels'),
      check_in: date('Arrival day'),
      check_out: date('Departure day'),
      guests: int('Number of guests'),
      traveler_name: str('Name on the reservation'),
    }),
    obj({
      reservation_id: str('Hotel reservation id'),
      total_price: num('Total for the stay'),
      currency: str('ISO 4217 code'),
    }),
    `if (!/^H-[A-Z]{3}-\\d+$/.test(args.hotel_id)) throw new Error('Unknown hotel_id ' + args.hotel_id);
const nights = Math.max(1, (Date.parse(args.check_out) - Date.parse(args.check_in)) / 86400000);
return { reservation_id: 'R-' + args.hotel_id.slice(2) + '-' + nights, total_price: 118 * nights, currency: 'EUR' };`,
  ],
  [
    'convert_currency',
    'Convert an amount between currencies at today’s rate.',
    obj({ amount: num('Amount to convert'), from_currency: str('ISO 4217 code'), to_currency: str('ISO 4217 code') }),
    obj({ amount: num('Converted amount'), currency: str('Target currency'), rate: num('Rate used') }),
    `const eur = { EUR: 1, USD: 1.08, GBP: 0.85, JPY: 162.4 };
if (!(args.from_currency in eur) || !(args.to_currency in eur)) throw new Error('Unsupported currency');
const rate = eur[args.to_currency] / eur[args.from_currency];
return { amount: Math.round(args.amount * rate * 100) / 100, currency: args.to_currency, rate };`,
  ],
  [
    'find_places',
    'Find points of interest of a category near a location.',
    obj({
      lat: num('Latitude'),
      lon: num('Longitude'),
      category: str('restaurant, museum, park…', { enum: ['restaurant', 'museum', 'park', 'viewpoint'] }),
    }),
    obj({
      places: { type: 'array', items: obj({ place_id: str('Place id'), name: str('Name') }) },
      top_place: obj({ place_id: str('Place id'), name: str('Name'), lat: num('Latitude'), lon: num('Longitude') }),
    }),
    `const top = { place_id: 'P-' + args.category.slice(0, 3), name: 'Best ' + args.category, lat: args.lat + 0.01, lon: args.lon - 0.01 };
return { places: [{ place_id: top.place_id, name: top.name }], top_place: top };`,
  ],
  [
    'get_travel_time',
    'Travel time between two points by a mode of transport.',
    obj({
      origin_lat: num('Start latitude'),
      origin_lon: num('Start longitude'),
      dest_lat: num('End latitude'),
      dest_lon: num('End longitude'),
      mode: str('walk, transit or drive', { enum: ['walk', 'transit', 'drive'] }),
    }),
    obj({ duration_min: num('Minutes'), distance_km: num('Kilometres') }),
    `const km = Math.round(Math.hypot(args.dest_lat - args.origin_lat, args.dest_lon - args.origin_lon) * 111 * 10) / 10;
const speed = { walk: 5, transit: 20, drive: 35 }[args.mode];
return { duration_min: Math.ceil((km / speed) * 60), distance_km: km };`,
  ],
  [
    'check_calendar_availability',
    'Whether the user’s calendar is free between two times.',
    obj({ start: str('ISO start time'), end: str('ISO end time') }),
    obj({ available: { type: 'boolean' }, conflicts: { type: 'array', items: str('Title of a conflicting event') } }),
    `return { available: true, conflicts: [] };`,
  ],
  [
    'create_calendar_event',
    'Add an event to the user’s calendar.',
    obj({ title: str('Event title'), start: str('ISO start time'), end: str('ISO end time'), location: str('Where') }, [
      'title',
      'start',
      'end',
    ]),
    obj({ event_id: str('Calendar event id') }),
    `return { event_id: 'EV-' + args.start.replace(/\\D/g, '').slice(0, 12) };`,
  ],
  [
    'get_visa_requirements',
    'Entry rules for a citizenship and destination country.',
    obj({ citizenship: str('ISO 3166 code of the passport'), destination_country: str('ISO 3166 code') }),
    obj({ visa_required: { type: 'boolean' }, max_stay_days: { type: 'integer' } }),
    `const schengen = ['PT', 'FR', 'ES', 'DE', 'IT'];
const free = schengen.includes(args.citizenship) && schengen.includes(args.destination_country);
return { visa_required: !free && args.destination_country !== args.citizenship, max_stay_days: free ? 3650 : 90 };`,
  ],
  [
    'send_itinerary_email',
    'Email the finished itinerary to the traveller.',
    obj({
      to: str('Email address', { format: 'email' }),
      subject: str('Subject line'),
      body: str('Plain-text itinerary'),
    }),
    obj({ message_id: str('Id of the sent message') }),
    `return { message_id: 'MSG-' + args.subject.length + '-' + args.body.length };`,
  ],
];

const columns = [
  ['geocode_city', 'check_calendar_availability'],
  ['search_flights', 'search_hotels', 'get_weather_forecast', 'find_places', 'get_visa_requirements'],
  ['book_flight', 'book_hotel', 'get_travel_time'],
  ['convert_currency', 'create_calendar_event'],
  ['send_itinerary_email'],
];
const position = (name) => {
  const col = columns.findIndex((c) => c.includes(name));
  return { x: 40 + col * 320, y: 40 + columns[col].indexOf(name) * 200 };
};

const dep = (fromTool, fromPath, toTool, toParam) => ({ kind: 'dependency', fromTool, fromPath, toTool, toParam });
const share = (toolA, paramA, toolB, paramB) => ({ kind: 'shared', toolA, paramA, toolB, paramB });

const graph = {
  format: 'trellis.graph',
  version: 1,
  name: 'Trip planning',
  tools: tools.map(([name, description, parameters, returns, code]) => ({
    name,
    description,
    parameters,
    returns,
    runtime: { kind: 'mock', code },
    position: position(name),
  })),
  edges: [
    dep('geocode_city', 'lat', 'get_weather_forecast', 'lat'),
    dep('geocode_city', 'lon', 'get_weather_forecast', 'lon'),
    dep('geocode_city', 'lat', 'find_places', 'lat'),
    dep('geocode_city', 'lon', 'find_places', 'lon'),
    dep('geocode_city', 'country', 'get_visa_requirements', 'destination_country'),
    dep('geocode_city', 'lat', 'get_travel_time', 'origin_lat'),
    dep('geocode_city', 'lon', 'get_travel_time', 'origin_lon'),
    dep('find_places', 'top_place.lat', 'get_travel_time', 'dest_lat'),
    dep('find_places', 'top_place.lon', 'get_travel_time', 'dest_lon'),
    dep('search_flights', 'cheapest_flight_id', 'book_flight', 'flight_id'),
    dep('search_hotels', 'best_hotel_id', 'book_hotel', 'hotel_id'),
    dep('book_flight', 'total_price', 'convert_currency', 'amount'),
    dep('book_flight', 'currency', 'convert_currency', 'from_currency'),
    dep('book_hotel', 'total_price', 'convert_currency', 'amount'),
    dep('book_flight', 'departure_time', 'check_calendar_availability', 'start'),
    dep('book_flight', 'departure_time', 'create_calendar_event', 'start'),
    dep('book_flight', 'booking_id', 'send_itinerary_email', 'body'),
    share('search_flights', 'destination', 'search_hotels', 'city'),
    share('search_hotels', 'city', 'geocode_city', 'city'),
    share('search_hotels', 'check_in', 'get_weather_forecast', 'date'),
    share('search_flights', 'passengers', 'search_hotels', 'guests'),
    share('book_flight', 'traveler_name', 'book_hotel', 'traveler_name'),
    share('search_hotels', 'check_in', 'book_hotel', 'check_in'),
  ],
};

fs.writeFileSync(path.join(__dirname, 'trip-planning.graph.json'), JSON.stringify(graph, null, 2) + '\n');
