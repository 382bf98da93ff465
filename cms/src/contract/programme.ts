import { z } from 'zod';
import { PROGRAMME_CATEGORIES, dayOf, durationMinutes, minutesOf } from './programme-time';

export * from './programme-time';

// The festival's programme: places (stages, tents, camps) and the entries that play on them,
// in Europe/Berlin wall-clock time (docs/decisions/036-programme.md). Shared by the cms (its
// stored rules and public read), the site's server (the page, "Jetzt", the .ics) and the tests.

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
