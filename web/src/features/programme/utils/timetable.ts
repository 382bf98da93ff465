import { durationMinutes, festivalClock, minutesOf, spanOf, spansOverlap } from '@contract/programme-time';
import type { Programme, ProgrammeEntry } from '@contract/programme';

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** "Donnerstag, 24. Juli" for a YYYY-MM-DD day (no time zone involved: it is a calendar day). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()}. ${MONTHS[date.getUTCMonth()]}`;
}
export const shortDayLabel = (day: string) => dayLabel(day).replace(/^(..)\w*,/, '$1,');

export const timeRange = (entry: Pick<ProgrammeEntry, 'start' | 'end'>) => `${entry.start}–${entry.end} Uhr`;

export const spanOfEntry = (entry: ProgrammeEntry) => spanOf(entry.day, minutesOf(entry.start)!, minutesOf(entry.end)!);

export const programmeDays = (programme: Programme) => [...new Set(programme.entries.map((entry) => entry.day))].sort();

/** What plays now and what starts next, by the cms's clock in Europe/Berlin; empty outside the festival. */
export function nowAndNext(programme: Programme): { day: string | null; now: ProgrammeEntry[]; next: ProgrammeEntry[] } {
  const clock = festivalClock(new Date(programme.now));
  const at = spanOf(clock.day, clock.minutes, clock.minutes + 1).from;
  const days = programmeDays(programme);
  const running = days.length > 0 && clock.day >= days[0] && clock.day <= days[days.length - 1];
  if (!running) return { day: null, now: [], next: [] };
  const now = programme.entries.filter((entry) => {
    const span = spanOfEntry(entry);
    return span.from <= at && at < span.to;
  });
  const upcoming = programme.entries.filter((entry) => spanOfEntry(entry).from > at).sort((a, b) => spanOfEntry(a).from - spanOfEntry(b).from);
  // Everything that starts at the next start time, on any place.
  const next = upcoming.filter((entry) => spanOfEntry(entry).from === spanOfEntry(upcoming[0] ?? entry).from);
  return { day: clock.day, now, next: upcoming.length > 0 ? next : [] };
}

/** Pairs of entries that overlap in time (for Mein Plan's warning). */
export function overlappingPairs(entries: ProgrammeEntry[]): [ProgrammeEntry, ProgrammeEntry][] {
  const pairs: [ProgrammeEntry, ProgrammeEntry][] = [];
  for (const [index, a] of entries.entries()) {
    for (const b of entries.slice(index + 1)) if (spansOverlap(spanOfEntry(a), spanOfEntry(b))) pairs.push([a, b]);
  }
  return pairs;
}

/** The hours (0–23, after midnight as 24+) a day's entries start in, for the desktop table's rows. */
export function startHours(entries: ProgrammeEntry[]): number[] {
  return [...new Set(entries.map((entry) => Math.floor(minutesOf(entry.start)! / 60)))].sort((a, b) => a - b);
}

export const lasts = (entry: ProgrammeEntry) => durationMinutes(minutesOf(entry.start)!, minutesOf(entry.end)!);
