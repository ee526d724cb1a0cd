import { afterEach, describe, expect, it } from 'vitest';
import { travelApi, type TravelApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/travel-api';
import { resetTravelExtensions } from '../../../../shared/metrics/bfcl-multi-turn/apis/travel-long-context';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { PyFloat, pyEquals, pyRepr } from '../../../../shared/metrics/bfcl/values';

const f = (x: number) => new PyFloat(x);

/** A traveller with two cards (one named like an index), one booking and a budget. */
const MARA = {
  credit_card_list: {
    '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
    card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: 1200 },
  },
  booking_record: {
    trip_a: {
      card_id: 'card_7',
      travel_date: '2024-03-02',
      travel_from: 'SFO',
      travel_to: 'LAX',
      travel_class: 'economy',
      travel_cost: f(200.0),
      transaction_id: 't-1',
    },
  },
  access_token: 'tok-9',
  token_type: 'Bearer',
  token_expires_in: 5,
  token_scope: 'read',
  user_first_name: 'Mara',
  user_last_name: 'Quill',
  budget_limit: f(300.0),
};

const world = (scenario: Record<string, unknown>, longContext = false) =>
  new BfclWorld(['TravelAPI'], { TravelAPI: scenario }, longContext, { TravelAPI: travelApi });

const stateOf = (w: BfclWorld) => (w.instances.get('TravelAPI') as TravelApi).publicState();

/**
 * Calls in order on one instance, each with the result string, and the public state after the
 * last: every result and state below was printed by the leaderboard's own TravelAPI through its
 * executor (`execute_multi_turn_func_call`, PYTHONHASHSEED=0 for the one message that prints a set).
 */
