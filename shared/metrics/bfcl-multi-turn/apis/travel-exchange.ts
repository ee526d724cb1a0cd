import { PyFloat, pyEquals } from '../../bfcl/values';
import { PyError } from '../api';
import { round } from '../py-num';
import { divide, multiply, toFloat } from './py-operators';

/** Units of each currency per US dollar, in the order the leaderboard looks them up. */
const USD_RATES: readonly [string, number | PyFloat][] = [
  ['RMB', 7],
  ['EUR', new PyFloat(0.8)],
  ['JPY', 110],
  ['GBP', new PyFloat(0.7)],
  ['CAD', new PyFloat(1.3)],
  ['AUD', new PyFloat(1.4)],
  ['INR', 70],
  ['RUB', 60],
  ['BRL', new PyFloat(3.8)],
  ['MXN', 20],
];

/**
 * `compute_exchange_rate`: dollars into another currency at its rate (as a float), or back (rounded
 * to cents); the first rate naming both currencies in either direction decides.
 */
export function exchange(base: unknown, target: unknown, value: unknown): Record<string, unknown> {
  for (const [currency, rate] of USD_RATES) {
    if (pyEquals(base, 'USD') && pyEquals(target, currency)) return { exchanged_value: toFloat(multiply(value, rate)) };
    if (pyEquals(base, currency) && pyEquals(target, 'USD')) return { exchanged_value: round(divide(value, rate), 2) };
  }
  throw new PyError('No available exchange rate for the given currencies.', 'ValueError');
}
