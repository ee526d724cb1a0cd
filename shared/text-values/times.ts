/**
 * Times of day and durations as people write them: "2pm", "2:30 pm", "14:00", "14h30", "noon",
 * "midnight", "half past 3", "2-3pm"; "for an hour", "90 minutes", "half an hour".
 */
import { COUNT_WORD, countWord } from './numbers';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (h: number, m: number) => (h >= 0 && h <= 24 && m >= 0 && m < 60 ? `${pad(h)}:${pad(m)}` : null);
const MERIDIEM = '(a\\.?m\\.?|p\\.?m\\.?)(?![a-z])';

/** 12-hour clock to 24: 12am is 00, 12pm is 12. */
function hours24(hour: number, meridiem: string | undefined): number {
  if (!meridiem) return hour;
  const pm = meridiem.toLowerCase().startsWith('p');
  return (hour % 12) + (pm ? 12 : 0);
}

/**
 * `HH:MM` times a text states (midnight also as `24:00`, the end of a day); a bare "at 3" or
 * "3 o'clock" as both 03:00 and 15:00; each time plus a stated duration (an end time).
 */
export function timesInText(text: string): Set<string> {
  const times = new Set<string>();
  const add = (h: number, m: number) => {
    const t = clock(h, m);
    if (t) times.add(t);
  };
  let rest = text;
  // What a pattern read is blanked, so that a shorter pattern does not read it again.
  const take = (pattern: RegExp, read: (m: RegExpExecArray) => void) => {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      read(args.slice(0, -2) as unknown as RegExpExecArray);
      return ' '.repeat((args[0] as string).length);
    });
  };
  // Ranges first: "2-3pm" and "9 to 11 am" give the first time the meridiem of the second.
  take(
    new RegExp(
      `\\b(\\d{1,2})(?:[:.](\\d{2}))?\\s*(?:-|–|—|to|until|till)\\s*(\\d{1,2})(?:[:.](\\d{2}))?\\s*${MERIDIEM}`,
      'gi',
    ),
    (m) => {
      const meridiem = m[5]!;
      const end = hours24(Number(m[3]), meridiem);
      let start = hours24(Number(m[1]), meridiem);
      if (start > end) start -= 12;
      add(start, Number(m[2] ?? 0));
      add(end, Number(m[4] ?? 0));
    },
  );
  take(new RegExp(`\\b(\\d{1,2})(?:[:.](\\d{2}))?\\s*${MERIDIEM}`, 'gi'), (m) =>
    add(hours24(Number(m[1]), m[3]), Number(m[2] ?? 0)),
  );
  take(/(?<![\d:])(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?![\d])/g, (m) => add(Number(m[1]), Number(m[2])));
  take(/\b(\d{1,2})h(\d{2})?\b/gi, (m) => add(Number(m[1]), Number(m[2] ?? 0)));
  take(/\b(noon|midday|midnight)\b/gi, (m) => {
    if (m[1]!.toLowerCase() === 'midnight') {
      add(0, 0);
      add(24, 0);
    } else add(12, 0);
  });
  const both = (h: number, m: number) => {
    add(h, m);
    add(h + 12, m);
  };
  take(/\b(half|quarter)\s+past\s+(\d{1,2})\b/gi, (m) => both(Number(m[2]), m[1]!.toLowerCase() === 'half' ? 30 : 15));
  take(/\bquarter\s+to\s+(\d{1,2})\b/gi, (m) => both(Number(m[1]) - 1, 45));
  take(/\b(\d{1,2})\s*o['’]?\s*clock\b/gi, (m) => both(Number(m[1]), 0));
  take(/\b(?:at|by|from|until|till)\s+(\d{1,2})\b(?![:.,]?\d|\s*(?:%|(?:st|nd|rd|th)\b))/gi, (m) => {
    if (Number(m[1]) <= 12) both(Number(m[1]), 0);
  });
  const durations = durationsInText(text);
  for (const time of [...times]) {
    const [h, m] = time.split(':').map(Number) as [number, number];
    for (const minutes of durations) {
      const total = h * 60 + m + minutes;
      if (total <= 24 * 60) add(Math.floor(total / 60), total % 60);
    }
  }
  return times;
}

/** Durations a text states, in minutes: "for an hour" 60, "90 minutes", "half an hour" 30, "1.5 hours" 90, "2 hrs". */
export function durationsInText(text: string): number[] {
  const found: number[] = [];
  if (/\bhalf\s+an?\s+hour\b/i.test(text)) found.push(30);
  if (/\ban?\s+hour\s+and\s+a\s+half\b/i.test(text)) found.push(90);
  const count = `(\\d+(?:\\.\\d+)?|${COUNT_WORD})`;
  for (const m of text.matchAll(new RegExp(`\\b${count}[\\s-]*(hours?|hrs?|h|minutes?|mins?)\\b`, 'gi'))) {
    const n = countWord(m[1]!) ?? Number(m[1]);
    found.push(Math.round(/^h/i.test(m[2]!) ? n * 60 : n));
  }
  return found;
}

/** A value's time of day as `HH:MM` ("14:00", "14:00:00", "2pm", "2:30 PM"), or null when it is not one alone. */
export function timeValue(value: string): string | null {
  const m =
    /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(a\.?m\.?|p\.?m\.?)?$/i.exec(value.trim()) ??
    /^(\d{1,2})()()\s*(a\.?m\.?|p\.?m\.?)$/i.exec(value.trim());
  if (!m || (m[3] && m[3] !== '00')) return null;
  return clock(hours24(Number(m[1]), m[4]), Number(m[2] || 0));
}

/** Time-zone abbreviations people write, as minutes east of UTC. */
const ZONE_ABBREVIATIONS: Record<string, number> = {
  utc: 0,
  gmt: 0,
  wet: 0,
  bst: 60,
  cet: 60,
  cest: 120,
  eet: 120,
  eest: 180,
  ist: 330,
  jst: 540,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

/**
 * Time zones a text names: IANA names ("America/New_York"), offsets ("UTC+1", "GMT-05:00") and
 * common abbreviations ("PST", "CET"), each as an IANA name or a fixed `±minutes` offset.
 */
export function zonesInText(text: string): Set<string> {
  const zones = new Set<string>();
  for (const m of text.matchAll(
    /\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z_]+(?:\/[A-Za-z_]+)?\b/g,
  )) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: m[0] });
      zones.add(m[0]);
    } catch {
      // Not a zone this runtime knows.
    }
  }
  for (const m of text.matchAll(/\b(?:UTC|GMT)\s?([+\-−])\s?(\d{1,2})(?::?(\d{2}))?\b/gi)) {
    const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    zones.add(String(m[1] === '+' ? minutes : -minutes));
  }
  for (const m of text.matchAll(/\b([A-Z]{3,4})\b/g)) {
    const offset = ZONE_ABBREVIATIONS[m[1]!.toLowerCase()];
    if (offset !== undefined) zones.add(String(offset));
  }
  return zones;
}

/** The wall-clock day and time (`YYYY-MM-DD`, `HH:MM`) of an instant in a zone named as `zonesInText` names it. */
export function wallClock(instant: number, zone: string): { day: string; time: string } | null {
  if (/^-?\d+$/.test(zone)) {
    const iso = new Date(instant + Number(zone) * 60_000).toISOString();
    return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
  }
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(instant))
        .map((p) => [p.type, p.value]),
    );
    return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  } catch {
    return null;
  }
}
