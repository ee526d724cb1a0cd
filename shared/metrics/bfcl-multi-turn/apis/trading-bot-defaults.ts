import { PyFloat } from '../../bfcl/values';

/** The TradingBot's state where a scenario leaves an attribute out (a fresh copy each time). */
export function tradingBotDefaults(): Record<string, unknown> {
  const f = (x: number) => new PyFloat(x);
  const stock = (price: number, change: number, volume: number, ma5: number, ma20: number) => ({
    price: f(price),
    percent_change: f(change),
    volume: f(volume),
    'MA(5)': f(ma5),
    'MA(20)': f(ma20),
  });
  return {
    orders: {
      12345: { id: 12345, order_type: 'Buy', symbol: 'AAPL', price: f(210.65), amount: 10, status: 'Completed' },
      12446: { id: 12446, order_type: 'Sell', symbol: 'GOOG', price: f(2840.56), amount: 5, status: 'Pending' },
    },
    account_info: { account_id: 12345, balance: f(10000), binding_card: 1974202140965533 },
    authenticated: false,
    market_status: 'Closed',
    order_counter: 12446,
    stocks: {
      AAPL: stock(227.16, 0.17, 2.552, 227.11, 227.09),
      GOOG: stock(2840.34, 0.24, 1.123, 2835.67, 2842.15),
      TSLA: stock(667.92, -0.12, 1.654, 671.15, 668.2),
      MSFT: stock(310.23, 0.09, 3.234, 309.88, 310.11),
      NVDA: stock(220.34, 0.34, 1.234, 220.45, 220.67),
      ALPH: stock(1320.45, -0.08, 1.567, 1321.12, 1325.78),
      OMEG: stock(457.23, 0.12, 2.345, 456.78, 458.12),
      QUAS: stock(725.89, -0.03, 1.789, 726.45, 728),
      NEPT: stock(88.34, 0.19, 0.654, 88.21, 88.67),
      SYNX: stock(345.67, 0.11, 2.112, 345.34, 346.12),
      ZETA: stock(22.09, -0.05, 0.789, 22.12, 22.34),
    },
    watch_list: ['NVDA'],
    transaction_history: [],
    random_seed: 1053520,
  };
}
