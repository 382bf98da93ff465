import { z } from 'zod';

// The festival's programme: places (stages, tents, camps) and the entries that play on them,
// in Europe/Berlin wall-clock time (docs/decisions/036-programme.md). Shared by the cms (its
// stored rules and public read), the site's server (the page, "Jetzt", the .ics) and the tests.

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

export const PROGRAMME_LIMITS = { titleLength: 120, descriptionLength: 500, shortestMinutes: 5, longestMinutes: 12 * 60 } as const;

/** The panel shows these under the field; editors read German, and nothing else writes entries. */
export const PROGRAMME_MESSAGES = {
  titleRequired: 'Bitte einen Titel angeben.',
  titleTooLong: `Der Titel darf höchstens ${PROGRAMME_LIMITS.titleLength} Zeichen lang sein.`,
  titleControl: 'Der Titel darf keine Steuerzeichen (z. B. Zeilenumbrüche) enthalten.',
  descriptionTooLong: `Der kurze Text darf höchstens ${PROGRAMME_LIMITS.descriptionLength} Zeichen lang sein.`,
  dayInvalid: 'Bitte einen Tag angeben.',
  dayOutsideFestival: 'Der Tag muss zwischen dem ersten und dem letzten Tag des Festivals liegen.',
  timeInvalid: 'Bitte eine Uhrzeit angeben, z. B. 20:30.',
  endBeforeStart: `Das Ende muss nach dem Beginn liegen, höchstens ${PROGRAMME_LIMITS.longestMinutes / 60} Stunden später (ein Ende nach Mitternacht zählt zum nächsten Morgen).`,
  placeRequired: 'Bitte einen Ort wählen.',
  categoryInvalid: `Bitte eine Art wählen: ${PROGRAMME_CATEGORIES.join(', ')}.`,
  overlap: 'Zu dieser Zeit spielt an diesem Ort schon ein anderer Eintrag. Ändere Zeit oder Ort, oder erlaube Überschneidungen.',
  placeNameRequired: 'Bitte einen Namen angeben.',
  placeNameTooLong: 'Der Name darf höchstens 60 Zeichen lang sein.',
} as const;

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

/** The refusal of an entry's times, or undefined when they fit. */
export function refusedTimes(start: unknown, end: unknown): { field: 'start' | 'end'; message: string } | undefined {
  const from = minutesOf(start);
  if (from === undefined) return { field: 'start', message: PROGRAMME_MESSAGES.timeInvalid };
  const to = minutesOf(end);
  if (to === undefined) return { field: 'end', message: PROGRAMME_MESSAGES.timeInvalid };
  const length = durationMinutes(from, to);
  if (length < PROGRAMME_LIMITS.shortestMinutes || length > PROGRAMME_LIMITS.longestMinutes) return { field: 'end', message: PROGRAMME_MESSAGES.endBeforeStart };
  return undefined;
}

// Tabs, line breaks and other control characters: a title is one line on every screen.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The rules of an entry's plain fields, judged on the value as it would be stored. */
export const programmeEntryFieldRules = {
  title: z
    .string({ error: PROGRAMME_MESSAGES.titleRequired })
    .trim()
    .min(1, PROGRAMME_MESSAGES.titleRequired)
    .max(PROGRAMME_LIMITS.titleLength, PROGRAMME_MESSAGES.titleTooLong)
    .refine((title) => !CONTROL.test(title), PROGRAMME_MESSAGES.titleControl),
  description: z.string().max(PROGRAMME_LIMITS.descriptionLength, PROGRAMME_MESSAGES.descriptionTooLong).nullable(),
  day: z.unknown().refine((day) => dayOf(day) !== undefined, PROGRAMME_MESSAGES.dayInvalid),
  category: z.enum(PROGRAMME_CATEGORIES, { error: PROGRAMME_MESSAGES.categoryInvalid }),
} satisfies Record<string, z.ZodType>;

export const placeFieldRules = {
  name: z
    .string({ error: PROGRAMME_MESSAGES.placeNameRequired })
    .trim()
    .min(1, PROGRAMME_MESSAGES.placeNameRequired)
    .max(60, PROGRAMME_MESSAGES.placeNameTooLong)
    .refine((name) => !CONTROL.test(name), PROGRAMME_MESSAGES.titleControl),
} satisfies Record<string, z.ZodType>;

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

/** The day and the minute after midnight it is in Europe/Berlin at an instant. */
export function festivalClock(now: Date): { day: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: FESTIVAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

export const programmeEntrySchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  day: z.iso.date(),
  start: z.string().regex(/^\d{2}:\d{2}$/),
  end: z.string().regex(/^\d{2}:\d{2}$/),
  placeId: z.number(),
  category: z.enum(PROGRAMME_CATEGORIES),
  description: z.string().nullable(),
  performer: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type ProgrammeEntry = z.infer<typeof programmeEntrySchema>;

export const programmeSchema = z.object({
  success: z.literal(true),
  /** The cms's clock to the minute, for "Jetzt" and "Als Nächstes" (an ISO instant). */
  now: z.iso.datetime({ offset: true }),
  places: z.array(z.object({ id: z.number(), name: z.string() })),
  entries: z.array(programmeEntrySchema),
});
export type Programme = z.infer<typeof programmeSchema>;

/** Most entries one calendar file may name (Mein Plan sends the starred ones). */
export const CALENDAR_MOST_IDS = 500;
export const CALENDAR_MESSAGES = {
  invalidIds: `ids muss eine Liste von höchstens ${CALENDAR_MOST_IDS} Eintragsnummern sein, durch Kommas getrennt.`,
} as const;

/** The `ids` of a calendar request ("3,17,42"), or undefined when it is not such a list. */
export function parseCalendarIds(value: unknown): number[] | undefined {
  if (typeof value !== 'string' || value.length > CALENDAR_MOST_IDS * 11) return undefined;
  const parts = value.split(',');
  if (parts.length > CALENDAR_MOST_IDS || !parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) return undefined;
  return [...new Set(parts.map(Number))];
}
