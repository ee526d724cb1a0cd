import { isDict, type PyFloat, pyEquals, pyRepr } from '../../bfcl/values';
import { defineApiClass, PyError, type BfclApi, type PyMethod } from '../api';
import { pyStr } from '../py-num';
import { PyRandom } from '../py-random';
import { strptimeIsoDate, today } from './py-date';
import { deepCopyOrdered, orderedDict } from './py-dict';
import { addInPlace, dictGet, dictHas, pyLess, requireHashable, requireStr, subtractInPlace, toFloat } from './py-operators';
import { exchange } from './travel-exchange';
import { AIRPORTS, flightFares, NEAREST_AIRPORT } from './travel-fares';
import { bookingRecordExtension, creditCardExtension } from './travel-long-context';

/**
 * The leaderboard's TravelAPI (travel_booking.py): log in for a token, register cards, price and
 * book flights, buy insurance, cancel, convert currencies. Ids and balances it makes up come from
 * `random.Random(141053)` unless the scenario names another seed.
 */

type Dict = Record<string, unknown>;

const DEFAULT_SEED = 141053;

export class TravelApi implements BfclApi {
  creditCards: Dict = orderedDict();
  bookings: Dict = orderedDict();
  accessToken: unknown = null;
  tokenType: unknown = null;
  tokenExpiresIn: unknown = null;
  tokenScope: unknown = null;
  userFirstName: unknown = null;
  userLastName: unknown = null;
  budgetLimit: unknown = null;
  longContext = false;
  random = new PyRandom(DEFAULT_SEED);

  loadScenario(scenario: Dict, longContext: boolean): void {
    const read = (key: string, fallback: unknown) => (Object.hasOwn(scenario, key) ? scenario[key] : fallback);
    this.random = new PyRandom(read('random_seed', DEFAULT_SEED) as number);
    this.creditCards = ordered(read('credit_card_list', {}));
    this.bookings = ordered(read('booking_record', {}));
    this.accessToken = read('access_token', null);
    this.tokenType = read('token_type', null);
    this.tokenExpiresIn = read('token_expires_in', null);
    this.tokenScope = read('token_scope', null);
    this.userFirstName = read('user_first_name', null);
    this.userLastName = read('user_last_name', null);
    this.budgetLimit = read('budget_limit', null);
    this.longContext = longContext;
    if (longContext) {
      // The scenario's own cards and bookings win over the extension's of the same id.
      for (const [id, card] of creditCardExtension())
        if (!Object.hasOwn(this.creditCards, id)) this.creditCards[id] = card;
      for (const [id, booking] of bookingRecordExtension())
        if (!Object.hasOwn(this.bookings, id)) this.bookings[id] = booking;
    }
  }

  publicState(): Dict {
    return {
      credit_card_list: this.creditCards,
      booking_record: this.bookings,
      access_token: this.accessToken,
      token_type: this.tokenType,
      token_expires_in: this.tokenExpiresIn,
      token_scope: this.tokenScope,
      user_first_name: this.userFirstName,
      user_last_name: this.userLastName,
      budget_limit: this.budgetLimit,
      long_context: this.longContext,
    };
  }

  get tokenExpired(): boolean {
    return pyEquals(this.tokenExpiresIn, 0);
  }

  card(cardId: unknown): Dict {
    return dictGet(this.creditCards, cardId) as Dict;
  }

  booking(bookingId: unknown): Dict {
    return dictGet(this.bookings, bookingId) as Dict;
  }
}

/** A scenario's dict of cards or bookings, in a dict that keeps its order as ids are added. */
const ordered = (value: unknown): Dict => (isDict(value) ? orderedDict(Object.entries(value)) : (value as Dict));

const method = (
  names: readonly string[],
  run: PyMethod<TravelApi>['run'],
  defaults: Dict = {},
): PyMethod<TravelApi> => ({
  params: names.map((name) => (Object.hasOwn(defaults, name) ? { name, default: defaults[name] } : { name })),
  run,
});

/**
 * The travel classes `book_flight` accepts. Its error prints them as a Python set, whose order
 * changes with each process's string hashing; this is the order of `PYTHONHASHSEED=0`.
 */
const TRAVEL_CLASSES = ['first', 'business', 'economy'];

const SUPPORT_REPLY =
  'Thank you for contacting customer support. Your message has been received and we will get back to you shortly.';

/** The token checks most methods start with: what is wrong with the token, or null when it is good. */
function tokenProblem(api: TravelApi, accessToken: unknown): string | null {
  if (api.tokenExpired) return 'Token expired';
  if (!pyEquals(accessToken, api.accessToken)) return 'Invalid access token';
  return null;
}