const CASES: Record<string, { scenario: Record<string, unknown>; steps: [string, string][]; state: unknown }> = {
  lookups: {
    scenario: MARA,
    steps: [
      ['travel_get_login_status()', '{"status": true}'],
      ['get_budget_fiscal_year()', '{"budget_fiscal_year": "2018"}'],
      ["get_budget_fiscal_year(lastModifiedAfter='2020-01-01T00:00:00')", '{"budget_fiscal_year": "2018"}'],
      [
        'list_all_airports()',
        "['RMS', 'SBK', 'MPC', 'SVP', 'SHD', 'CDG', 'LHR', 'SSV', 'OKD', 'WLB', 'PEK', 'HND', 'HKG', 'CIA', 'CRH', 'ATV', 'PHV', 'GFD', 'SFO', 'LAX', 'JFK', 'ORD', 'BOS']",
      ],
      ["get_nearest_airport_by_city(location='Rome')", '{"nearest_airport": "CIA"}'],
      ["get_nearest_airport_by_city(location='Atlantis')", '{"nearest_airport": "Unknown"}'],
      ["get_nearest_airport_by_city(location=['Rome'])", "Error during execution: unhashable type: 'list'"],
      [
        "contact_customer_support(booking_id='trip_a', message='Where is my ticket?')",
        '{"customer_support_message": "Thank you for contacting customer support. Your message has been received and we will get back to you shortly."}',
      ],
      [
        "contact_customer_support(booking_id='trip_z', message='Where is my ticket?')",
        '{"error": "Booking not found"}',
      ],
      [
        'get_all_credit_cards()',
        '{"credit_card_list": {"4040": {"card_number": "5000600070008000", "cardholder_name": "Mara Quill", "balance": 250.5}, "card_7": {"card_number": "4111222233334444", "cardholder_name": "Mara Quill", "balance": 1200}}}',
      ],
    ],
    state: {
      credit_card_list: {
        '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
        card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: 1200 },
      },
      booking_record: {
        trip_a: {
          card_id: 'card_7',
          travel_date: '2024-03-02',
          travel_from: 'SFO',
          travel_to: 'LAX',
          travel_class: 'economy',
          travel_cost: f(200.0),
          transaction_id: 't-1',
        },
      },
      access_token: 'tok-9',
      token_type: 'Bearer',
      token_expires_in: 5,
      token_scope: 'read',
      user_first_name: 'Mara',
      user_last_name: 'Quill',
      budget_limit: f(300.0),
      long_context: false,
    },
  },
  fares: {
    scenario: MARA,
    steps: [
      [
        "get_flight_cost(travel_from='SFO', travel_to='LAX', travel_date='2024-03-02', travel_class='first')",
        '{"travel_cost_list": [1000.0]}',
      ],
      [
        "get_flight_cost(travel_from='SFO', travel_to='LAX', travel_date='2024-03-03', travel_class='economy')",
        '{"travel_cost_list": [400.0]}',
      ],
      [
        "get_flight_cost(travel_from='LAX', travel_to='SFO', travel_date='2024-03-03', travel_class='premium')",
        'Error during execution: Invalid travel class. Options are: economy, business, first.',
      ],
      [
        "get_flight_cost(travel_from='SFO', travel_to='XYZ', travel_date='2024-03-03', travel_class='economy')",
        'Error during execution: No available route for the given airports.',
      ],
      [
        "get_flight_cost(travel_from='SFO', travel_to='LAX', travel_date=20240302, travel_class='economy')",
        "Error during execution: 'int' object is not iterable",
      ],
      [
        "get_flight_cost(travel_from='SFO', travel_to='LAX', travel_date=['20', '24', 7], travel_class='business')",
        "Error during execution: 'int' object has no attribute 'isdigit'",
      ],
      [
        "get_flight_cost(travel_from=['SFO'], travel_to='LAX', travel_date='2024-03-03', travel_class='economy')",
        "Error during execution: unhashable type: 'list'",
      ],
    ],
    state: {
      credit_card_list: {
        '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
        card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: 1200 },
      },
      booking_record: {
        trip_a: {
          card_id: 'card_7',
          travel_date: '2024-03-02',
          travel_from: 'SFO',
          travel_to: 'LAX',
          travel_class: 'economy',
          travel_cost: f(200.0),
          transaction_id: 't-1',
        },
      },
      access_token: 'tok-9',
      token_type: 'Bearer',
      token_expires_in: 5,
      token_scope: 'read',
      user_first_name: 'Mara',
      user_last_name: 'Quill',
      budget_limit: f(300.0),
      long_context: false,
    },
  },
  exchange: {
    scenario: MARA,
    steps: [
      ["compute_exchange_rate(base_currency='USD', target_currency='EUR', value=10)", '{"exchanged_value": 8.0}'],
      ["compute_exchange_rate(base_currency='JPY', target_currency='USD', value=1000)", '{"exchanged_value": 9.09}'],
      ["compute_exchange_rate(base_currency='USD', target_currency='RMB', value=3)", '{"exchanged_value": 21.0}'],
      [
        "compute_exchange_rate(base_currency='USD', target_currency='RMB', value='2')",
        '{"exchanged_value": 2222222.0}',
      ],
      [
        "compute_exchange_rate(base_currency='EUR', target_currency='USD', value='x')",
        "Error during execution: unsupported operand type(s) for /: 'str' and 'float'",
      ],
      [
        "compute_exchange_rate(base_currency='USD', target_currency='EUR', value='x')",
        "Error during execution: can't multiply sequence by non-int of type 'float'",
      ],
      [
        "compute_exchange_rate(base_currency='EUR', target_currency='JPY', value=5)",
        'Error during execution: No available exchange rate for the given currencies.',
      ],
      ["compute_exchange_rate(base_currency='GBP', target_currency='USD', value=2.675)", '{"exchanged_value": 3.82}'],
    ],
    state: {
      credit_card_list: {
        '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
        card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: 1200 },
      },
      booking_record: {
        trip_a: {
          card_id: 'card_7',
          travel_date: '2024-03-02',
          travel_from: 'SFO',
          travel_to: 'LAX',
          travel_class: 'economy',
          travel_cost: f(200.0),
          transaction_id: 't-1',
        },
      },
      access_token: 'tok-9',
      token_type: 'Bearer',
      token_expires_in: 5,
      token_scope: 'read',
      user_first_name: 'Mara',
      user_last_name: 'Quill',
      budget_limit: f(300.0),
      long_context: false,
    },
  },
  cards: {
    scenario: MARA,
    steps: [
      [
        "register_credit_card(access_token='tok-9', card_number='9999888877776666', expiration_date='10/29', cardholder_name='Mara Quill', card_verification_number=123)",
        '{"card_id": "262919693687"}',
      ],
      [
        "register_credit_card(access_token='tok-9', card_number='card_7', expiration_date='10/29', cardholder_name='Mara Quill', card_verification_number=123)",
        '{"error": "Card already registered"}',
      ],
      [
        "register_credit_card(access_token='wrong', card_number='1', expiration_date='10/29', cardholder_name='Mara Quill', card_verification_number=123)",
        '{"error": "Invalid access token"}',
      ],
      ["get_credit_card_balance(access_token='tok-9', card_id='card_7')", '{"card_balance": 1200}'],
      [
        "get_credit_card_balance(access_token='tok-9', card_id='nope')",
        "{\"error\": \"Card not registered. Here are a list of card_id's: ['4040', 'card_7', '262919693687']\"}",
      ],
      ["set_budget_limit(access_token='tok-9', budget_limit='150')", '{"budget_limit": 150.0}'],
      [
        "set_budget_limit(access_token='tok-9', budget_limit='abc')",
        "Error during execution: could not convert string to float: 'abc'",
      ],
      [
        "set_budget_limit(access_token='tok-9', budget_limit=None)",
        "Error during execution: float() argument must be a string or a real number, not 'NoneType'",
      ],
      ["set_budget_limit(access_token='tok-9', budget_limit=900)", '{"budget_limit": 900.0}'],
    ],
    state: {
      credit_card_list: {
        '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
        card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: 1200 },
        '262919693687': {
          card_number: '9999888877776666',
          expiration_date: '10/29',
          cardholder_name: 'Mara Quill',
          card_verification_number: 123,
          balance: 44620,
        },
      },
      booking_record: {
        trip_a: {
          card_id: 'card_7',
          travel_date: '2024-03-02',
          travel_from: 'SFO',
          travel_to: 'LAX',
          travel_class: 'economy',
          travel_cost: f(200.0),
          transaction_id: 't-1',
        },
      },
      access_token: 'tok-9',
      token_type: 'Bearer',
      token_expires_in: 5,
      token_scope: 'read',
      user_first_name: 'Mara',
      user_last_name: 'Quill',
      budget_limit: f(900.0),
      long_context: false,
    },
  },
  bookings: {
    scenario: MARA,
    steps: [
      [
        "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-03-03', travel_from='SFO', travel_to='LAX', travel_class='economy')",
        '{"booking_id": "3426812", "transaction_id": "45451592", "booking_status": true, "booking_history": {}}',
      ],
      [
        "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-03-02', travel_from='SFO', travel_to='CIA', travel_class='first')",
        '{"booking_status": false, "error": "Insufficient funds"}',
      ],
      [
        "book_flight(access_token='tok-9', card_id='4040', travel_date='2024-03-02', travel_from='SFO', travel_to='LAX', travel_class='economy')",
        '{"booking_status": false, "error": "Balance is less than budget limit"}',
      ],
      [
        "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-02-30', travel_from='SFO', travel_to='LAX', travel_class='economy')",
        '{"booking_status": false, "error": "Invalid date format. Use YYYY-MM-DD."}',
      ],
      [
        "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-03-03', travel_from='SFO', travel_to='LAX', travel_class='coach')",
        '{"booking_status": false, "error": "Invalid travel class. Must be one of {\'first\', \'business\', \'economy\'}"}',
      ],
      [
        "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-03-03', travel_from='XXX', travel_to='LAX', travel_class='economy')",
        '{"booking_status": false, "error": "Invalid departure airport code: XXX"}',
      ],
      [
        "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-03-03', travel_from='LAX', travel_to='PEK', travel_class='economy')",
        '{"booking_status": false, "error": "No available route for the given airports."}',
      ],
      [
        "book_flight(access_token='tok-9', card_id='card_9', travel_date='2024-03-03', travel_from='SFO', travel_to='LAX', travel_class='economy')",
        '{"booking_status": false, "error": "Card not registered"}',
      ],
      [
        "retrieve_invoice(access_token='tok-9', booking_id='trip_a')",
        '{"invoice": {"booking_id": "trip_a", "travel_date": "2024-03-02", "travel_from": "SFO", "travel_to": "LAX", "travel_class": "economy", "travel_cost": 200.0, "transaction_id": "t-1"}}',
      ],
      ["retrieve_invoice(access_token='tok-9')", '{"error": "Booking not found"}'],
      [
        "purchase_insurance(access_token='tok-9', insurance_type='travel', booking_id='trip_a', insurance_cost=500.0, card_id='card_7')",
        '{"insurance_status": false, "error": "Exceeded budget limit"}',
      ],
      [
        "purchase_insurance(access_token='tok-9', insurance_type='travel', booking_id='trip_a', insurance_cost=50, card_id='card_7')",
        '{"insurance_id": "498276044", "insurance_status": true}',
      ],
      [
        "purchase_insurance(access_token='tok-9', insurance_type='travel', booking_id='trip_a', insurance_cost=50, card_id='card_0')",
        '{"insurance_status": false, "error": "Credit card not registered"}',
      ],
      [
        "purchase_insurance(access_token='tok-9', insurance_type='travel', booking_id='trip_a', insurance_cost='50', card_id='card_7')",
        "Error during execution: '<' not supported between instances of 'float' and 'str'",
      ],
      [
        "get_booking_history(access_token='tok-9')",
        '{"booking_history": {"trip_a": {"card_id": "card_7", "travel_date": "2024-03-02", "travel_from": "SFO", "travel_to": "LAX", "travel_class": "economy", "travel_cost": 200.0, "transaction_id": "t-1"}, "3426812": {"card_id": "card_7", "travel_date": "2024-03-03", "travel_from": "SFO", "travel_to": "LAX", "travel_class": "economy", "travel_cost": 400.0, "transaction_id": "45451592"}}}',
      ],
      ["cancel_booking(access_token='tok-9', booking_id='trip_a')", '{"cancel_status": true}'],
      [
        "cancel_booking(access_token='tok-9', booking_id='trip_a')",
        '{"cancel_status": false, "error": "Booking not found"}',
      ],
    ],
    state: {
      credit_card_list: {
        '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
        card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: f(950.0) },
      },
      booking_record: {
        '3426812': {
          card_id: 'card_7',
          travel_date: '2024-03-03',
          travel_from: 'SFO',
          travel_to: 'LAX',
          travel_class: 'economy',
          travel_cost: f(400.0),
          transaction_id: '45451592',
        },
      },
      access_token: 'tok-9',
      token_type: 'Bearer',
      token_expires_in: 5,
      token_scope: 'read',
      user_first_name: 'Mara',
      user_last_name: 'Quill',
      budget_limit: f(300.0),
      long_context: false,
    },
  },
  traveler: {
    scenario: MARA,
    steps: [
      [
        "verify_traveler_information(first_name='Ada', last_name='Quill', date_of_birth='1990-01-01', passport_number='US1')",
        '{"verification_status": false, "verification_failure": "Cannot book flight information for another user.Expected Mara Quill, got Ada Quill"}',
      ],
      [
        "verify_traveler_information(first_name='Mara', last_name='Quill', date_of_birth='1990-13-01', passport_number='US1')",
        '{"verification_status": false, "verification_failure": "Invalid date of birth format. Please use YYYY-MM-DD."}',
      ],
      [
        "verify_traveler_information(first_name='Mara', last_name='Quill', date_of_birth='2020-01-01', passport_number='US1')",
        '{"verification_status": false, "verification_failure": "Traveler must be at least 18 years old."}',
      ],
      [
        "verify_traveler_information(first_name='Mara', last_name='Quill', date_of_birth='1990-1-5', passport_number='GB1')",
        '{"verification_status": false, "verification_failure": "Passport must be issued by the United States."}',
      ],
      [
        "verify_traveler_information(first_name='Mara', last_name='Quill', date_of_birth='1990-01-05', passport_number=12)",
        "Error during execution: 'int' object has no attribute 'startswith'",
      ],
      [
        "verify_traveler_information(first_name='Mara', last_name='Quill', date_of_birth=19900105, passport_number='US1')",
        'Error during execution: strptime() argument 1 must be str, not int',
      ],
      [
        "verify_traveler_information(first_name='Mara', last_name='Quill', date_of_birth='1990-01-05', passport_number='US1')",
        '{"verification_status": true}',
      ],
    ],
    state: {
      credit_card_list: {
        '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
        card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: 1200 },
      },
      booking_record: {
        trip_a: {
          card_id: 'card_7',
          travel_date: '2024-03-02',
          travel_from: 'SFO',
          travel_to: 'LAX',
          travel_class: 'economy',
          travel_cost: f(200.0),
          transaction_id: 't-1',
        },
      },
      access_token: 'tok-9',
      token_type: 'Bearer',
      token_expires_in: 5,
      token_scope: 'read',
      user_first_name: 'Mara',
      user_last_name: 'Quill',
      budget_limit: f(300.0),
      long_context: false,
    },
  },
  login: {
    scenario: {},
    steps: [
      ['travel_get_login_status()', '{"status": false}'],
      [
        "register_credit_card(access_token=None, card_number='1', expiration_date='10/29', cardholder_name='A', card_verification_number=1)",
        '{"error": "Token not initialized"}',
      ],
      [
        "authenticate_travel(client_id='app', client_secret='s3', refresh_token='r', grant_type='read_write', user_first_name='Ann', user_last_name='Lee')",
        '{"expires_in": 2, "access_token": "251675", "token_type": "Bearer", "scope": "read_write"}',
      ],
      ['travel_get_login_status()', '{"status": true}'],
      [
        "register_credit_card(access_token='wrong', card_number='1', expiration_date='10/29', cardholder_name='A', card_verification_number=1)",
        '{"error": "Invalid access token"}',
      ],
    ],
    state: {
      credit_card_list: {},
      booking_record: {},
      access_token: '251675',
      token_type: 'Bearer',
      token_expires_in: 2,
      token_scope: 'read_write',
      user_first_name: 'Ann',
      user_last_name: 'Lee',
      budget_limit: null,
      long_context: false,
    },
  },
  expired: {
    scenario: { ...MARA, token_expires_in: 0 },
    steps: [
      ['travel_get_login_status()', '{"status": false}'],
      [
        "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-03-03', travel_from='SFO', travel_to='LAX', travel_class='economy')",
        '{"booking_status": false, "error": "Token expired"}',
      ],
      [
        "cancel_booking(access_token='tok-9', booking_id='trip_a')",
        '{"cancel_status": false, "error": "Token expired"}',
      ],
      ["get_booking_history(access_token='tok-9')", '{"error": "Token expired"}'],
    ],
    state: {
      credit_card_list: {
        '4040': { card_number: '5000600070008000', cardholder_name: 'Mara Quill', balance: f(250.5) },
        card_7: { card_number: '4111222233334444', cardholder_name: 'Mara Quill', balance: 1200 },
      },
      booking_record: {
        trip_a: {
          card_id: 'card_7',
          travel_date: '2024-03-02',
          travel_from: 'SFO',
          travel_to: 'LAX',
          travel_class: 'economy',
          travel_cost: f(200.0),
          transaction_id: 't-1',
        },
      },
      access_token: 'tok-9',
      token_type: 'Bearer',
      token_expires_in: 0,
      token_scope: 'read',
      user_first_name: 'Mara',
      user_last_name: 'Quill',
      budget_limit: f(300.0),
      long_context: false,
    },
  },
};

