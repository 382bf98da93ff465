import type { Core } from '@strapi/strapi';
import {
  PROGRAMME_MESSAGES,
  dayFromNumber,
  dayNumber,
  dayOf,
  minutesOf,
  placeFieldRules,
  programmeEntryFieldRules,
  refusedTimes,
  spanOf,
  spansOverlap,
} from '../contract/programme';
import type { FieldRefusal } from '../contract/stored-rules';
import { DataRuleError } from '../http/data-rule-error';
import { holdUntilCommit } from '../utils/database';
import { referencedIds } from './data-rules';

// The programme's rules, where every write of an entry passes: the Query Engine's lifecycles
// (decision 030). An entry is judged whole, as it would be after the write (an update merges
// the stored row with what it changes): its fields, its times, its day within the festival's,
// and no other entry at the same place and time unless one of the two allows overlaps.

const ENTRY = 'api::programme-entry.programme-entry';
const PLACE = 'api::place.place';
const FESTIVAL = 'api::festival.festival';

type Data = Record<string, unknown>;
type Stored = { id: number; title: string; day: string; start: string; end: string; category: string; description: string | null; overlapAllowed: boolean; place?: { id: number } | null };

const isPresent = (data: Data, field: string) => Object.hasOwn(data, field) && data[field] !== undefined;

/** The place an entry names after a write: a set, or the stored one with the connects and disconnects applied. */
function placeAfter(value: unknown, stored: number | null): number | null {
  if (value === undefined) return stored;
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return referencedIds(value)[0] ?? null;
  const { set, connect, disconnect, id } = value as { set?: unknown; connect?: unknown; disconnect?: unknown; id?: unknown };
  if (id !== undefined) return referencedIds(id)[0] ?? null;
  if (set !== undefined) return referencedIds(set)[0] ?? null;
  const connected = referencedIds(connect);
  if (connected.length > 0) return connected[0];
  return referencedIds(disconnect).includes(stored ?? -1) ? null : stored;
}

function fieldRefusals(rules: Record<string, { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }>, data: Data): FieldRefusal[] {
  const refusals: FieldRefusal[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    if (!isPresent(data, field)) continue;
    const result = rule.safeParse(data[field]);
    if (!result.success) refusals.push({ field, message: result.error?.issues[0]?.message ?? PROGRAMME_MESSAGES.dayInvalid });
  }
  return refusals;
}