function bookFlight(api: TravelApi, a: Dict): Dict {
  const fail = (error: string) => ({ booking_status: false, error });
  const problem = tokenProblem(api, a.access_token);
  if (problem) return fail(problem);
  if (!dictHas(api.creditCards, a.card_id)) return fail('Card not registered');
  const card = api.card(a.card_id);
  if (!Object.hasOwn(card, 'balance')) return fail('Balance not found');
  if (!AIRPORTS.some((code) => pyEquals(a.travel_from, code)))
    return fail(`Invalid departure airport code: ${pyStr(a.travel_from)}`);
  if (!AIRPORTS.some((code) => pyEquals(a.travel_to, code)))
    return fail(`Invalid destination airport code: ${pyStr(a.travel_to)}`);
  try {
    strptimeIsoDate(a.travel_date);
  } catch (error) {
    if (error instanceof PyError && error.pyType === 'ValueError') return fail('Invalid date format. Use YYYY-MM-DD.');
    throw error;
  }
  requireHashable(a.travel_class);
  if (!TRAVEL_CLASSES.includes(a.travel_class as string))
    return fail(`Invalid travel class. Must be one of {${TRAVEL_CLASSES.map((c) => pyRepr(c)).join(', ')}}`);
  let cost: PyFloat;
  try {
    cost = flightFares(a.travel_from, a.travel_to, a.travel_date, a.travel_class, false)[0]!;
  } catch (error) {
    if (error instanceof PyError && error.pyType === 'ValueError') return fail(error.message);
    throw error;
  }
  if (pyLess(card.balance, cost)) return fail('Insufficient funds');
  if (api.budgetLimit !== null && pyLess(card.balance, api.budgetLimit))
    return fail('Balance is less than budget limit');
  card.balance = subtractInPlace(card.balance, cost);
  const bookingId = String(api.random.randint(1000000, 9999999));
  const transactionId = String(api.random.randint(10000000, 99999999));
  api.bookings[bookingId] = {
    card_id: a.card_id,
    travel_date: a.travel_date,
    travel_from: a.travel_from,
    travel_to: a.travel_to,
    travel_class: a.travel_class,
    travel_cost: cost,
    transaction_id: transactionId,
  };
  return {
    booking_id: bookingId,
    transaction_id: transactionId,
    booking_status: true,
    // The long-context category shows every booking; the others an empty history.
    booking_history: api.longContext ? api.bookings : {},
  };
}

function verifyTraveler(api: TravelApi, a: Dict): Dict {
  const fail = (verification_failure: string) => ({ verification_status: false, verification_failure });
  if (!pyEquals(api.userFirstName, a.first_name) || !pyEquals(api.userLastName, a.last_name))
    return fail(
      'Cannot book flight information for another user.' +
        `Expected ${pyStr(api.userFirstName)} ${pyStr(api.userLastName)}, got ${pyStr(a.first_name)} ${pyStr(a.last_name)}`,
    );
  let age: number;
  try {
    const born = strptimeIsoDate(a.date_of_birth);
    const now = today();
    const beforeBirthday = now.month < born.month || (now.month === born.month && now.day < born.day);
    age = now.year - born.year - (beforeBirthday ? 1 : 0);
  } catch (error) {
    if (error instanceof PyError && error.pyType === 'ValueError')
      return fail('Invalid date of birth format. Please use YYYY-MM-DD.');
    throw error;
  }
  if (age < 18) return fail('Traveler must be at least 18 years old.');
  if (!requireStr(a.passport_number, 'startswith').startsWith('US'))
    return fail('Passport must be issued by the United States.');
  return { verification_status: true };
}