describe('TravelAPI as the leaderboard runs it', () => {
  for (const [name, { scenario, steps, state }] of Object.entries(CASES))
    it(`${name}: every result and the state after`, () => {
      const w = world(scenario);
      expect(w.execute(steps.map(([call]) => call))).toEqual(steps.map(([, result]) => result));
      const actual = stateOf(w);
      expect(pyEquals(actual, state), `${pyRepr(actual)}\n!=\n${pyRepr(state)}`).toBe(true);
    });

  it('keeps a booking added after a scenario booking in the order Python keeps it, not numbers first', () => {
    const w = world(MARA);
    w.execute([
      "book_flight(access_token='tok-9', card_id='card_7', travel_date='2024-03-03', travel_from='SFO', travel_to='LAX', travel_class='economy')",
    ]);
    expect(Object.keys(stateOf(w).booking_record as object)).toEqual(['trip_a', '3426812']);
  });
});

describe('TravelAPI in the long-context category', () => {
  afterEach(resetTravelExtensions);

  const card = "card_id='2345678923456789'";
  const booking = `book_flight(access_token='tok-9', ${card}, travel_date='2024-03-03', travel_from='SFO', travel_to='LAX', travel_class='economy')`;
  const scenario = {
    access_token: 'tok-9',
    token_expires_in: 5,
    credit_card_list: { '1234567812345678': { balance: f(10) } },
  };

  it("adds the leaderboard's cards and bookings after the scenario's, keeping the scenario's own card", () => {
    const w = world(scenario, true);
    const [booked, balance] = w.execute([
      booking,
      `get_credit_card_balance(access_token='tok-9', card_id='1234567812345678')`,
    ]);
    // Printed by the leaderboard's class: the history is every booking, the extension's first.
    expect(booked).toMatch(
      /^\{"booking_id": "3426812", "transaction_id": "45451592", "booking_status": true, "booking_history": \{"booking_901": \{"card_id": "1234567812345678", "travel_date": "2024-05-21", "travel_from": "SFO", "travel_to": "JFK", "travel_class": "economy", "travel_cost": 400.0, "transaction_id": "trans_001"\}, "booking_902": /,
    );
    expect(booked).toMatch(
      /"booking_400": \{[^}]*\}, "3426812": \{"card_id": "2345678923456789", [^}]*"travel_cost": 400.0, [^}]*\}\}\}$/,
    );
    expect(balance).toBe('{"card_balance": 10.0}');
    const state = stateOf(w);
    expect(Object.keys(state.credit_card_list as object)).toHaveLength(22);
    expect(Object.keys(state.booking_record as object)).toHaveLength(17);
    expect(state.long_context).toBe(true);
  });

  it("lists every route's fare when asked for one, in the leaderboard's order", () => {
    const [fares] = world({}, true).execute([
      "get_flight_cost(travel_from='SFO', travel_to='LAX', travel_date='2024-03-03', travel_class='first')",
    ]);
    const list = JSON.parse(fares!).travel_cost_list as number[];
    expect(list).toHaveLength(153);
    // Printed by the leaderboard's class.
    expect(
      fares!.startsWith('{"travel_cost_list": [2000.0, 5000.0, 4000.0, 4500.0, 3000.0, 3500.0, 3700.0, 3200.0'),
    ).toBe(true);
  });

  it('spends the shared card for every later instance, as the leaderboard never copies it', () => {
    world(scenario, true).execute([booking]);
    const [later] = world({}, true).execute(['get_all_credit_cards()']);
    expect(later).toContain(
      '"2345678923456789": {"card_number": "2345678923456789", "expiration_date": "11/24", "cardholder_name": "Jane Smith", "card_verification_number": 456, "balance": 7100.0}',
    );
    resetTravelExtensions();
    const [fresh] = world({}, true).execute(['get_all_credit_cards()']);
    expect(fresh).toContain('"cardholder_name": "Jane Smith", "card_verification_number": 456, "balance": 7500.0}');
  });
});
