/**
 * Numbers, amounts and currencies as people write them: "200,000", "$200,000", "1.5k",
 * "2.5 million", "€1.200,50", "20%", "a dozen"; "yen" for JPY, "$" for USD.
 */

/** Number words, each on its own; "forty-five" is two of them (see `countWord`). */
export const WORD_NUMBERS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  dozen: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
  million: 1e6,
  billion: 1e9,
};

/** Words that count a few of something: "a week", "two nights", "forty-five minutes". */
const COUNT_WORDS = Object.keys(WORD_NUMBERS).filter((w) => WORD_NUMBERS[w]! < 100 && w !== 'zero');
const UNITS = COUNT_WORDS.filter((w) => WORD_NUMBERS[w]! < 10);
const TENS = COUNT_WORDS.filter((w) => WORD_NUMBERS[w]! >= 20);
/** A regular-expression source for one count word: "a", "an", "twelve", "forty-five"; longest first. */
export const COUNT_WORD = `(?:${TENS.join('|')})-(?:${UNITS.join('|')})|${[...COUNT_WORDS, 'an', 'a']
  .sort((x, y) => y.length - x.length)
  .join('|')}`;

/** What a count word matched by `COUNT_WORD` stands for ("a" 1, "forty-five" 45), or null for anything else. */
export function countWord(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower === 'a' || lower === 'an') return 1;
  const [first, second, ...rest] = lower.split('-').map((w) => WORD_NUMBERS[w]);
  if (first === undefined || first >= 100 || first === 0 || rest.length > 0) return null;
  if (second === undefined) return lower.includes('-') ? null : first;
  // "forty-five": tens, then a unit.
  return first >= 20 && first % 10 === 0 && second > 0 && second < 10 ? first + second : null;
}

const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mm: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/** ISO currency codes and how people name them. */
const CURRENCIES: Record<string, string[]> = {
  USD: ['$', 'us$', 'usd', 'dollar', 'dollars', 'buck', 'bucks'],
  EUR: ['€', 'eur', 'euro', 'euros'],
  GBP: ['£', 'gbp', 'pound', 'pounds', 'sterling', 'quid'],
  JPY: ['¥', 'jpy', 'yen'],
  CNY: ['cny', 'yuan', 'rmb', 'renminbi'],
  INR: ['₹', 'inr', 'rupee', 'rupees'],
  CHF: ['chf', 'franc', 'francs'],
  CAD: ['c$', 'cad', 'canadian dollar', 'canadian dollars'],
  AUD: ['a$', 'aud', 'australian dollar', 'australian dollars'],
};

const SYMBOL = '(?:us\\$|c\\$|a\\$|[$€£¥₹])';
const SYMBOL_BEFORE = new RegExp(`${SYMBOL}\\s?$`);

/** The number a numeral means: "1,250" 1250, "1.200,50" 1200.5, "1.5" 1.5; "1.500" both 1.5 and 1500. */
function numeralValues(numeral: string): number[] {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(numeral)) return [Number(numeral.replace(/,/g, ''))];
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(numeral)) return [Number(numeral.replace(/\./g, '').replace(',', '.'))];
  if (/^\d{1,3}(?:\.\d{3})+$/.test(numeral))
    return [Number(numeral.replace(/\./g, '')), ...(numeral.split('.').length === 2 ? [Number(numeral)] : [])];
  if (/^\d+,\d{1,2}$/.test(numeral)) return [Number(numeral.replace(',', '.'))];
  if (/^\d{1,3}(?:[  ]\d{3})+$/.test(numeral)) return [Number(numeral.replace(/\D/g, ''))];
  const n = Number(numeral);
  return Number.isFinite(n) ? [n] : [];
}

const NUMERAL = '\\d{1,3}(?:[,.  ]\\d{3})+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?';

/**
 * Every number a text states: numerals with their separators, scaled ("1.5k" 1500, "2.5 million"),
 * amounts after or before a currency (also in cents: "$19.99" 1999), percentages (also as a
 * fraction: "20%" 0.2) and number words ("two", "a dozen", "five hundred").
 */
