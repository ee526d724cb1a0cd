import { PyFloat, pyEquals } from '../../bfcl/values';
import { PyError } from '../api';
import { intParity, isDigitText, iterate, requireHashable, requireStr } from './py-operators';

/** TravelAPI's fares: economy fares in USD by route, in the leaderboard's order (`from to fare`). */
const ROUTE_TABLE =
  'SFO LAX 200, SFO JFK 500, SFO ORD 400, SFO BOS 450, SFO RMS 300, SFO SBK 350,' +
  'SFO MPC 370, SFO SVP 320, SFO SHD 330, SFO SSV 340, SFO OKD 360, SFO WLB 310,' +
  'SFO CRH 380, SFO ATV 390, SFO PHV 420, SFO GFD 430, SFO CIA 700, LAX SFO 100,' +
  'LAX JFK 600, LAX ORD 500, LAX BOS 550, LAX RMS 310, LAX SBK 320, LAX MPC 330,' +
  'LAX SVP 340, LAX SHD 350, LAX SSV 360, LAX OKD 370, LAX WLB 380, LAX CRH 390,' +
  'LAX ATV 400, LAX PHV 410, LAX GFD 420, LAX HND 430, JFK ORD 300, JFK BOS 250,' +
  'JFK RMS 450, JFK SBK 460, JFK MPC 470, JFK SVP 480, JFK SHD 490, JFK SSV 500,' +
  'JFK OKD 510, JFK WLB 520, JFK CRH 530, JFK ATV 540, JFK PHV 550, JFK GFD 560,' +
  'JFK LAX 570, JFK HND 800, JFK PVG 950, JFK PEK 1000, ORD LAX 180, ORD BOS 200,' +
  'ORD RMS 350, ORD SBK 360, ORD MPC 370, ORD SVP 380, ORD SHD 390, ORD SSV 400,' +
  'ORD OKD 410, ORD WLB 420, ORD CRH 430, ORD ATV 440, ORD PHV 450, ORD GFD 460,' +
  'BOS RMS 400, BOS SBK 410, BOS MPC 420, BOS SVP 430, BOS SHD 440, BOS SSV 450,' +
  'BOS OKD 460, BOS WLB 470, BOS CRH 480, BOS ATV 490, BOS PHV 500, BOS GFD 510,' +
  'RMS BOS 200, RMS JFK 210, RMS SBK 220, RMS MPC 230, RMS SVP 240, RMS SHD 250,' +
  'RMS SSV 260, RMS OKD 270, RMS WLB 280, RMS CRH 290, RMS ATV 300, RMS PHV 310,' +
  'RMS GFD 320, RMS LAX 330, SBK MPC 200, SBK SVP 210, SBK SHD 220, SBK SSV 230,' +
  'SBK OKD 240, SBK WLB 250, SBK CRH 260, SBK ATV 270, SBK PHV 280, SBK GFD 290,' +
  'MPC SVP 210, MPC SHD 220, MPC SSV 230, MPC OKD 240, MPC WLB 250, MPC CRH 260,' +
  'MPC ATV 270, MPC PHV 280, MPC GFD 290, SVP SHD 230, SVP SSV 240, SVP OKD 250,' +
  'SVP WLB 260, SVP CRH 270, SVP ATV 280, SVP PHV 290, SVP GFD 300, SHD SSV 220,' +
  'SHD OKD 230, SHD WLB 240, SHD CRH 250, SHD ATV 260, SHD PHV 270, SHD GFD 280,' +
  'SSV OKD 240, SSV WLB 250, SSV CRH 260, SSV ATV 270, SSV PHV 280, SSV GFD 290,' +
  'OKD WLB 230, OKD CRH 240, OKD ATV 250, OKD PHV 260, OKD GFD 270, WLB CRH 250,' +
  'WLB ATV 260, WLB PHV 270, WLB GFD 280, CRH ATV 240, CRH PHV 250, CRH GFD 260,' +
  'CRH SFO 270, CRH RMS 280, CRH HKG 290, CRH JFK 300, ATV PHV 230, ATV GFD 240,' +
  'PHV GFD 220, LHR CDG 100, OKD LAX 220';
const ROUTE_FARES: ReadonlyMap<string, number> = new Map(
  ROUTE_TABLE.split(/,\s*/).map((route) => {
    const [from, to, fare] = route.split(' ');
    return [`${from}|${to}`, Number(fare)] as const;
  }),
);

const CLASS_FACTORS: Readonly<Record<string, number>> = { economy: 1, business: 2, first: 5 };

/**
 * `get_flight_cost`: the fare of a route in a class on a date, doubled on dates whose digits add
 * up to an even number. With `everyRoute` (the long-context category) it lists every route's fare
 * in that class on that date instead of the one asked for.
 */
export function flightFares(from: unknown, to: unknown, date: unknown, travelClass: unknown, everyRoute: boolean) {
  requireHashable(from, to);
  const fare = typeof from === 'string' && typeof to === 'string' ? ROUTE_FARES.get(`${from}|${to}`) : undefined;
  if (fare === undefined) throw new PyError('No available route for the given airports.', 'ValueError');
  const factorKey = Object.keys(CLASS_FACTORS).find((name) => pyEquals(travelClass, name));
  if (factorKey === undefined)
    throw new PyError('Invalid travel class. Options are: economy, business, first.', 'ValueError');
  const multiplier = CLASS_FACTORS[factorKey]! * (digitSumIsEven(date) ? 2 : 1);
  const fares = everyRoute ? [...ROUTE_FARES.values()] : [fare];
  return fares.map((base) => new PyFloat(base * multiplier));
}

/** `sum(int(c) for c in date if c.isdigit()) % 2 == 0`, with Python's errors for odd dates. */
function digitSumIsEven(date: unknown): boolean {
  let parity = 0;
  for (const item of iterate(date)) {
    const text = requireStr(item, 'isdigit');
    if (isDigitText(text)) parity ^= intParity(text);
  }
  return parity === 0;
}

/** Every airport `book_flight` knows, in the leaderboard's order. */
export const AIRPORTS =
  'RMS SBK MPC SVP SHD CDG LHR SSV OKD WLB PEK HND HKG CIA CRH ATV PHV GFD SFO LAX JFK ORD BOS'.split(' ');

/** `get_nearest_airport_by_city`'s cities. */
export const NEAREST_AIRPORT: Readonly<Record<string, string>> = {
  Rivermist: 'RMS',
  Stonebrook: 'SBK',
  Maplecrest: 'MPC',
  Silverpine: 'SVP',
  Shadowridge: 'SHD',
  London: 'LHR',
  Paris: 'CDG',
  'Sunset Valley': 'SSV',
  Oakendale: 'OKD',
  Willowbend: 'WLB',
  'Crescent Hollow': 'CRH',
  Autumnville: 'ATV',
  Pinehaven: 'PHV',
  Greenfield: 'GFD',
  'San Francisco': 'SFO',
  'Los Angeles': 'LAX',
  'New York': 'JFK',
  Chicago: 'ORD',
  Boston: 'BOS',
  Beijing: 'PEK',
  'Hong Kong': 'HKG',
  Rome: 'CIA',
  Tokyo: 'HND',
};
