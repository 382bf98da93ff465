// The programme's times and names without zod, so the site's pages can use them without
// loading the schemas (web/e2e/page-weight.e2e.test.ts: zod only where a screen needs it).
// Wall-clock times in Europe/Berlin (docs/decisions/036-programme.md).

export const FESTIVAL_TIME_ZONE = 'Europe/Berlin';

/** The kinds of entry, as stored (the panel's choice list) and as the site names them. */
export const PROGRAMME_CATEGORIES = ['konzert', 'workshop', 'markt', 'ritual', 'spiel', 'mahl'] as const;
export type ProgrammeCategory = (typeof PROGRAMME_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<ProgrammeCategory, string> = {
  konzert: 'Konzert',
  workshop: 'Werkstatt',
  markt: 'Markt',
  ritual: 'Ritual',
  spiel: 'Spiel',
  mahl: 'Tafel',
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d{1,3})?)?$/;

/** Minutes after midnight of a stored or typed time ("20:30", "20:30:00.000"), else undefined. */
export function minutesOf(time: unknown): number | undefined {
  const match = typeof time === 'string' ? TIME.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** The day a stored value names as YYYY-MM-DD (the Query Engine may hold a Date), else undefined. */
export function dayOf(day: unknown): string | undefined {
  const text = day instanceof Date && !Number.isNaN(day.getTime()) ? day.toISOString().slice(0, 10) : day;
  if (typeof text !== 'string' || !DAY.test(text)) return undefined;
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text ? text : undefined;
}

/** Whole days since 1970-01-01 of a YYYY-MM-DD day. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
export const dayFromNumber = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);

/** "HH:MM" of a minute of the day (0–1439). */
export const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** An entry's minute on its day as a wall-clock date and time, "YYYY-MM-DDTHH:MM:00"; past midnight it is the next day's. */
export const wallClock = (day: string, minutes: number) => `${dayFromNumber(dayNumber(day) + Math.floor(minutes / 1440))}T${clockTime(minutes % 1440)}:00`;

/** How long an entry lasts: an end at or before its start is on the next morning. */
export function durationMinutes(start: number, end: number): number {
  return end > start ? end - start : end + 24 * 60 - start;
}

/** An entry's time as wall-clock minutes on one line across the days, [from, to). */
export type Span = { from: number; to: number };
export function spanOf(day: string, start: number, end: number): Span {
  const from = dayNumber(day) * 24 * 60 + start;
  return { from, to: from + durationMinutes(start, end) };
}
export const spansOverlap = (a: Span, b: Span) => a.from < b.to && b.from < a.to;

/** The part of an address that names an entry: its title in plain letters, then its number. */
export function programmeEntrySlug(entry: { id: number; title: string }): string {
  const words = entry.title
    .toLocaleLowerCase('de')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
  return words ? `${words}-${entry.id}` : String(entry.id);
}

/** The entry number an address names (`…-42`), else undefined. */
export function idOfProgrammeSlug(slug: string): number | undefined {
  const match = /^(?:[a-z0-9-]{0,80}-)?([1-9]\d{0,9})$/.exec(slug);
  return match ? Number(match[1]) : undefined;
}

// Made once: building a zone's formatter costs far more than using it, and the JSON-LD asks the
// clock twice per entry (a phone's takeover of /programm spent 100 ms building 300 of them).
let berlinFormat: Intl.DateTimeFormat | undefined;

/** The day and the minute after midnight it is in Europe/Berlin at an instant. */
export function festivalClock(now: Date): { day: string; minutes: number } {
  berlinFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: FESTIVAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const parts = Object.fromEntries(
    berlinFormat
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}
