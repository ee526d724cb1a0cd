/**
 * A span's error as a person reads it: what the program said, without the stack its runtime
 * appended (the span keeps the stack on its exception event). Instrumentations of JavaScript and
 * Python programs append theirs in their own ways, read here for every convention alike.
 */
export const errorText = (text: string): string => withoutTraceback(withoutStack(text));

/**
 * An error as LangChain's tracers write it: its message, a blank line and its JavaScript stack
 * (`Error: …` then `    at …` lines). The message says what happened; the span keeps the stack.
 */
function withoutStack(text: string): string {
  const blank = text.indexOf('\n\n');
  const rest = text.slice(blank + 2);
  const stack = /^[\w$.]*(Error|Exception)\b/.test(rest) && /\n\s+at \S/.test(rest);
  return blank > 0 && stack ? text.slice(0, blank) : text;
}

/**
 * A failed run's error as LangSmith writes it (status and exception message alike): the error's
 * `repr` with its Python traceback appended. The former is the error; the traceback stays on the
 * span's exception event.
 */
function withoutTraceback(text: string): string {
  const at = text.indexOf('Traceback (most recent call last):');
  return at > 0 ? text.slice(0, at).trim() : text;
}
