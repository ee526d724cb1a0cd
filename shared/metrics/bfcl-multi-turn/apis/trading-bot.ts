import { hasOwn, isDict, PyFloat, pyEquals, pyRepr, setOwn } from '../../bfcl/values';
import { defineApiClass, type BfclApi, type PyMethod } from '../api';
import { add, float, num, pyStr, sub } from '../py-num';
import { PyRandom } from '../py-random';
import { DATETIME_MAX, DATETIME_MIN, strptime } from './py-datetime';
import {
  compare,
  dictGet,
  formatMoney,
  getItem,
  hashKey,
  inDict,
  inList,
  iterate,
  noAttribute,
  pyAbs,
  pyInt,
  pyTruthy,
} from './py-ops';
import {
  AUTOMOBILE_EXTENSION,
  MA_20_EXTENSION,
  MA_5_EXTENSION,
  ORDER_DETAIL_EXTENSION,
  TECHNOLOGY_EXTENSION,
  TRANSACTION_HISTORY_EXTENSION,
  WATCH_LIST_EXTENSION,
} from './trading-bot-long-context';
import { tradingBotDefaults } from './trading-bot-defaults';

/**
 * The leaderboard's TradingBot: a brokerage account with orders, a watch list, stock quotes and a
 * transaction history. Answers are dicts (`{"error": …}` for refusals, never an exception), except
 * where the leaderboard's class answers a list; wrong argument types fail as Python fails.
 */

type Dict = Record<string, unknown>;

/** The leaderboard's fixed clock: 2024-09-01 10:30. */
const CURRENT_TIME_UTC = Date.UTC(2024, 8, 1, 10, 30);
const SECONDS_PER_DAY = 86400;

const SYMBOLS_BY_COMPANY: Readonly<Record<string, string>> = {
  Apple: 'AAPL',
  Google: 'GOOG',
  Tesla: 'TSLA',
  Microsoft: 'MSFT',
  Nvidia: 'NVDA',
  'Zeta Corp': 'ZETA',
  'Alpha Tech': 'ALPH',
  'Omega Industries': 'OMEG',
  'Quasar Ltd.': 'QUAS',
  'Neptune Systems': 'NEPT',
  'Synex Solutions': 'SYNX',
  Amazon: 'AMZN',
  Gorilla: 'GORI',
};

/** An order as Python's dict holds it: the key as first inserted (`12345`, or text such as `'order_type'`). */
interface OrderEntry {
  key: unknown;
  value: unknown;
}

/** `value.copy()` for a dict or a list; Python's AttributeError for anything else. */
function shallowCopy(value: unknown): unknown {
  if (isDict(value)) return { ...value };
  if (Array.isArray(value)) return [...value];
  throw noAttribute(value, 'copy');
}

export class TradingBot implements BfclApi {
  /** Keyed by `hashKey`, so `12345.0` finds order 12345 as Python's dict does; insertion order kept. */
  orders = new Map<string, OrderEntry>();
  account_info: Dict = {};
  authenticated: unknown = false;
  market_status: unknown = 'Closed';
  order_counter: unknown = 0;
  stocks: Dict = {};
  watch_list: unknown[] = [];
  transaction_history: unknown[] = [];
  long_context = false;
  private random = new PyRandom(0);

  loadScenario(scenario: Dict, longContext: boolean): void {
    const defaults = tradingBotDefaults();
    const pick = (name: string) => (hasOwn(scenario, name) ? scenario[name] : defaults[name]);
    this.orders = new Map();
    // JSON keys are text; the leaderboard turns the all-digit ones back into ints. (A JS object
    // lists integer-like keys first, so a scenario listing a text key before a digit key would come
    // out in another order than Python's; none of the leaderboard's does.)
    for (const [text, value] of Object.entries(pick('orders') as Dict)) {
      const key = /^[0-9]+$/.test(text) ? Number(text) : text;
      this.storeOrder(key, value);
    }
    this.account_info = pick('account_info') as Dict;
    this.authenticated = pick('authenticated');
    this.market_status = pick('market_status');
    this.order_counter = pick('order_counter');
    this.stocks = pick('stocks') as Dict;
    this.watch_list = pick('watch_list') as unknown[];
    this.transaction_history = pick('transaction_history') as unknown[];
    this.long_context = longContext;
    this.random = new PyRandom(num(pick('random_seed')));
  }

