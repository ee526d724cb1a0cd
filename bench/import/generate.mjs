// Writes N OpenAI chat trajectories of ~10 turns each (user, calls and results, answer), each
// declaring its own tools (one of TOOL_SETS distinct sets, as public datasets do), as JSONL or as
// one indented JSON array (as LLaMA-Factory and Hugging Face ship them).
import fs from 'node:fs';

const TOOLS = [
  'search_flights',
  'book_flight',
  'search_hotels',
  'book_hotel',
  'get_weather',
  'convert_currency',
  'find_places',
  'get_travel_time',
  'create_event',
  'send_email',
];
const CITIES = ['Lisbon', 'Kyoto', 'Paris', 'Nairobi', 'Lima', 'Oslo', 'Hanoi', 'Denver', 'Cairo', 'Perth'];

/** A small deterministic generator, so every run writes the same file. */
function random(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Words made of syllables: a vocabulary of a few thousand, like real logs. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'sun', 'ra', 've', 'dos', 'pin', 'qua', 'bel', 'tor', 'ny', 'shi', 'gar'];
export const vocabulary = [];
for (const a of SYLLABLES)
  for (const b of SYLLABLES) for (const c of ['', ...SYLLABLES.slice(0, 10)]) vocabulary.push(a + b + c);

/** Distinct tool sets the records declare: each a different subset of the tools. */
const TOOL_SETS = 24;
const toolSet = (k) =>
  TOOLS.filter((_, i) => (k >> (i % 5)) & 1 || i === k % TOOLS.length).map((name) => ({
    type: 'function',
    function: {
      name,
      description: `${name.replace('_', ' ')} (set ${k})`,
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, day: { type: 'integer' }, note: { type: 'string' } },
        required: ['city'],
      },
    },
  }));

export function record(n, rand) {
  const words = (k) => Array.from({ length: k }, () => vocabulary[Math.floor(rand() * vocabulary.length)]).join(' ');
  const city = CITIES[n % CITIES.length];
  const messages = [{ role: 'user', content: `Request ${n}: plan a trip to ${city}, ${words(12)}.` }];
  const calls = 3 + (n % 3);
  for (let i = 0; i < calls; i++) {
    const name = TOOLS[Math.floor(rand() * TOOLS.length)];
    const id = `call_${i}`;
    messages.push({
      role: 'assistant',
      content: `Step ${i + 1}: ${words(8)}`,
      tool_calls: [
        { id, type: 'function', function: { name, arguments: JSON.stringify({ city, day: i + 1, note: words(3) }) } },
      ],
    });
    messages.push({
      role: 'tool',
      tool_call_id: id,
      content: JSON.stringify({ id: `${name}-${n}-${i}`, detail: words(10) }),
    });
  }
  messages.push({ role: 'assistant', content: `Done with request ${n}: ${words(15)}.` });
  return { messages, tools: toolSet(n % TOOL_SETS) };
}

/**
 * Writes the file in chunks; returns the number of turns written. With `nearDuplicateEvery`,
 * every k-th record is the previous one with a word added (for deduplication benchmarks).
 */
export function generate(file, count, { nearDuplicateEvery = 0, array = false } = {}) {
  const rand = random(42);
  const fd = fs.openSync(file, 'w');
  if (array) fs.writeSync(fd, '[\n');
  let turns = 0;
  let chunk = [];
  let previous = null;
  for (let n = 0; n < count; n++) {
    let r = record(n, rand);
    if (nearDuplicateEvery && previous && n % nearDuplicateEvery === nearDuplicateEvery - 1) {
      r = JSON.parse(JSON.stringify(previous));
      r.messages[0].content += ' please';
    }
    previous = r;
    turns += r.messages.length;
    chunk.push(array ? JSON.stringify(r, null, 2).replace(/^/gm, '  ') : JSON.stringify(r));
    if (chunk.length === 1000 || n === count - 1) {
      const last = n === count - 1;
      fs.writeSync(fd, array ? `${chunk.join(',\n')}${last ? '\n]\n' : ',\n'}` : `${chunk.join('\n')}\n`);
      chunk = [];
    }
  }
  fs.closeSync(fd);
  return turns;
}