export const travelApi = defineApiClass<TravelApi>({
  name: 'TravelAPI',
  stateless: false,
  create: () => new TravelApi(),
  methods: {
    authenticate_travel: method(
      ['client_id', 'client_secret', 'refresh_token', 'grant_type', 'user_first_name', 'user_last_name'],
      (api, a) => {
        api.tokenExpiresIn = 2;
        api.accessToken = String(api.random.randint(100000, 999999));
        api.tokenType = 'Bearer';
        api.tokenScope = a.grant_type;
        api.userFirstName = a.user_first_name;
        api.userLastName = a.user_last_name;
        return { expires_in: 2, access_token: api.accessToken, token_type: 'Bearer', scope: a.grant_type };
      },
    ),
    travel_get_login_status: method([], (api) => ({ status: !(api.tokenExpiresIn === null || api.tokenExpired) })),
    get_budget_fiscal_year: method(['lastModifiedAfter', 'includeRemoved'], () => ({ budget_fiscal_year: '2018' }), {
      lastModifiedAfter: null,
      includeRemoved: null,
    }),
    register_credit_card: method(
      ['access_token', 'card_number', 'expiration_date', 'cardholder_name', 'card_verification_number'],
      (api, a) => {
        if (api.tokenExpiresIn === null) return { error: 'Token not initialized' };
        const problem = tokenProblem(api, a.access_token);
        if (problem) return { error: problem };
        // The leaderboard looks the card number up among the card ids.
        if (dictHas(api.creditCards, a.card_number)) return { error: 'Card already registered' };
        const cardId = String(api.random.randint(100000000000, 999999999999));
        api.creditCards[cardId] = {
          card_number: a.card_number,
          expiration_date: a.expiration_date,
          cardholder_name: a.cardholder_name,
          card_verification_number: a.card_verification_number,
          balance: api.random.randint(10000, 99999),
        };
        return { card_id: cardId };
      },
    ),
    get_flight_cost: method(['travel_from', 'travel_to', 'travel_date', 'travel_class'], (api, a) => ({
      travel_cost_list: flightFares(a.travel_from, a.travel_to, a.travel_date, a.travel_class, api.longContext),
    })),
    get_credit_card_balance: method(['access_token', 'card_id'], (api, a) => {
      const problem = tokenProblem(api, a.access_token);
      if (problem) return { error: problem };
      if (!dictHas(api.creditCards, a.card_id))
        return { error: `Card not registered. Here are a list of card_id's: ${pyRepr(Object.keys(api.creditCards))}` };
      return { card_balance: dictGet(api.card(a.card_id), 'balance') };
    }),
    book_flight: method(
      ['access_token', 'card_id', 'travel_date', 'travel_from', 'travel_to', 'travel_class'],
      bookFlight,
    ),
    retrieve_invoice: method(
      ['access_token', 'booking_id', 'insurance_id'],
      (api, a) => {
        const problem = tokenProblem(api, a.access_token);
        if (problem) return { error: problem };
        if (!dictHas(api.bookings, a.booking_id)) return { error: 'Booking not found' };
        const booking = api.booking(a.booking_id);
        const field = (key: string) => dictGet(booking, key);
        return {
          invoice: {
            booking_id: a.booking_id,
            travel_date: field('travel_date'),
            travel_from: field('travel_from'),
            travel_to: field('travel_to'),
            travel_class: field('travel_class'),
            travel_cost: field('travel_cost'),
            transaction_id: field('transaction_id'),
          },
        };
      },
      { booking_id: null, insurance_id: null },
    ),
    get_booking_history: method(['access_token'], (api, a) => {
      const problem = tokenProblem(api, a.access_token);
      if (problem) return { error: problem };
      return { booking_history: deepCopyOrdered(api.bookings) };
    }),
    list_all_airports: method([], () => [...AIRPORTS]),
    cancel_booking: method(['access_token', 'booking_id'], (api, a) => {
      const problem = tokenProblem(api, a.access_token);
      if (problem) return { cancel_status: false, error: problem };
      if (!dictHas(api.bookings, a.booking_id)) return { cancel_status: false, error: 'Booking not found' };
      const booking = api.booking(a.booking_id);
      const cardId = dictGet(booking, 'card_id');
      const cost = dictGet(booking, 'travel_cost');
      const card = api.card(cardId);
      card.balance = addInPlace(dictGet(card, 'balance'), cost);
      delete api.bookings[a.booking_id as string];
      return { cancel_status: true };
    }),
    compute_exchange_rate: method(['base_currency', 'target_currency', 'value'], (_api, a) =>
      exchange(a.base_currency, a.target_currency, a.value),
    ),
    verify_traveler_information: method(
      ['first_name', 'last_name', 'date_of_birth', 'passport_number'],
      verifyTraveler,
    ),
    set_budget_limit: method(['access_token', 'budget_limit'], (api, a) => {
      const problem = tokenProblem(api, a.access_token);
      if (problem) return { error: problem };
      api.budgetLimit = toFloat(a.budget_limit);
      return { budget_limit: api.budgetLimit };
    }),
    get_nearest_airport_by_city: method(['location'], (_api, a) => {
      requireHashable(a.location);
      const known = typeof a.location === 'string' && Object.hasOwn(NEAREST_AIRPORT, a.location);
      return { nearest_airport: known ? NEAREST_AIRPORT[a.location as string] : 'Unknown' };
    }),
    purchase_insurance: method(
      ['access_token', 'insurance_type', 'booking_id', 'insurance_cost', 'card_id'],
      (api, a) => {
        const fail = (error: string) => ({ insurance_status: false, error });
        const problem = tokenProblem(api, a.access_token);
        if (problem) return fail(problem);
        if (api.budgetLimit !== null && pyLess(api.budgetLimit, a.insurance_cost)) return fail('Exceeded budget limit');
        if (!dictHas(api.bookings, a.booking_id)) return fail('Booking not found');
        if (!dictHas(api.creditCards, a.card_id)) return fail('Credit card not registered');
        const card = api.card(a.card_id);
        card.balance = subtractInPlace(dictGet(card, 'balance'), a.insurance_cost);
        return { insurance_id: String(api.random.randint(100000000, 999999999)), insurance_status: true };
      },
    ),
    contact_customer_support: method(['booking_id', 'message'], (api, a) =>
      dictHas(api.bookings, a.booking_id)
        ? { customer_support_message: SUPPORT_REPLY }
        : { error: 'Booking not found' },
    ),
    get_all_credit_cards: method([], (api) => ({ credit_card_list: api.creditCards })),
  },
});