  publicState(): Dict {
    const orders: Dict = {};
    for (const { key, value } of this.orders.values())
      setOwn(orders, typeof key === 'string' ? key : pyRepr(key), value);
    return {
      orders,
      account_info: this.account_info,
      authenticated: this.authenticated,
      market_status: this.market_status,
      order_counter: this.order_counter,
      stocks: this.stocks,
      watch_list: this.watch_list,
      transaction_history: this.transaction_history,
      long_context: this.long_context,
    };
  }

  /** Python's `orders[key] = value`: an existing equal key keeps its place and its original form. */
  storeOrder(key: unknown, value: unknown) {
    const hash = hashKey(key);
    const existing = this.orders.get(hash);
    this.orders.set(hash, { key: existing ? existing.key : key, value });
  }

  findOrder(orderId: unknown): OrderEntry | undefined {
    return this.orders.get(hashKey(orderId));
  }

  /** A moment within a day of the clock, drawn as the leaderboard draws it (`randint` over the day's seconds). */
  transactionTimestamp(): string {
    // The leaderboard draws randint(t, t + 86400) over local Unix times and formats the local time;
    // randint(a, b) is a + randbelow(b - a + 1), so the seconds past the clock are the same draw
    // (its local zone has no clock change on 2024-09-01).
    const offset = this.random.randint(0, SECONDS_PER_DAY);
    return new Date(CURRENT_TIME_UTC + offset * 1000).toISOString().slice(0, 19).replace('T', ' ');
  }

  /** Adds `amount` to the balance (or takes it away) and records the transaction. */
  moveFunds(type: 'deposit' | 'withdrawal', amount: unknown): unknown {
    const balance = getItem(this.account_info, 'balance');
    this.account_info.balance = type === 'deposit' ? add(balance, amount) : sub(balance, amount);
    this.transaction_history.push({ type, amount, timestamp: this.transactionTimestamp() });
    return this.account_info.balance;
  }

  placeOrder(orderType: unknown, symbol: unknown, price: unknown, amount: unknown): unknown {
    if (!pyTruthy(this.authenticated)) return { error: 'User not authenticated. Please log in to place an order.' };
    if (!inDict(this.stocks, symbol)) return { error: `Invalid stock symbol: ${pyStr(symbol)}` };
    if (compare(price, '<=', 0) || compare(amount, '<=', 0))
      return { error: 'Price and amount must be positive values.' };
    if (typeof orderType !== 'string') throw noAttribute(orderType, 'lower');
    if (orderType.toLowerCase() === 'buy') {
      const totalCost = num(price) * pyInt(amount);
      const balance = dictGet(this.account_info, 'balance', 0);
      if (compare(new PyFloat(totalCost), '>', balance))
        return {
          error: `Insufficient funds: required $${formatMoney(totalCost)} but only $${formatMoney(num(balance))} available.`,
        };
    }
    const orderId = this.order_counter;
    const floatPrice = float(price);
    this.storeOrder(orderId, {
      id: orderId,
      order_type: orderType,
      symbol,
      price: floatPrice,
      amount,
      status: 'Open',
    });
    this.order_counter = add(this.order_counter, 1);
    // Pending in the answer, Open in the book: the leaderboard's way of showing a delay.
    return { order_id: orderId, order_type: orderType, status: 'Pending', price: floatPrice, amount };
  }

  orderDetails(orderId: unknown): unknown {
    const entry = this.findOrder(orderId);
    if (!entry)
      return {
        error: `Order with ID ${pyStr(orderId)} not found.Here is the list of orders_id: ${pyRepr(this.orderIds())}`,
      };
    if (!this.long_context) return entry.value;
    const order = shallowCopy(entry.value) as Dict;
    const symbol = pyStr(getItem(order, 'symbol'));
    const metadata: Dict = {};
    for (const [name, text] of Object.entries(ORDER_DETAIL_EXTENSION))
      metadata[name] = text.replaceAll('{symbol}', symbol);
    order.metadata = metadata;
    return order;
  }

