import { PyFloat } from '../../bfcl/values';

/**
 * The cards and bookings the leaderboard adds to TravelAPI's state in its long-context category
 * (`CREDIT_CARD_EXTENSION`, `BOOKING_RECORD_EXTENSION` in its long_context.py).
 */

const f = (x: number) => new PyFloat(x);

// [card id, card number, expiration date, cardholder name, verification number, balance]
const CREDIT_CARDS: [string, string, string, string, number, PyFloat][] = [
  ['1234567812345678', '1234567812345678', '12/25', 'John Doe', 123, f(5000.0)],
  ['2345678923456789', '2345678923456789', '11/24', 'Jane Smith', 456, f(7500.0)],
  ['3456789034567890', '3456789034567890', '10/23', 'Robert Johnson', 789, f(6200.0)],
  ['4567890145678901', '4567890145678901', '09/26', 'Emily Davis', 321, f(8200.0)],
  ['9978997699789976', '9978997699789976', '01/30', 'Cardholder 97', 697, f(5850.0)],
  ['9989997799899989', '9989997799899989', '02/30', 'Cardholder 98', 698, f(5900.0)],
  ['9999997899999999', '9999997899999999', '03/30', 'Cardholder 99', 699, f(5950.0)],
  ['1000000790000000', '1000000790000000', '04/30', 'Cardholder 100', 700, f(6000.0)],
  ['1234567812345674', '1234567812345674', '12/25', 'Johnyy Doe Stacks', 132, f(5000.0)],
  ['2345678923456784', '2345678923456784', '11/24', 'Jane Hudson', 465, f(7500.0)],
  ['3456789034567894', '3456789034567894', '10/23', 'Mitchell Johnson', 798, f(6200.0)],
  ['4567890145678904', '4567890145678904', '09/26', 'Emilio Berkeley', 312, f(8200.0)],
  ['9978997699789974', '9978997699789974', '01/30', 'Cardholder 397', 679, f(5850.0)],
  ['9989997799899984', '9989997799899984', '02/30', 'Cardholder 098', 689, f(5900.0)],
  ['9999997899999994', '9999997899999994', '03/30', 'Cardholder 499', 696, f(5950.0)],
  ['1000000790000004', '1000000790000004', '04/30', 'Cardholder 4100', 712, f(6000.0)],
  ['1456789034567891', '1456789034567891', '10/23', 'Roberto Johnson', 798, f(6200.0)],
  ['1567890145678901', '1567890145678901', '09/26', 'Emily Daviston', 312, f(8200.0)],
  ['1978997699789971', '1978997699789971', '01/30', 'Cardholder 697', 679, f(5850.0)],
  ['1989997799899981', '1989997799899981', '02/30', 'Cardholder 598', 689, f(5900.0)],
  ['1999997899999991', '1999997899999991', '03/30', 'Cardholder 499', 696, f(5950.0)],
  ['1000000790000001', '1000000790000004', '04/30', 'Cardholder 2100', 712, f(6000.0)],
];

// [booking id, card id, travel date, from, to, class, cost, transaction id]
const BOOKINGS: [string, string, string, string, string, string, PyFloat, string][] = [
  ['booking_901', '1234567812345678', '2024-05-21', 'SFO', 'JFK', 'economy', f(400.0), 'trans_001'],
  ['booking_902', '2345678923456789', '2024-06-15', 'LAX', 'ORD', 'business', f(900.0), 'trans_002'],
  ['booking_903', '3456789034567890', '2024-07-01', 'BOS', 'RMS', 'first', f(1500.0), 'trans_003'],
  ['booking_904', '4567890145678901', '2024-08-21', 'SFO', 'ORD', 'economy', f(380.0), 'trans_004'],
  ['booking_997', '9978997699789976', '2024-03-15', 'MPC', 'WLB', 'business', f(900.0), 'trans_097'],
  ['booking_998', '9989997799899989', '2024-02-11', 'SHD', 'SVP', 'economy', f(450.0), 'trans_098'],
  ['booking_999', '9999997899999999', '2024-01-23', 'RMS', 'SBK', 'first', f(2200.0), 'trans_099'],
  ['booking_900', '1000000790000000', '2024-12-05', 'SFO', 'JFK', 'business', f(1300.0), 'trans_100'],
  ['booking_401', '1234567812345678', '2024-05-21', 'SFO', 'JFK', 'economy', f(400.0), 'trans_401'],
  ['booking_402', '2345678923456789', '2024-06-15', 'LAX', 'ORD', 'business', f(900.0), 'trans_002'],
  ['booking_403', '3456789034567890', '2024-07-01', 'BOS', 'RMS', 'first', f(1500.0), 'trans_403'],
  ['booking_404', '4567890145678901', '2024-08-21', 'SFO', 'ORD', 'economy', f(380.0), 'trans_404'],
  ['booking_497', '9978997699789976', '2024-03-15', 'MPC', 'WLB', 'business', f(900.0), 'trans_497'],
  ['booking_498', '9989997799899989', '2024-02-11', 'SHD', 'SVP', 'economy', f(450.0), 'trans_498'],
  ['booking_499', '9999997899999999', '2024-01-23', 'RMS', 'SBK', 'first', f(2200.0), 'trans_499'],
  ['booking_400', '1000000790000000', '2024-12-05', 'SFO', 'JFK', 'business', f(1300.0), 'trans_400'],
];
type Record_ = Record<string, unknown>;

/**
 * The leaderboard hands every instance the same card and booking dicts (it never copies them),
 * so a balance one entry spends is spent for every later entry of the same process, and the
 * model's and the ground truth's instances share it. These are those shared dicts.
 */
let shared = build();

function build() {
  return {
    creditCards: CREDIT_CARDS.map(
      ([id, card_number, expiration_date, cardholder_name, card_verification_number, balance]) =>
        [id, { card_number, expiration_date, cardholder_name, card_verification_number, balance }] as [string, Record_],
    ),
    bookings: BOOKINGS.map(
      ([id, card_id, travel_date, travel_from, travel_to, travel_class, travel_cost, transaction_id]) =>
        [id, { card_id, travel_date, travel_from, travel_to, travel_class, travel_cost, transaction_id }] as [
          string,
          Record_,
        ],
    ),
  };
}

/** The long-context cards, by card id, as the shared dicts this process has been using. */
export const creditCardExtension = (): readonly [string, Record_][] => shared.creditCards;

/** The long-context bookings, by booking id, as the shared dicts this process has been using. */
export const bookingRecordExtension = (): readonly [string, Record_][] => shared.bookings;

/** Puts the long-context cards and bookings back as a fresh leaderboard process starts with them. */
export function resetTravelExtensions(): void {
  shared = build();
}
