import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_MESSAGES, minutesOf, programmeSchema, spanOf, spansOverlap, type Programme } from '../../src/contract/programme';
import { siteContentSchema } from '../../src/contract/site-content';
import { call } from '../helpers/api-client';
import { startTestServer, TEST_PANEL_EDITOR, type TestServer } from '../helpers/strapi';

// The programme (issue 40): places and entries that editors keep in the panel, judged where every
// write passes (decision 030), read by the site from GET /api/programme (cached like the other
// public reads, decision 004). The demo seed brings about 150 entries with every performer.

const ENTRY = 'api::programme-entry.programme-entry';
const PLACE = 'api::place.place';
type Panel = { authorization: string };
type StrapiFailure = { error: { status: number; name: string; message: string; details?: { errors?: { path: string[]; message: string }[] } } };

describe('the programme', () => {
  let server: TestServer;
  let editor: Panel;
  let places: { id: number; documentId: string; name: string }[];

  const programme = async (): Promise<Programme> => {
    const answer = await call(server, 'GET', '/api/programme');
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    return programmeSchema.parse(answer.body);
  };
  const panel = (method: string, path: string, body?: unknown) => call<StrapiFailure & { data?: { documentId: string } }>(server, method, path, { headers: editor, body });
  const createAsEditor = (data: Record<string, unknown>) => panel('POST', `/content-manager/collection-types/${ENTRY}`, data);
  const refusedFields = (answer: { body: StrapiFailure }) => (answer.body.error?.details?.errors ?? []).map((error) => `${error.path.join('.')}: ${error.message}`);

  beforeAll(async () => {
    server = await startTestServer();
    const signedIn = await call<{ data: { token: string } }>(server, 'POST', '/admin/login', { body: TEST_PANEL_EDITOR });
    expect(signedIn.status).toBe(200);
    editor = { authorization: `Bearer ${signedIn.body.data.token}` };
    places = (await server.strapi.db.query(PLACE).findMany({ select: ['id', 'documentId', 'name'], orderBy: { position: 'asc' } })) as typeof places;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('seeds about 150 entries on four places over the five festival days, every performer in them, none overlapping unless marked', async () => {
    const { places: shown, entries } = await programme();
    expect(shown.map((place) => place.name)).toEqual(['Große Feuerbühne', 'Methallenzelt', 'Lager der Häuser', 'Marktplatz am Brunnen']);
    expect(entries.length).toBeGreaterThanOrEqual(140);
    expect(entries.length).toBeLessThanOrEqual(160);
    expect(new Set(entries.map((entry) => entry.day))).toEqual(new Set(['2025-07-24', '2025-07-25', '2025-07-26', '2025-07-27', '2025-07-28']));
    const content = siteContentSchema.parse((await call(server, 'GET', '/api/site-content')).body);
    for (const performer of content.performers) {
      expect(entries.filter((entry) => entry.performer?.id === performer.id).length, performer.name).toBeGreaterThanOrEqual(2);
    }
    const stored = (await server.strapi.db.query(ENTRY).findMany({ select: ['id', 'overlapAllowed'] })) as { id: number; overlapAllowed: boolean }[];
    const marked = new Set(stored.filter((row) => row.overlapAllowed).map((row) => row.id));
    const span = (entry: Programme['entries'][number]) => spanOf(entry.day, minutesOf(entry.start)!, minutesOf(entry.end)!);
    for (const a of entries) {
      for (const b of entries) {
        if (a.id >= b.id || a.placeId !== b.placeId || marked.has(a.id) || marked.has(b.id)) continue;
        expect(spansOverlap(span(a), span(b)), `${a.title} ${a.day} ${a.start} and ${b.title} ${b.start}`).toBe(false);
      }
    }
    // Each entry's address is its own.
    expect(new Set(entries.map((entry) => entry.slug)).size).toBe(entries.length);
  });

  it('answers from memory with an ETag, and a 304 when the browser holds it', async () => {
    const first = await call(server, 'GET', '/api/programme');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.baseUrl}/api/programme`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  /** The calendar file as a calendar app reads it: ical.js, Mozilla's RFC 5545 parser. */
  const calendarEvents = async (query = '') => {
    const response = await fetch(`${server.baseUrl}/api/programme/calendar.ics${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await response.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');
    ICAL.TimezoneService.register(new ICAL.Timezone(zone!));
    expect(text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    return calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Berlin');
      return event;
    });
  };
  const wallClock = (time: { toString(): string }) => time.toString().slice(0, 16);
  const expectedStart = (entry: Programme['entries'][number]) => `${entry.day}T${entry.start}`;

  it('gives the whole programme as an .ics file, every entry an event at its Berlin time and place', async () => {
    const { entries, places } = await programme();
    const events = await calendarEvents();
    expect(events.length).toBe(entries.length);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    for (const entry of entries) {
      const event = byUid.get(`programm-${entry.id}@game-of-slavs`)!;
      expect(event, entry.title).toBeDefined();
      expect(event.summary).toBe(entry.title);
      expect(event.location).toBe(places.find((place) => place.id === entry.placeId)!.name);
      expect(wallClock(event.startDate)).toBe(expectedStart(entry));
      expect(event.startDate.zone?.tzid).toBe('Europe/Berlin');
      const minutes = (event.endDate.toUnixTime() - event.startDate.toUnixTime()) / 60;
      const [from, to] = [minutesOf(entry.start)!, minutesOf(entry.end)!];
      expect(minutes, entry.title).toBe(to > from ? to - from : to + 1440 - from);
      // Summer time: 20:00 in Berlin is 18:00 UTC.
      expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(`${expectedStart(entry)}:00+02:00`));
    }
  });

  it("gives a guest's plan as an .ics file with exactly the chosen entries", async () => {
    const { entries } = await programme();
    const chosen = [entries[3], entries[40], entries[100]];
    const events = await calendarEvents(`?ids=${chosen.map((entry) => entry.id).join(',')}`);
    expect(events.map((event) => event.summary).sort()).toEqual(chosen.map((entry) => entry.title).sort());
  });

  it.each(['?ids=', '?ids=1,,2', '?ids=abc', '?ids=1&ids=2', `?ids=${Array.from({ length: 501 }, (_, index) => index + 1).join(',')}`, '?anders=1'])(
    'refuses the calendar %s with a 400 in clear words',
    async (query) => {
      const answer = await call(server, 'GET', `/api/programme/calendar.ics${query.slice(0, 4000)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: expect.stringContaining('Eintragsnummern') });
    },
  );

  it("lets the editor add an entry in the panel, and the site's programme shows it at once", async () => {
    const created = await createAsEditor({
      title: 'Probe der Trommler',
      day: '2025-07-26',
      start: '06:00:00.000',
      end: '06:45:00.000',
      category: 'konzert',
      overlapAllowed: false,
      place: { connect: [{ documentId: places[0].documentId }] },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBeLessThan(300);
    const shown = (await programme()).entries.find((entry) => entry.title === 'Probe der Trommler');
    expect(shown).toMatchObject({ day: '2025-07-26', start: '06:00', end: '06:45', placeId: places[0].id, category: 'konzert', performer: null });
  });

  it.each([
    ['an end before its start, and no longer than 12 hours', { start: '10:00:00.000', end: '09:00:00.000' }, 'end', PROGRAMME_MESSAGES.endBeforeStart],
    ['an end at its start', { start: '10:00:00.000', end: '10:00:00.000' }, 'end', PROGRAMME_MESSAGES.endBeforeStart],
    ['a day before the festival', { day: '2025-07-23' }, 'day', PROGRAMME_MESSAGES.dayOutsideFestival],
    ['a day after the festival', { day: '2025-07-29' }, 'day', PROGRAMME_MESSAGES.dayOutsideFestival],
    ['no place', { place: undefined }, 'place', PROGRAMME_MESSAGES.placeRequired],
    ['a title of spaces', { title: '   ' }, 'title', PROGRAMME_MESSAGES.titleRequired],
    ['a title with a line break', { title: 'Zwei\nZeilen' }, 'title', PROGRAMME_MESSAGES.titleControl],
    ['the time of another entry at the same place', { day: '2025-07-25', start: '13:30:00.000', end: '14:00:00.000' }, 'start', PROGRAMME_MESSAGES.overlap],
    ['a night that runs into the next morning\'s entry', { day: '2025-07-25', start: '23:30:00.000', end: '13:15:00.000' }, 'end', PROGRAMME_MESSAGES.endBeforeStart],
  ])('refuses %s, in German under the field, and stores nothing', async (_, change, field, message) => {
    const before = await server.strapi.db.query(ENTRY).count();
    const answer = await createAsEditor({
      title: 'Abgelehnt',
      day: '2025-07-27',
      start: '05:00:00.000',
      end: '05:30:00.000',
      category: 'ritual',
      overlapAllowed: false,
      place: { connect: [{ documentId: places[0].documentId }] },
      ...change,
    });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(400);
    expect(refusedFields(answer)).toContain(`${field}: ${message}`);
    expect(JSON.stringify(answer.body)).not.toMatch(/stack|at \w+ \(/);
    expect(await server.strapi.db.query(ENTRY).count()).toBe(before);
  });

  it('lets an entry marked for it share its place and time, and refuses moving another into an occupied slot', async () => {
    const marked = await createAsEditor({
      title: 'Umzug der Häuser',
      day: '2025-07-25',
      start: '13:30:00.000',
      end: '14:00:00.000',
      category: 'ritual',
      overlapAllowed: true,
      place: { connect: [{ documentId: places[0].documentId }] },
    });
    expect(marked.status, JSON.stringify(marked.body).slice(0, 500)).toBeLessThan(300);

    // A free early slot, then moved by an update onto the first concert of the day.
    const early = await server.strapi.documents(ENTRY).create({
      data: { title: 'Frühprobe', day: '2025-07-25', start: '05:00:00.000', end: '05:30:00.000', category: 'konzert', place: places[0].documentId } as never,
    });
    const moved = await panel('PUT', `/content-manager/collection-types/${ENTRY}/${early.documentId}`, { start: '13:15:00.000', end: '13:45:00.000' });
    expect(moved.status).toBe(400);
    expect(refusedFields(moved)).toContain(`start: ${PROGRAMME_MESSAGES.overlap}`);
    const kept = (await server.strapi.db.query(ENTRY).findOne({ where: { documentId: early.documentId }, select: ['start'] })) as { start: string };
    expect(kept.start.slice(0, 5)).toBe('05:00');
    // The Query Engine, which passes by the Document Service, meets the same rule.
    await expect(server.strapi.db.query(ENTRY).update({ where: { documentId: early.documentId }, data: { day: '2025-08-01' } })).rejects.toThrow(
      PROGRAMME_MESSAGES.dayOutsideFestival,
    );
  });

  it('lets only one of two entries racing for one free slot at one place in, whichever door each comes by', async () => {
    // The tent is free before its first workshop at 09:30; each round races two entries for one slot.
    const tent = places[1];
    const slot = (round: number) => {
      const at = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00.000`;
      return { day: '2025-07-28', start: at(180 + round * 30), end: at(200 + round * 30), category: 'workshop', overlapAllowed: false };
    };
    const byDocuments = (title: string, round: number) => server.strapi.documents(ENTRY).create({ data: { title, ...slot(round), place: tent.documentId } as never });
    const byPanel = async (title: string, round: number) => {
      const answer = await createAsEditor({ title, ...slot(round), place: { connect: [{ documentId: tent.documentId }] } });
      if (answer.status >= 300) throw new Error(refusedFields(answer).join(' ') || JSON.stringify(answer.body).slice(0, 300));
      return answer;
    };
    const doors = [
      [byDocuments, byDocuments],
      [byDocuments, byDocuments],
      [byDocuments, byDocuments],
      [byPanel, byDocuments],
      [byDocuments, byPanel],
      [byPanel, byPanel],
    ] as const;
    const outcomes = await Promise.all(
      doors.map(async ([first, second], round) => {
        const results = await Promise.allSettled([first(`Wettlauf ${round} A`, round), second(`Wettlauf ${round} B`, round)]);
        const stored = (await server.strapi.db.query(ENTRY).count({ where: { title: { $startsWith: `Wettlauf ${round} ` } } })) as number;
        const refused = results.flatMap((result) => (result.status === 'rejected' ? [String((result.reason as Error).message)] : []));
        return { stored, refused: refused.map((message) => message.includes(PROGRAMME_MESSAGES.overlap)) };
      }),
    );
    expect(outcomes).toEqual(doors.map(() => ({ stored: 1, refused: [true] })));
  });

  it('keeps entries written by the Query Engine outside a transaction out, since no lock could hold their check', async () => {
    const tent = places[1];
    const write = server.strapi.db.query(ENTRY).create({
      data: { title: 'Ohne Transaktion', day: '2025-07-28', start: '08:00:00.000', end: '08:20:00.000', category: 'workshop', overlapAllowed: false, place: tent.id },
    });
    await expect(write).rejects.toThrow(/transaction/);
    // Inside one, the same write passes.
    await server.strapi.db.transaction(() =>
      server.strapi.db.query(ENTRY).create({
        data: { title: 'Mit Transaktion', day: '2025-07-28', start: '08:00:00.000', end: '08:20:00.000', category: 'workshop', overlapAllowed: false, place: tent.id },
      }),
    );
    expect(await server.strapi.db.query(ENTRY).count({ where: { title: { $in: ['Ohne Transaktion', 'Mit Transaktion'] } } })).toBe(1);
  });

  it('refuses a place without a name', async () => {
    const answer = await panel('POST', `/content-manager/collection-types/${PLACE}`, { name: '  ', position: 9 });
    expect(answer.status).toBe(400);
    expect(refusedFields(answer)).toContain(`name: ${PROGRAMME_MESSAGES.placeNameRequired}`);
  });

  it('seeds the programme once: a second run adds nothing', async () => {
    const count = await server.strapi.db.query(ENTRY).count();
    const { seedDemoProgramme } = await import('../../src/seed/seed-demo-content');
    await seedDemoProgramme(server.strapi);
    expect(await server.strapi.db.query(ENTRY).count()).toBe(count);
  });
});
