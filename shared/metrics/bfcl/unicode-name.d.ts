/** The part of the `unicode-name` package (Unicode character names and NameAliases.txt) Trellis uses. */
declare module 'unicode-name' {
  /** The character's name from UnicodeData.txt (derived for ideograph and Hangul ranges), if it has one. */
  export function unicodeBaseName(char: string | number): string | undefined;
  /** The character's aliases by type (correction, control, alternate, figment, abbreviation). */
  export function unicodeAliases(char: string | number): Partial<Record<string, string[]>> | undefined;
}
