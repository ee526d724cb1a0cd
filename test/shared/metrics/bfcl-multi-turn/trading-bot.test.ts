import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { parseExactJson } from '../../../../shared/metrics/bfcl/exact-json';
import { sortedStateJson } from './sorted-state-json';

/*
 * Every expected answer and state below was printed by the leaderboard's own TradingBot
 * (BFCL's trading_bot.py, run through its execute_multi_turn_func_call) on these same calls.
 */

/** A scenario of our own in the shape of an entry's `initial_config.TradingBot` (JSON, so 500.0 stays a float). */
const SCENARIO = parseExactJson(`{
  "account_info": {
    "account_id": 7,
    "balance": 500.0,
    "binding_card": 42
  },
  "authenticated": false,
  "market_status": "Open",
  "order_counter": 900,
  "orders": {
    "100": {
      "id": 100,
      "order_type": "Buy",
      "symbol": "MSFT",
      "price": 300.5,
      "amount": 1,
      "status": "Open"
    },
    "101": {
      "id": 101,
      "order_type": "Sell",
      "symbol": "ZETA",
      "price": 20.0,
      "amount": 3,
      "status": "Completed"
    },
    "note": "kept as text"
  },
  "stocks": {
    "MSFT": {
      "price": 310.0,
      "percent_change": -0.25,
      "volume": 3.5,
      "MA(5)": 309.5,
      "MA(20)": 305.0
    },
    "ZETA": {
      "price": 22.5,
      "percent_change": 0.05,
      "volume": 0.7,
      "MA(5)": 22.0,
      "MA(20)": 21.0
    }
  },
  "watch_list": [
    "ZETA"
  ],
  "transaction_history": [
    {
      "type": "deposit",
      "amount": 50.0,
      "timestamp": "2024-08-30 08:00:00"
    }
  ],
  "random_seed": 7
}`) as Record<string, unknown>;

