import { factories } from '@strapi/strapi';
import { programmeCalendar } from './programme-calendar';
import { PROGRAMME_CATEGORIES, clockTime, dayOf, minutesOf, programmeEntrySlug, type Programme, type ProgrammeCategory } from '../../../contract/programme';

const UID = 'api::programme-entry.programme-entry';
// A generous bound: a five-day festival on a handful of places has a few hundred entries.
const MOST_ENTRIES = 2000;

const hhmm = (time: unknown) => clockTime(minutesOf(time) ?? 0);

/**
 * The festival's clock: the time now, to the minute. Outside production FESTIVAL_CLOCK (an ISO
 * instant) sets it, so the browser tests see "Jetzt" at a known time; production never reads it.
 */
export function festivalNow(): Date {
  const set = process.env.NODE_ENV !== 'production' ? Date.parse(process.env.FESTIVAL_CLOCK ?? '') : Number.NaN;
  const now = Number.isNaN(set) ? Date.now() : set;
  return new Date(Math.floor(now / 60_000) * 60_000);
}

type StoredEntry = {
  id: number;
  title: string;
  day: string;
  start: string;
  end: string;
  category: string;
  description: string | null;
  place?: { id: number } | null;
  performer?: { id: number; name: string } | null;
};

export default factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * The whole programme for the public site, in one answer: places in their order, entries by
   * day and start. Fields are listed, never spread; an entry without a place (its place was
   * deleted) is left out until an editor gives it one.
   */
  async load(): Promise<Programme> {
    const [places, entries] = await Promise.all([
      strapi.db.query('api::place.place').findMany({ select: ['id', 'name'], orderBy: [{ position: 'asc' }, { id: 'asc' }], limit: 100 }) as Promise<{ id: number; name: string }[]>,
      strapi.db.query(UID).findMany({
        select: ['id', 'title', 'day', 'start', 'end', 'category', 'description'],
        populate: { place: { select: ['id'] }, performer: { select: ['id', 'name'] } },
        orderBy: [{ day: 'asc' }, { start: 'asc' }, { id: 'asc' }],
        limit: MOST_ENTRIES,
      }) as Promise<StoredEntry[]>,
    ]);
    const placeIds = new Set(places.map((place) => place.id));
    return {
      success: true,
      now: festivalNow().toISOString(),
      places: places.map(({ id, name }) => ({ id, name })),
      entries: entries.flatMap((entry) => {
        const day = dayOf(entry.day);
        const placeId = entry.place?.id;
        if (!day || placeId === undefined || !placeIds.has(placeId)) return [];
        return [
          {
            id: entry.id,
            slug: programmeEntrySlug(entry),
            title: entry.title,
            day,
            start: hhmm(entry.start),
            end: hhmm(entry.end),
            placeId,
            category: (PROGRAMME_CATEGORIES as readonly string[]).includes(entry.category) ? (entry.category as ProgrammeCategory) : 'konzert',
            description: entry.description ?? null,
            performer: entry.performer ? { id: entry.performer.id, name: entry.performer.name } : null,
          },
        ];
      }),
    };
  },

  /** The programme as an .ics file: every entry, or those of `ids` (a guest's plan) in programme order. */
  async calendar(ids: number[] | undefined): Promise<string> {
    const programme: Programme = await this.load();
    const wanted = ids ? new Set(ids) : undefined;
    const festival = (await strapi.db.query('api::festival.festival').findOne({ select: ['name'] })) as { name?: string } | null;
    const origin = process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).origin : null;
    return programmeCalendar(
      { ...programme, entries: wanted ? programme.entries.filter((entry) => wanted.has(entry.id)) : programme.entries },
      { name: `${festival?.name ?? 'Festival'}: ${wanted ? 'Mein Plan' : 'Programm'}`, siteOrigin: origin, now: new Date() },
    );
  },
}));
