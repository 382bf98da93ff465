import { describe, expect, it } from 'vitest';
import type { Programme, ProgrammeEntry } from '@contract/programme';
import { berlinIso } from './json-ld';
import { dayLabel, nowAndNext, overlappingPairs } from './timetable';

const entry = (id: number, day: string, start: string, end: string, placeId = 1): ProgrammeEntry => ({
  id, slug: `e-${id}`, title: `Eintrag ${id}`, day, start, end, placeId, category: 'konzert', description: null, performer: null,
});
const programme = (now: string, entries: ProgrammeEntry[]): Programme => ({ success: true, now, places: [{ id: 1, name: 'Bühne' }, { id: 2, name: 'Zelt' }], entries });

describe('the timetable', () => {
  const entries = [
    entry(1, '2025-07-25', '23:00', '01:00'),
    entry(2, '2025-07-26', '20:00', '21:30'),
    entry(3, '2025-07-26', '21:00', '22:00', 2),
    entry(4, '2025-07-26', '22:00', '23:00'),
    entry(5, '2025-07-26', '22:00', '22:30', 2),
  ];

  it('names what plays now and everything that starts next, by Berlin time (19:10 UTC is 21:10 in summer)', () => {
    const live = nowAndNext(programme('2025-07-26T19:10:00.000Z', entries));
    expect(live.day).toBe('2025-07-26');
    expect(live.now.map((each) => each.id)).toEqual([2, 3]);
    expect(live.next.map((each) => each.id)).toEqual([4, 5]);
  });

  it('counts a night entry into the next morning', () => {
    expect(nowAndNext(programme('2025-07-25T22:30:00.000Z', entries)).now.map((each) => each.id)).toEqual([1]);
  });

  it('says nothing of now outside the festival days', () => {
    expect(nowAndNext(programme('2025-08-10T12:00:00.000Z', entries))).toEqual({ day: null, now: [], next: [] });
  });

  it('finds the overlapping pairs of a plan, touching ends aside', () => {
    expect(overlappingPairs(entries).map(([a, b]) => [a.id, b.id])).toEqual([[2, 3], [4, 5]]);
  });

  it('writes German days and Berlin offsets', () => {
    expect(dayLabel('2025-07-26')).toBe('Samstag, 26. Juli');
    expect(berlinIso('2025-07-26', 21 * 60)).toBe('2025-07-26T21:00:00+02:00');
    expect(berlinIso('2025-07-26', 25 * 60)).toBe('2025-07-27T01:00:00+02:00');
    expect(berlinIso('2025-12-01', 9 * 60)).toBe('2025-12-01T09:00:00+01:00');
    // Kept by the hour: the night summer time ends, each side of it keeps its own offset.
    expect(berlinIso('2025-10-26', 1 * 60 + 30)).toBe('2025-10-26T01:30:00+02:00');
    expect(berlinIso('2025-10-26', 1 * 60 + 45)).toBe('2025-10-26T01:45:00+02:00');
    expect(berlinIso('2025-10-26', 4 * 60)).toBe('2025-10-26T04:00:00+01:00');
    expect(berlinIso('2025-03-30', 3 * 60 + 15)).toBe('2025-03-30T03:15:00+02:00');
  });
});
