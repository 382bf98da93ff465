import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { CATEGORY_LABELS, FESTIVAL_TIME_ZONE, durationMinutes, minutesOf, wallClock, type Programme } from '../../../contract/programme';

const utcStamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * The programme, or some of its entries, as an iCalendar file (RFC 5545) written by
 * ical-generator: each entry's start and end in Europe/Berlin wall-clock time with the zone's
 * VTIMEZONE block, its place as the location and its page as the URL.
 */
export function programmeCalendar(programme: Programme, options: { name: string; siteOrigin: string | null; now: Date }): string {
  const calendar = ical({ name: options.name, prodId: { company: 'Game Of Slavs', product: 'Programm', language: 'DE' } });
  calendar.timezone({ name: FESTIVAL_TIME_ZONE, generator: getVtimezoneComponent });
  const places = new Map(programme.places.map((place) => [place.id, place.name]));
  for (const entry of programme.entries) {
    const start = minutesOf(entry.start)!;
    const end = start + durationMinutes(start, minutesOf(entry.end)!);
    const lines = [CATEGORY_LABELS[entry.category], entry.performer ? `Mit ${entry.performer.name}` : null, entry.description].filter(Boolean);
    calendar.createEvent({
      id: `programm-${entry.id}@game-of-slavs`,
      start: wallClock(entry.day, start),
      end: wallClock(entry.day, end),
      timezone: FESTIVAL_TIME_ZONE,
      stamp: options.now,
      summary: entry.title,
      location: places.get(entry.placeId) ?? null,
      description: lines.join('\n'),
      url: options.siteOrigin ? `${options.siteOrigin}/programm/${entry.slug}` : null,
    });
  }
  // ical-generator writes DTSTAMP in the calendar's zone without a TZID; RFC 5545 (3.8.7.2)
  // wants it in UTC. Every other time carries its TZID.
  return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${utcStamp(options.now)}`);
}