/** Turns run in order on one instance; each pair is a call and the leaderboard's answer. */
const TURNS: [string, string][][] = [
  [
    ['get_account_info()', '{"error": "User not authenticated. Please log in to view account information."}'],
    [
      "place_order(order_type='Buy', symbol='MSFT', price=1, amount=1)",
      '{"error": "User not authenticated. Please log in to place an order."}',
    ],
    ['get_watchlist()', "['Error: User not authenticated. Please log in to view the watchlist.']"],
    ['get_order_history()', "[{'error': 'User not authenticated. Please log in to view order history.'}]"],
    ['get_transaction_history()', "[{'error': 'User not authenticated. Please log in to view transaction history.'}]"],
    ['withdraw_funds(amount=1)', '{"error": "User not authenticated. Please log in to make a transaction."}'],
    ['fund_account(amount=1)', '{"error": "User not authenticated. Please log in to fund the account."}'],
    [
      "remove_stock_from_watchlist(symbol='ZETA')",
      '{"error": "User not authenticated. Please log in to modify the watchlist."}',
    ],
    ['trading_logout()', '{"status": "No user is currently logged in"}'],
    ['trading_get_login_status()', '{"status": false}'],
    ["trading_login(username='ada', password='pw')", '{"status": "Logged in successfully"}'],
    ["trading_login(username='ada', password='pw')", '{"status": "Already logged in"}'],
    ['trading_get_login_status()', '{"status": true}'],
  ],
  [
    ['get_current_time()', '{"current_time": "10:30 AM"}'],
    ["get_symbol_by_name(name='Microsoft')", '{"symbol": "MSFT"}'],
    ["get_symbol_by_name(name='Foo Inc')", '{"symbol": "Stock not found"}'],
    ["get_symbol_by_name(name=['Apple'])", "Error during execution: unhashable type: 'list'"],
    [
      "get_stock_info(symbol='MSFT')",
      '{"price": 310.0, "percent_change": -0.25, "volume": 3.5, "MA(5)": 309.5, "MA(20)": 305.0}',
    ],
    ["get_stock_info(symbol='XYZ')", '{"error": "Stock with symbol \'XYZ\' not found."}'],
    ['get_stock_info(symbol=7)', '{"error": "Stock with symbol \'7\' not found."}'],
    [
      'get_order_details(order_id=100)',
      '{"id": 100, "order_type": "Buy", "symbol": "MSFT", "price": 300.5, "amount": 1, "status": "Open"}',
    ],
    [
      "get_order_details(order_id='100')",
      '{"error": "Order with ID 100 not found.Here is the list of orders_id: [100, 101, \'note\']"}',
    ],
    ["get_order_details(order_id='note')", 'kept as text'],
    ['get_order_details(order_id=[100])', "Error during execution: unhashable type: 'list'"],
    ['cancel_order(order_id=101)', '{"error": "Can\'t cancel order 101. Order is already completed."}'],
    ['cancel_order(order_id=100.0)', '{"order_id": 100.0, "status": "Cancelled"}'],
    ['cancel_order(order_id=7)', '{"error": "Order with ID 7 not found."}'],
    ["cancel_order(order_id='note')", "Error during execution: string indices must be integers, not 'str'"],
  ],
  [
    [
      "place_order(order_type='Buy', symbol='MSFT', price=300, amount=2)",
      '{"error": "Insufficient funds: required $600.00 but only $500.00 available."}',
    ],
    [
      "place_order(order_type='sell', symbol='MSFT', price=300, amount=2)",
      '{"order_id": 900, "order_type": "sell", "status": "Pending", "price": 300.0, "amount": 2}',
    ],
    [
      "place_order(order_type='BUY', symbol='ZETA', price=2.5, amount=2.9)",
      '{"order_id": 901, "order_type": "BUY", "status": "Pending", "price": 2.5, "amount": 2.9}',
    ],
    [
      "place_order(order_type='Buy', symbol='ZETA', price=-1, amount=1)",
      '{"error": "Price and amount must be positive values."}',
    ],
    ["place_order(order_type='Buy', symbol='AAPL', price=1, amount=1)", '{"error": "Invalid stock symbol: AAPL"}'],
    [
      "place_order(order_type=5, symbol='ZETA', price=1, amount=1)",
      "Error during execution: 'int' object has no attribute 'lower'",
    ],
    [
      "place_order(order_type='Buy', symbol='ZETA', price='10', amount=1)",
      "Error during execution: '<=' not supported between instances of 'str' and 'int'",
    ],
    [
      "place_order(order_type='Buy', symbol='ZETA', price=1e999, amount=1)",
      '{"error": "Insufficient funds: required $inf but only $500.00 available."}',
    ],
    [
      "place_order(order_type='Buy', symbol='ZETA', price=1, amount=1e999)",
      'Error during execution: cannot convert float infinity to integer',
    ],
    [
      "place_order(order_type='Buy', symbol='ZETA', price=1)",
      "Error during execution: TradingBot.place_order() missing 1 required positional argument: 'amount'",
    ],
    ['fund_account(amount=100)', '{"status": "Account funded successfully", "new_balance": 600.0}'],
    ['fund_account(amount=0)', '{"error": "Funding amount must be positive."}'],
    ["fund_account(amount='5')", "Error during execution: '<=' not supported between instances of 'str' and 'int'"],
    ['withdraw_funds(amount=25.5)', '{"status": "Withdrawal successful", "new_balance": 574.5}'],
    ['withdraw_funds(amount=10000)', '{"error": "Insufficient funds for withdrawal."}'],
    [
      'withdraw_funds(amount=None)',
      "Error during execution: '<=' not supported between instances of 'NoneType' and 'int'",
    ],
  ],
  [
    [
      'get_transaction_history()',
      '{"transaction_history": [{"type": "deposit", "amount": 50.0, "timestamp": "2024-08-30 08:00:00"}, {"type": "deposit", "amount": 100, "timestamp": "2024-09-01 22:17:25"}, {"type": "withdrawal", "amount": 25.5, "timestamp": "2024-09-01 15:59:32"}]}',
    ],
    [
      "get_transaction_history(start_date='2024-09-01')",
      '{"transaction_history": [{"type": "deposit", "amount": 100, "timestamp": "2024-09-01 22:17:25"}, {"type": "withdrawal", "amount": 25.5, "timestamp": "2024-09-01 15:59:32"}]}',
    ],
    [
      "get_transaction_history(start_date='2024-8-1', end_date='2024-08-31')",
      '{"transaction_history": [{"type": "deposit", "amount": 50.0, "timestamp": "2024-08-30 08:00:00"}]}',
    ],
    [
      "get_transaction_history(start_date='2024-13-01')",
      "Error during execution: time data '2024-13-01' does not match format '%Y-%m-%d'",
    ],
    ["get_transaction_history(end_date='2024-02-30')", 'Error during execution: day is out of range for month'],
    ["get_transaction_history(end_date='2024-09-01x')", 'Error during execution: unconverted data remains: x'],
    ['get_transaction_history(end_date=5)', 'Error during execution: strptime() argument 1 must be str, not int'],
    ["get_transaction_history(start_date='0000-01-01')", 'Error during execution: year 0 is out of range'],
  ],
  [
    ["get_available_stocks(sector='Technology')", '{"stock_list": ["AAPL", "GOOG", "MSFT", "NVDA"]}'],
    ["get_available_stocks(sector='Energy')", '{"stock_list": []}'],
    ["get_available_stocks(sector=['Technology'])", "Error during execution: unhashable type: 'list'"],
    [
      "filter_stocks_by_price(stocks=['MSFT', 'ZETA', 'XYZ'], min_price=20, max_price=400)",
      '{"filtered_stocks": ["MSFT", "ZETA"]}',
    ],
    ["filter_stocks_by_price(stocks=['XYZ'], min_price=-1, max_price=1)", '{"filtered_stocks": ["XYZ"]}'],
    [
      'filter_stocks_by_price(stocks=5, min_price=0, max_price=1)',
      "Error during execution: 'int' object is not iterable",
    ],
    [
      "filter_stocks_by_price(stocks=['MSFT'], min_price='0', max_price=1)",
      "Error during execution: '>=' not supported between instances of 'float' and 'str'",
    ],
    [
      "notify_price_change(stocks=['MSFT', 'ZETA', 'XYZ'], threshold=0.1)",
      '{"notification": "Stocks MSFT have significant price changes."}',
    ],
    [
      "notify_price_change(stocks=['ZETA'], threshold=5)",
      '{"notification": "No significant price changes in the selected stocks."}',
    ],
    [
      "notify_price_change(stocks='ZETA', threshold=0)",
      '{"notification": "No significant price changes in the selected stocks."}',
    ],
    [
      "notify_price_change(stocks=['MSFT'], threshold=None)",
      "Error during execution: '>=' not supported between instances of 'float' and 'NoneType'",
    ],
    ["add_to_watchlist(stock='MSFT')", '{"watchlist": ["ZETA", "MSFT"]}'],
    ["add_to_watchlist(stock='MSFT')", '{"watchlist": ["ZETA", "MSFT"]}'],
    ["add_to_watchlist(stock='XYZ')", '{"watchlist": ["ZETA", "MSFT"]}'],
    ["add_to_watchlist(stock=['MSFT'])", "Error during execution: unhashable type: 'list'"],
    ["remove_stock_from_watchlist(symbol='ZETA')", '{"status": "Stock ZETA removed from watchlist successfully."}'],
    ["remove_stock_from_watchlist(symbol='ZETA')", '{"error": "Stock ZETA not found in watchlist."}'],
    ['get_watchlist()', '{"watchlist": ["MSFT"]}'],
    ['get_order_history()', '{"history": [100, 101, "note", 900, 901]}'],
    ['get_account_info()', '{"account_id": 7, "balance": 574.5, "binding_card": 42}'],
    ['trading_logout()', '{"status": "Logged out successfully"}'],
    ['trading_logout()', '{"status": "No user is currently logged in"}'],
  ],
];

