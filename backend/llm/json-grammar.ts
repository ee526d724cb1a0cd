/**
 * node-llama-cpp's JSON-Schema grammar lets numbers carry exponents of up to 16 digits, and
 * integers exponents at all: `6603362e364916` is allowed, parses to Infinity, and fails the
 * schema. These rewrites keep integers plain and exponents short, so every sample validates.
 */
const LONG_EXPONENT = ' ([eE] [-+]? ("0" | [1-9] [0-9]{0,15}))?';

export function boundJsonNumbers(grammar: string): string {
  return grammar
    .split('\n')
    .map((line) => {
      if (!line.includes(LONG_EXPONENT)) return line;
      if (line.startsWith('integer-number-rule ')) return line.replace(LONG_EXPONENT, '');
      return line.replace(LONG_EXPONENT, ' ([eE] [-+]? [0-9]{1,2})?');
    })
    .join('\n');
}
