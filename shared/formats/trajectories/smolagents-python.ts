/**
 * A Python literal as `str()` prints it (dicts, lists, tuples, strings, numbers, True, False,
 * None), read as JSON values: smolagents writes the calls it hands a model this way ("Calling
 * tools:\n[{'id': 'call_1', …}]"). Returns undefined for text that is not one whole literal.
 */
export function pythonLiteral(text: string): unknown {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`not a Python literal at ${at}`);
  };
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0' };
  const string = (): string => {
    const quote = text[at++]!;
    let out = '';
    while (at < text.length && text[at] !== quote) {
      const c = text[at++]!;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = text[at++] ?? fail();
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex) {
        out += String.fromCodePoint(parseInt(text.slice(at, at + hex), 16));
        at += hex;
      } else if (e === '\n') continue;
      else out += ESCAPES[e] ?? `\\${e}`;
    }
    if (text[at++] !== quote) fail();
    return out;
  };
  const sequence = (close: string): unknown[] => {
    const items: unknown[] = [];
    at++;
    for (space(); text[at] !== close; space()) {
      items.push(value());
      space();
      if (text[at] === ',') at++;
      else if (text[at] !== close) fail();
    }
    at++;
    return items;
  };
  const value = (): unknown => {
    space();
    const c = text[at];
    if (c === "'" || c === '"') return string();
    if (c === '[') return sequence(']');
    if (c === '(') return sequence(')');
    if (c === '{') {
      const entries: [string, unknown][] = [];
      at++;
      for (space(); text[at] !== '}'; space()) {
        const key = value();
        space();
        if (text[at++] !== ':') fail();
        entries.push([typeof key === 'string' ? key : JSON.stringify(key), value()]);
        space();
        if (text[at] === ',') at++;
        else if (text[at] !== '}') fail();
      }
      at++;
      return Object.fromEntries(entries);
    }
    const word = /^(True|False|None|-?\d+(\.\d+)?([eE][-+]?\d+)?)/.exec(text.slice(at))?.[0] ?? fail();
    at += word.length;
    return word === 'True' ? true : word === 'False' ? false : word === 'None' ? null : Number(word);
  };
  try {
    const result = value();
    space();
    return at === text.length ? result : undefined;
  } catch {
    return undefined;
  }
}