const answerPairs = (world: BfclWorld, turn: [string, string][]) =>
  world.execute(turn.map(([call]) => call)).map((answer, i) => [turn[i]![0], answer]);

describe("TradingBot answers as the leaderboard's class does", () => {
  const names = [
    'refuses all but logging in until the user logs in, and answers some refusals as Python lists',
    'names symbols, quotes stocks, finds orders by int key (12345.0 finds 12345, "12345" does not) and cancels open ones',
    'places orders only with the funds for them, keeps the price a float, and moves money with seeded timestamps',
    'filters the transaction history by date as strptime reads the dates, with its errors',
    "lists sectors, filters by price, notifies of changes and keeps the watch list, with Python's TypeErrors",
  ];
  names.forEach((name, t) => {
    it(name, () => {
      const world = new BfclWorld(['TradingBot'], { TradingBot: SCENARIO }, false);
      for (const earlier of TURNS.slice(0, t)) world.execute(earlier.map(([call]) => call));
      expect(answerPairs(world, TURNS[t]!)).toEqual(TURNS[t]);
    });
  });

  it("ends in the leaderboard's state: cancelled and new orders, text keys kept, balance and transactions", () => {
    const world = new BfclWorld(['TradingBot'], { TradingBot: SCENARIO }, false);
    for (const turn of TURNS) world.execute(turn.map(([call]) => call));
    expect(sortedStateJson(world.instances.get('TradingBot')!.publicState())).toBe(
      '{"account_info": {"account_id": 7, "balance": 574.5, "binding_card": 42}, "authenticated": false, "long_context": false, "market_status": "Open", "order_counter": 902, "orders": {"100": {"amount": 1, "id": 100, "order_type": "Buy", "price": 300.5, "status": "Cancelled", "symbol": "MSFT"}, "101": {"amount": 3, "id": 101, "order_type": "Sell", "price": 20.0, "status": "Completed", "symbol": "ZETA"}, "900": {"amount": 2, "id": 900, "order_type": "sell", "price": 300.0, "status": "Open", "symbol": "MSFT"}, "901": {"amount": 2.9, "id": 901, "order_type": "BUY", "price": 2.5, "status": "Open", "symbol": "ZETA"}, "note": "kept as text"}, "stocks": {"MSFT": {"MA(20)": 305.0, "MA(5)": 309.5, "percent_change": -0.25, "price": 310.0, "volume": 3.5}, "ZETA": {"MA(20)": 21.0, "MA(5)": 22.0, "percent_change": 0.05, "price": 22.5, "volume": 0.7}}, "transaction_history": [{"amount": 50.0, "timestamp": "2024-08-30 08:00:00", "type": "deposit"}, {"amount": 100, "timestamp": "2024-09-01 22:17:25", "type": "deposit"}, {"amount": 25.5, "timestamp": "2024-09-01 15:59:32", "type": "withdrawal"}], "watch_list": ["MSFT"]}',
    );
  });

  it('takes every attribute from its defaults for an empty scenario, seed included, and overwrites order 12446 with the next order', () => {
    const turn: [string, string][] = [
      ["trading_login(username='ada', password='pw')", '{"status": "Logged in successfully"}'],
      ['fund_account(amount=1)', '{"status": "Account funded successfully", "new_balance": 10001.0}'],
      ['fund_account(amount=2.0)', '{"status": "Account funded successfully", "new_balance": 10003.0}'],
      ['withdraw_funds(amount=1)', '{"error": "Market is closed. Transactions are not allowed."}'],
      [
        "place_order(order_type='Buy', symbol='NEPT', price=88, amount=3)",
        '{"order_id": 12446, "order_type": "Buy", "status": "Pending", "price": 88.0, "amount": 3}',
      ],
      [
        'get_order_details(order_id=12446)',
        '{"id": 12446, "order_type": "Buy", "symbol": "NEPT", "price": 88.0, "amount": 3, "status": "Open"}',
      ],
      ['get_order_history()', '{"history": [12345, 12446]}'],
      [
        'get_transaction_history()',
        '{"transaction_history": [{"type": "deposit", "amount": 1, "timestamp": "2024-09-02 05:40:15"}, {"type": "deposit", "amount": 2.0, "timestamp": "2024-09-01 12:26:34"}]}',
      ],
    ];
    const world = new BfclWorld(['TradingBot'], {}, false);
    expect(answerPairs(world, turn)).toEqual(turn);
  });
});