  cancelOrder(orderId: unknown): unknown {
    const entry = this.findOrder(orderId);
    if (!entry) return { error: `Order with ID ${pyStr(orderId)} not found.` };
    if (pyEquals(getItem(entry.value, 'status'), 'Completed'))
      return { error: `Can't cancel order ${pyStr(orderId)}. Order is already completed.` };
    // getItem succeeded with a text key, so the order is a dict.
    (entry.value as Dict).status = 'Cancelled';
    return { order_id: orderId, status: 'Cancelled' };
  }

  orderIds(): unknown[] {
    return [...this.orders.values()].map((entry) => entry.key);
  }

  transactionHistory(startDate: unknown, endDate: unknown): unknown {
    if (!pyTruthy(this.authenticated))
      return [{ error: 'User not authenticated. Please log in to view transaction history.' }];
    const start = pyTruthy(startDate) ? strptime(startDate, '%Y-%m-%d') : DATETIME_MIN;
    const end = pyTruthy(endDate) ? strptime(endDate, '%Y-%m-%d') : DATETIME_MAX;
    const history = this.transaction_history.filter((transaction) => {
      const at = strptime(getItem(transaction, 'timestamp'), '%Y-%m-%d %H:%M:%S');
      return start <= at && at <= end;
    });
    if (this.long_context)
      for (const { type, amount, timestamp } of TRANSACTION_HISTORY_EXTENSION)
        history.push({ type, amount: new PyFloat(amount), timestamp });
    return { transaction_history: history };
  }

  stocksPricedBetween(symbols: unknown, minPrice: unknown, maxPrice: unknown): unknown {
    const priceOf = (symbol: unknown) => dictGet(dictGet(this.stocks, symbol, {}), 'price', 0);
    const filtered = iterate(symbols).filter(
      (symbol) => compare(priceOf(symbol), '>=', minPrice) && compare(priceOf(symbol), '<=', maxPrice),
    );
    return { filtered_stocks: filtered };
  }

  priceChangeNotice(symbols: unknown, threshold: unknown): unknown {
    const changed = iterate(symbols).filter(
      (symbol) =>
        inDict(this.stocks, symbol) &&
        compare(pyAbs(getItem(getItem(this.stocks, symbol), 'percent_change')), '>=', threshold),
    );
    if (!changed.length) return { notification: 'No significant price changes in the selected stocks.' };
    return { notification: `Stocks ${changed.join(', ')} have significant price changes.` };
  }
}

const floats = (values: readonly number[]) => values.map((x) => new PyFloat(x));

type Method = PyMethod<TradingBot>;
const method = (names: string[], run: (bot: TradingBot, ...args: unknown[]) => unknown): Method => ({
  params: names.map((name) => ({ name })),
  run: (bot, args) => run(bot, ...names.map((name) => args[name])),
});

const notLoggedIn = (what: string) => ({ error: `User not authenticated. Please log in to ${what}.` });