export function numbersInText(text: string): Set<number> {
  const numbers = new Set<number>();
  const lower = text.toLowerCase();
  // The numeral first (a pattern that begins with an optional symbol tries every position), then what precedes it.
  const pattern =
    /(?<![\d.,])(\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?!\d)(?:\s?(k|mn|mm|m|bn|b|thousand|million|billion)\b)?(\s?%)?/g;
  for (const m of lower.matchAll(pattern)) {
    const symbol = SYMBOL_BEFORE.test(lower.slice(Math.max(0, m.index - 4), m.index));
    const scaleWord = m[2];
    // "30m" and "5b" without a currency are minutes, metres, a flat: only spelled scales and "k" count there.
    const scale = scaleWord && (symbol || !/^(m|mm|b)$/.test(scaleWord)) ? SCALES[scaleWord]! : 1;
    const after = lower.slice(m.index + m[0].length, m.index + m[0].length + 12);
    const money = symbol || /^\s?(usd|eur|gbp|jpy|dollars?|euros?|pounds?|yen)\b/.test(after);
    const percent = Boolean(m[3]);
    for (const value of numeralValues(m[1]!)) {
      const n = value * scale;
      numbers.add(round(n));
      if (money) numbers.add(round(n * 100));
      if (percent) numbers.add(round(n / 100));
    }
  }
  // Number words: "twenty-five", "five hundred", "a thousand", "a dozen"; anything else ends one.
  let run: number | null = null;
  let part = 0;
  const close = () => {
    if (run !== null) numbers.add(run + part);
    run = null;
    part = 0;
  };
  let end = 0;
  for (const m of lower.matchAll(/[a-z]+(?:-[a-z]+)?/g)) {
    const token = m[0];
    // Anything but spaces between two words ends a number: "a dozen, five hundred" is two.
    if (/\S/.test(lower.slice(end, m.index))) close();
    end = m.index + token.length;
    const pieces = token.split('-').map((w) => WORD_NUMBERS[w]);
    if (pieces.some((p) => p === undefined)) {
      if (!(token === 'and' && run !== null) && token !== 'a') close();
      continue;
    }
    const value = pieces.reduce<number>((sum, p) => sum + p!, 0);
    if (value >= 1000) {
      run = ((run ?? 0) + (part || 1)) * value;
      part = 0;
    } else if (value === 100) {
      run ??= 0;
      part = (part || 1) * 100;
    } else {
      // "twenty five" is 25; "twelve five" is two numbers.
      if (run !== null && part % 100 !== 0 && !(part % 10 === 0 && part % 100 >= 20 && value < 10)) close();
      run ??= 0;
      part += value;
    }
  }
  close();
  return numbers;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The number a value is, when it is one alone: 200000, "200000", "200,000", "$200,000.00", "1.5k". */
export function numberValue(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? round(value) : null;
  const m = new RegExp(`^\\s*${SYMBOL}?\\s?(-?(?:${NUMERAL}))\\s?(k|thousand|million)?\\s*$`, 'i').exec(value);
  if (!m) return null;
  const values = numeralValues(m[1]!.replace(/^-/, ''));
  if (values.length !== 1) return null;
  const sign = m[1]!.startsWith('-') ? -1 : 1;
  return round(sign * values[0]! * (m[2] ? SCALES[m[2].toLowerCase()]! : 1));
}

/** Whether a number is one of those read (compared as numbers: 412.5 is 412.50). */
export const numberIsRead = (n: number, numbers: ReadonlySet<number>): boolean => numbers.has(round(n));

/** ISO currency codes a text names by code, symbol or word. */
export function currenciesInText(text: string): Set<string> {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (const [code, names] of Object.entries(CURRENCIES))
    if (names.some((name) => (/^[a-z ]+$/.test(name) ? new RegExp(`\\b${name}\\b`).test(lower) : lower.includes(name))))
      found.add(code);
  return found;
}

/** The ISO code a value is, when it is a currency code this module knows ("USD", "jpy"). */
export const currencyValue = (value: string): string | null =>
  Object.hasOwn(CURRENCIES, value.toUpperCase()) ? value.toUpperCase() : null;
