/**
 * `npx -y "@acme/home server" --port 1` → the command and its arguments, as a POSIX shell would
 * split them: quotes group (and are removed), a backslash escapes the next character outside
 * single quotes. Null when a quote is left open.
 */
export function splitCommandLine(line: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < line.length) word += line[++i]!;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '\\' && i + 1 < line.length) word = (word ?? '') + line[++i]!;
    else word = (word ?? '') + c;
  }
  if (quote) return null;
  if (word !== null) words.push(word);
  return words;
}

/**
 * The command line back from its words, quoting those that need it (a word starting with `#`
 * too: a shell would read it as a comment).
 */
export function joinCommandLine(words: readonly string[]): string {
  return words.map((w) => (w === '' || /^#|[\s"'\\$`]/.test(w) ? `'${w.replace(/'/g, `'\\''`)}'` : w)).join(' ');
}
