/** Places an intent names: a route ("from Paris to Lisbon"), where to ("to Rome"), where ("in Kyoto"). */
export interface Places {
  origin?: string;
  destination?: string;
  place?: string;
}

const PROPER = "\\p{Lu}[\\p{L}'’-]*";
const PLACE = `(${PROPER}(?:\\s+${PROPER})?)`;
const PERSON = `(${PROPER}(?:\\s+${PROPER}){0,2})`;
/** Capitalised words that are days, not places or people. */
const CALENDAR =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow)$/i;

/** A keyword whose first letter may be a capital, as at the start of a sentence. */
const word = (w: string) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`;

const NAMED_PATTERNS = [
  `\\b(?:under|in)\\s+the\\s+name\\s+(?:of\\s+)?${PERSON}`,
  `\\bnamed\\s+${PERSON}`,
  `\\b(?:${['traveler', 'traveller', 'passenger', 'guest'].map(word).join('|')})(?:'s)?(?:\\s+name)?(?:\\s+is)?:?\\s+${PERSON}`,
].map((p) => new RegExp(p, 'gu'));
/** "for Ana Silva" names a person, but "weather for Kyoto" a place: a fallback for both. */
const FOR = new RegExp(`\\b${word('for')}\\s+${PERSON}`, 'gu');

/** The words before the first calendar word ("Lisbon December" → "Lisbon"), if any. */
const notCalendar = (name: string | undefined) => {
  const words = name?.split(/\s+/) ?? [];
  const end = words.findIndex((w) => CALENDAR.test(w));
  return words.slice(0, end < 0 ? words.length : end).join(' ') || undefined;
};

const first = (text: string, pattern: RegExp) => {
  for (const m of text.matchAll(pattern)) {
    const found = notCalendar(m[1]);
    if (found) return found;
  }
  return undefined;
};

/** The person an intent names: "under the name Ana Silva", "traveler Ana Silva", else "for Ana". */
export function personNameInIntent(intent: string): string | null {
  return namedPerson(intent) ?? first(intent, FOR) ?? null;
}

const namedPerson = (intent: string) => {
  for (const pattern of NAMED_PATTERNS) {
    const found = first(intent, pattern);
    if (found) return found;
  }
  return undefined;
};

/**
 * Places named in the intent; a person named as one ("under the name …") is not taken for a
 * place, and "for X" is a place only when no "in", "to" or "at" names one.
 */
export function placesInIntent(intent: string): Places {
  const person = namedPerson(intent);
  const text = person ? intent.split(person).join(' ') : intent;
  const route = new RegExp(`\\b${word('from')}\\s+${PLACE}\\s+to\\s+${PLACE}`, 'u').exec(text);
  const places: Places = {};
  const [origin, destination] = [notCalendar(route?.[1]), notCalendar(route?.[2])];
  if (origin && destination && route?.[2] === destination) {
    places.origin = origin;
    places.destination = destination;
  } else {
    const to = first(text, new RegExp(`\\bto\\s+${PLACE}`, 'gu'));
    if (to) places.destination = to;
  }
  const place = first(text, new RegExp(`\\b(?:in|to|at)\\s+${PLACE}`, 'gu')) ?? first(text, FOR);
  if (place) places.place = place;
  return places;
}