export function enforceProgrammeRules(strapi: Core.Strapi) {
  const festivalDays = async (): Promise<{ first: string; last: string } | undefined> => {
    const festival = (await strapi.db.query(FESTIVAL).findOne({ select: ['startDate', 'endDate'] })) as { startDate?: unknown; endDate?: unknown } | null;
    const first = dayOf(festival?.startDate);
    const last = dayOf(festival?.endDate);
    return first && last ? { first, last } : undefined;
  };

  /** An entry as it would be stored, judged whole; `exclude` are the rows the write replaces. */
  const judgeEntry = async (entry: Data & { placeId: number | null }, exclude: number[]): Promise<FieldRefusal[]> => {
    const refusals = fieldRefusals(programmeEntryFieldRules, entry);
    if (!isPresent(entry, 'title')) refusals.push({ field: 'title', message: PROGRAMME_MESSAGES.titleRequired });
    const times = refusedTimes(entry.start, entry.end);
    if (times) refusals.push(times);
    if (entry.placeId === null) refusals.push({ field: 'place', message: PROGRAMME_MESSAGES.placeRequired });
    else if ((await strapi.db.query(PLACE).count({ where: { id: entry.placeId } })) === 0) refusals.push({ field: 'place', message: PROGRAMME_MESSAGES.placeRequired });
    const day = dayOf(entry.day);
    if (day === undefined) {
      if (!refusals.some((refusal) => refusal.field === 'day')) refusals.push({ field: 'day', message: PROGRAMME_MESSAGES.dayInvalid });
      return refusals;
    }
    const festival = await festivalDays();
    if (festival && (day < festival.first || day > festival.last)) refusals.push({ field: 'day', message: PROGRAMME_MESSAGES.dayOutsideFestival });
    if (refusals.length > 0 || entry.overlapAllowed === true) return refusals;

    // Two writes racing for one free slot would each find it free: writes at one place take turns
    // from here to their commit, so the second sees the first's entry.
    await holdUntilCommit(strapi, 'programme place', entry.placeId!);
    // Entries that may touch this one start the day before (past midnight), the same day or the next.
    const span = spanOf(day, minutesOf(entry.start)!, minutesOf(entry.end)!);
    const around = [-1, 0, 1].map((offset) => dayFromNumber(dayNumber(day) + offset));
    const neighbours = (await strapi.db.query(ENTRY).findMany({
      where: { place: { id: entry.placeId }, day: { $in: around }, ...(exclude.length > 0 ? { id: { $notIn: exclude } } : {}) },
      select: ['id', 'day', 'start', 'end', 'overlapAllowed'],
      limit: 500,
    })) as Stored[];
    const clash = neighbours.some((other) => {
      const otherDay = dayOf(other.day);
      const from = minutesOf(other.start);
      const to = minutesOf(other.end);
      return !other.overlapAllowed && otherDay !== undefined && from !== undefined && to !== undefined && spansOverlap(span, spanOf(otherDay, from, to));
    });
    if (clash) refusals.push({ field: 'start', message: PROGRAMME_MESSAGES.overlap });
    return refusals;
  };

  const onCreate = async (data: unknown) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
    const fields = data as Data;
    const refusals = await judgeEntry({ ...fields, placeId: placeAfter(fields.place, null) }, []);
    if (refusals.length > 0) throw new DataRuleError(refusals);
  };

  const onUpdate = async (data: unknown, where: unknown) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
    const fields = data as Data;
    const judged = ['title', 'description', 'day', 'start', 'end', 'category', 'overlapAllowed', 'place'];
    if (!judged.some((field) => isPresent(fields, field))) return;
    const rows = (await strapi.db.query(ENTRY).findMany({ where: (where ?? {}) as Data, populate: { place: { select: ['id'] } }, limit: 1000 })) as Stored[];
    for (const row of rows) {
      const merged = { ...row, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
      const placeId = placeAfter(fields.place, row.place?.id ?? null);
      const refusals = await judgeEntry({ ...merged, placeId }, [row.id]);
      if (refusals.length > 0) throw new DataRuleError(refusals);
    }
  };

  const onPlace = (data: unknown, creating: boolean) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
    const refusals = fieldRefusals(placeFieldRules, data as Data);
    if (creating && !isPresent(data as Data, 'name')) refusals.push({ field: 'name', message: PROGRAMME_MESSAGES.placeNameRequired });
    if (refusals.length > 0) throw new DataRuleError(refusals);
  };

  strapi.db.lifecycles.subscribe({
    models: [ENTRY],
    async beforeCreate(event) {
      await onCreate(event.params.data);
    },
    async beforeCreateMany(event) {
      for (const row of Array.isArray(event.params.data) ? event.params.data : []) await onCreate(row);
    },
    async beforeUpdate(event) {
      await onUpdate(event.params.data, event.params.where);
    },
    async beforeUpdateMany(event) {
      await onUpdate(event.params.data, event.params.where);
    },
  });
  strapi.db.lifecycles.subscribe({
    models: [PLACE],
    beforeCreate: (event) => onPlace(event.params.data, true),
    beforeCreateMany: (event) => {
      for (const row of Array.isArray(event.params.data) ? event.params.data : []) onPlace(row, true);
    },
    beforeUpdate: (event) => onPlace(event.params.data, false),
    beforeUpdateMany: (event) => onPlace(event.params.data, false),
  });
}