export const tradingBotApi = defineApiClass<TradingBot>({
  name: 'TradingBot',
  stateless: false,
  create: () => new TradingBot(),
  methods: {
    get_current_time: method([], () => ({ current_time: '10:30 AM' })),
    get_symbol_by_name: method(['name'], (_, name) => {
      hashKey(name);
      return {
        symbol:
          typeof name === 'string' && hasOwn(SYMBOLS_BY_COMPANY, name) ? SYMBOLS_BY_COMPANY[name] : 'Stock not found',
      };
    }),
    get_stock_info: method(['symbol'], (bot, symbol) => {
      if (!inDict(bot.stocks, symbol)) return { error: `Stock with symbol '${pyStr(symbol)}' not found.` };
      const stock = bot.stocks[symbol as string];
      if (!bot.long_context) return stock;
      const padded = shallowCopy(stock) as Dict;
      padded['MA(5)'] = floats(MA_5_EXTENSION);
      padded['MA(20)'] = floats(MA_20_EXTENSION);
      return padded;
    }),
    get_order_details: method(['order_id'], (bot, orderId) => bot.orderDetails(orderId)),
    cancel_order: method(['order_id'], (bot, orderId) => bot.cancelOrder(orderId)),
    place_order: method(['order_type', 'symbol', 'price', 'amount'], (bot, orderType, symbol, price, amount) =>
      bot.placeOrder(orderType, symbol, price, amount),
    ),
    withdraw_funds: method(['amount'], (bot, amount) => {
      if (!pyTruthy(bot.authenticated)) return notLoggedIn('make a transaction');
      if (!pyEquals(bot.market_status, 'Open')) return { error: 'Market is closed. Transactions are not allowed.' };
      if (compare(amount, '<=', 0)) return { error: 'Transaction amount must be positive.' };
      if (compare(amount, '>', getItem(bot.account_info, 'balance')))
        return { error: 'Insufficient funds for withdrawal.' };
      return { status: 'Withdrawal successful', new_balance: bot.moveFunds('withdrawal', amount) };
    }),
    get_account_info: method([], (bot) =>
      pyTruthy(bot.authenticated) ? bot.account_info : notLoggedIn('view account information'),
    ),
    trading_login: method(['username', 'password'], (bot) => {
      if (pyTruthy(bot.authenticated)) return { status: 'Already logged in' };
      bot.authenticated = true;
      return { status: 'Logged in successfully' };
    }),
    trading_get_login_status: method([], (bot) => ({ status: pyTruthy(bot.authenticated) })),
    trading_logout: method([], (bot) => {
      if (!pyTruthy(bot.authenticated)) return { status: 'No user is currently logged in' };
      bot.authenticated = false;
      return { status: 'Logged out successfully' };
    }),
    fund_account: method(['amount'], (bot, amount) => {
      if (!pyTruthy(bot.authenticated)) return notLoggedIn('fund the account');
      if (compare(amount, '<=', 0)) return { error: 'Funding amount must be positive.' };
      return { status: 'Account funded successfully', new_balance: bot.moveFunds('deposit', amount) };
    }),
    remove_stock_from_watchlist: method(['symbol'], (bot, symbol) => {
      if (!pyTruthy(bot.authenticated)) return notLoggedIn('modify the watchlist');
      const at = bot.watch_list.findIndex((item) => pyEquals(item, symbol));
      if (at < 0) return { error: `Stock ${pyStr(symbol)} not found in watchlist.` };
      bot.watch_list.splice(at, 1);
      return { status: `Stock ${pyStr(symbol)} removed from watchlist successfully.` };
    }),
    get_watchlist: method([], (bot) => {
      if (!pyTruthy(bot.authenticated)) return ['Error: User not authenticated. Please log in to view the watchlist.'];
      if (bot.long_context) return [...bot.watch_list, ...WATCH_LIST_EXTENSION];
      return { watchlist: bot.watch_list };
    }),
    get_order_history: method([], (bot) =>
      pyTruthy(bot.authenticated) ? { history: bot.orderIds() } : [notLoggedIn('view order history')],
    ),
    get_transaction_history: {
      params: [
        { name: 'start_date', default: null },
        { name: 'end_date', default: null },
      ],
      run: (bot, args) => bot.transactionHistory(args.start_date, args.end_date),
    },
    get_available_stocks: method(['sector'], (bot, sector) => {
      hashKey(sector);
      const sectors: Record<string, string[]> = {
        Technology: ['AAPL', 'GOOG', 'MSFT', 'NVDA'],
        Automobile: ['TSLA', 'F', 'GM'],
      };
      if (bot.long_context) {
        sectors.Technology!.push(...TECHNOLOGY_EXTENSION);
        sectors.Automobile!.push(...AUTOMOBILE_EXTENSION);
      }
      return { stock_list: typeof sector === 'string' && hasOwn(sectors, sector) ? sectors[sector] : [] };
    }),
    filter_stocks_by_price: method(['stocks', 'min_price', 'max_price'], (bot, symbols, min, max) =>
      bot.stocksPricedBetween(symbols, min, max),
    ),
    add_to_watchlist: method(['stock'], (bot, stock) => {
      if (!inList(bot.watch_list, stock) && inDict(bot.stocks, stock)) bot.watch_list.push(stock);
      return { watchlist: bot.watch_list };
    }),
    notify_price_change: method(['stocks', 'threshold'], (bot, symbols, threshold) =>
      bot.priceChangeNotice(symbols, threshold),
    ),
  },
});