/** Long answers as their length, SHA-256, first 60 and last 40 characters. */
type LongAnswer = { length: number; sha256: string; start: string; end: string };
const LONG_CONTEXT: [string, string | LongAnswer][] = [
  ["trading_login(username='ada', password='pw')", '{"status": "Logged in successfully"}'],
  ['fund_account(amount=10)', '{"status": "Account funded successfully", "new_balance": 10010.0}'],
  [
    "get_stock_info(symbol='AAPL')",
    {
      length: 31704,
      sha256: '301732e6d361470eb7e17e8a5a995e8d9d9198f2e2fafd2a67cbcfa8a21e705c',
      start: '{"price": 227.16, "percent_change": 0.17, "volume": 2.552, "',
      end: ' 239.24, 239.74, 232.27, 219.6, 246.63]}',
    },
  ],
  [
    'get_order_details(order_id=12345)',
    {
      length: 7351,
      sha256: 'ff0d6873137491b83c26291ab810544699605e7d1b0c2b189a99e46c8fd7fa3f',
      start: '{"id": 12345, "order_type": "Buy", "symbol": "AAPL", "price"',
      end: 'y responsible corporate entity.\\n    "}}',
    },
  ],
  [
    'get_watchlist()',
    {
      length: 7006,
      sha256: 'e1dbb278d586e6a310a0cd7f2da6bbd0a5a95b4e34b35eeaa3adfa55c797b8ef',
      start: "['NVDA', 'JHGUN', 'LMAT', 'YNK', 'W', 'XSW', 'XZEHV', 'R', '",
      end: "BX', 'NJTKO', 'YBTT', 'ZRFRE', Ellipsis]",
    },
  ],
  [
    'get_transaction_history()',
    {
      length: 84441,
      sha256: '4168196b2487e447eaa1e675a5a7158df7a74d49c166e38a25943d9e7fa5162c',
      start: '{"transaction_history": [{"type": "deposit", "amount": 10, "',
      end: 'estamp": "2024-03-22 13:33:04.863985"}]}',
    },
  ],
  [
    "get_available_stocks(sector='Technology')",
    {
      length: 7051,
      sha256: '8d853ddf6a8b12aa68339ce60a78092fd682cffe257627277c5bcf33b53050da',
      start: '{"stock_list": ["AAPL", "GOOG", "MSFT", "NVDA", "AAPL", "GOO',
      end: 'UH", "AFDLK", "XS", "BMY", "C", "FDVU"]}',
    },
  ],
  [
    "get_available_stocks(sector='Automobile')",
    {
      length: 7056,
      sha256: '91e0759f757de47df408f70647190745ac087d76eacac4f8b894d8283c830e83',
      start: '{"stock_list": ["TSLA", "F", "GM", "TSLA", "F", "GM", "UNUGJ',
      end: 'V", "MLP", "CTQK", "JSAL", "IFD", "EM"]}',
    },
  ],
];

describe('TradingBot in the long-context category', () => {
  it('pads quotes, order details, the watch list (ending in Ellipsis), the history and sectors as the leaderboard does', () => {
    const world = new BfclWorld(['TradingBot'], {}, true);
    const answers = world.execute(LONG_CONTEXT.map(([call]) => call));
    const seen = answers.map((answer, i) => {
      const expected = LONG_CONTEXT[i]![1];
      if (typeof expected === 'string') return answer;
      return {
        length: answer.length,
        sha256: createHash('sha256').update(answer).digest('hex'),
        start: answer.slice(0, 60),
        end: answer.slice(-40),
      };
    });
    expect(seen).toEqual(LONG_CONTEXT.map(([, expected]) => expected));
    expect(
      createHash('sha256')
        .update(sortedStateJson(world.instances.get('TradingBot')!.publicState()))
        .digest('hex'),
    ).toBe('bda56b486462b7fe06e779480fe64d2af750dd3f703a88f617655b2d537c9769');
  });
});
