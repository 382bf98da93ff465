import { FESTIVAL_TIME_ZONE, festivalClock, minutesOf, wallClock } from '@contract/programme-time';
import type { Programme, ProgrammeEntry } from '@contract/programme';
import { lasts } from './timetable';

/** Berlin's offset from UTC at an instant, in minutes. */
const offsetAt = (instant: Date) => {
  const clock = festivalClock(instant);
  const utc = instant.getTime() / 60_000;
  return Math.round(Date.parse(`${clock.day}T00:00:00Z`) / 60_000 + clock.minutes - utc);
};

/**
 * Berlin's offset for a whole day, when it keeps one from its first hour to its last (every day
 * but two a year): asking the zone twice per entry was most of a phone's work taking /programm
 * over (70 ms, 4× slowed).
 */
const offsetsByDay = new Map<string, string | null>();
function dayOffset(date: string): string | null {
  if (!offsetsByDay.has(date)) {
    const first = offsetAt(new Date(`${date}T00:00:00Z`));
    const last = offsetAt(new Date(`${date}T23:00:00Z`));
    offsetsByDay.set(date, first === last && (first === 60 || first === 120) ? `+0${first / 60}:00` : null);
  }
  return offsetsByDay.get(date)!;
}

/** An entry's wall-clock minute in Europe/Berlin as an ISO time with the zone's offset of that moment. */
export function berlinIso(day: string, minutes: number): string {
  const wall = wallClock(day, minutes);
  const [date] = wall.split('T');
  const kept = dayOffset(date!);
  if (kept) return `${wall}${kept}`;
  const within = minutes % 1440;
  // Berlin is one or two hours ahead of UTC: the offset whose instant reads as this wall time there.
  for (const offset of ['+02:00', '+01:00']) {
    const clock = festivalClock(new Date(`${wall}${offset}`));
    if (clock.day === date && clock.minutes === within) return `${wall}${offset}`;
  }
  return `${wall}+01:00`;
}

const eventOf = (entry: ProgrammeEntry, places: Programme['places'], origin: string) => {
  const start = minutesOf(entry.start)!;
  return {
    '@type': 'Event',
    name: entry.title,
    startDate: berlinIso(entry.day, start),
    endDate: berlinIso(entry.day, start + lasts(entry)),
    url: `${origin}/programm/${entry.slug}`,
    location: { '@type': 'Place', name: places.find((place) => place.id === entry.placeId)?.name ?? '' },
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.performer ? { performer: { '@type': 'PerformingGroup', name: entry.performer.name } } : {}),
  };
};

/** The programme as a schema.org Event whose subEvents are its entries (search engines, DECISIONS §8). */
export function programmeJsonLd(programme: Programme, festivalName: string, origin: string, only?: ProgrammeEntry): Record<string, unknown> {
  if (only) return { '@context': 'https://schema.org', ...eventOf(only, programme.places, origin), superEvent: { '@type': 'Event', name: festivalName, url: `${origin}/programm` } };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: `${festivalName}: Programm`,
    url: `${origin}/programm`,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    subEvent: programme.entries.map((entry) => eventOf(entry, programme.places, origin)),
  };
}

export const TIME_ZONE_NOTE = `Alle Zeiten in deutscher Zeit (${FESTIVAL_TIME_ZONE}).`;
