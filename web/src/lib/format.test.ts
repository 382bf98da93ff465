import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateRange, formatNumber, formatPrice } from './format';

describe('formatPrice', () => {
  it('shows cents as German euros with two decimals', () => {
    expect(formatPrice(1200)).toBe('12,00\u00a0€');
    expect(formatPrice(1999)).toBe('19,99\u00a0€');
    expect(formatPrice(5)).toBe('0,05\u00a0€');
    expect(formatPrice(0)).toBe('0,00\u00a0€');
  });

  it('groups thousands with a dot', () => {
    expect(formatPrice(123456)).toBe('1.234,56\u00a0€');
  });
});

describe('formatNumber', () => {
  it('groups thousands with a dot', () => {
    expect(formatNumber(1500)).toBe('1.500');
    expect(formatNumber(12)).toBe('12');
  });
});

describe('the formats of the public pages', () => {
  // A page's first Intl formatter loads the locale's data (100 ms of a phone's CPU during the
  // takeover), so prices, whole numbers and calendar days are written without Intl: held here
  // against Intl, value by value.
  const sampledIntegers = (limit: number) => {
    const values = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 1001, 99999, 100000, 123456, 999999, 1000000, limit];
    let seed = 20261127;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      values.push(seed % limit, Math.floor(seed / 7) % 100000);
    }
    // Negative amounts too, without -0, which no amount is.
    return [...values, ...values.filter((value) => value !== 0).map((value) => -value)];
  };

  it('write prices as Intl does', () => {
    const intl = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
    for (const cents of sampledIntegers(2_000_000_000)) expect(formatPrice(cents)).toBe(intl.format(cents / 100));
  });

  it('write whole numbers as Intl does, and leave fractions to it', () => {
    const intl = new Intl.NumberFormat('de-DE');
    for (const value of sampledIntegers(Number.MAX_SAFE_INTEGER)) expect(formatNumber(value)).toBe(intl.format(value));
    expect(formatNumber(2.5)).toBe('2,5');
  });

  it('write every calendar day of four years as Intl does in Berlin', () => {
    const intl = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatDateRange(iso, iso)).toBe(intl.format(new Date(`${iso}T12:00:00Z`)));
    }
  });

  it('make no Intl formatter, while times of day make theirs once', async () => {
    const made = { numberFormats: 0, dateTimeFormats: 0 };
    class CountedNumberFormat extends Intl.NumberFormat {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made.numberFormats += 1;
      }
    }
    class CountedDateTimeFormat extends Intl.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made.dateTimeFormats += 1;
      }
    }
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { NumberFormat: CountedNumberFormat, DateTimeFormat: CountedDateTimeFormat }));
    vi.resetModules();
    const format = await import('./format');

    expect(format.formatPrice(1200)).toBe('12,00\u00a0€');
    expect(format.formatNumber(1500)).toBe('1.500');
    expect(format.formatDateRange('2025-07-30', '2025-08-02')).toBe('30. Juli – 2. August 2025');
    expect(made).toEqual({ numberFormats: 0, dateTimeFormats: 0 });

    expect(format.formatDate('2025-07-24T16:30:00Z')).toBe('24.07.2025, 18:30');
    expect(format.formatDate('2025-01-10T09:05:00Z')).toBe('10.01.2025, 10:05');
    expect(made).toEqual({ numberFormats: 0, dateTimeFormats: 1 });
  });
});

describe('formatDate', () => {
  it('shows an instant in German time as day.month.year, hour:minute', () => {
    expect(formatDate('2025-07-24T16:30:00.000Z')).toBe('24.07.2025, 18:30');
  });

  it('uses winter time outside daylight saving', () => {
    expect(formatDate('2025-01-05T08:05:00Z')).toBe('05.01.2025, 09:05');
  });

  it('rejects text that is no date', () => {
    expect(() => formatDate('morgen')).toThrow(RangeError);
  });
});

describe('formatDateRange', () => {
  it('names month and year once within one month', () => {
    expect(formatDateRange('2025-07-24', '2025-07-28')).toBe('24. – 28. Juli 2025');
  });

  it('names both months across a month boundary', () => {
    expect(formatDateRange('2025-07-30', '2025-08-02')).toBe('30. Juli – 2. August 2025');
  });

  it('names both years across a year boundary', () => {
    expect(formatDateRange('2025-12-30', '2026-01-02')).toBe('30. Dezember 2025 – 2. Januar 2026');
  });

  it('shows a single day once', () => {
    expect(formatDateRange('2025-07-24', '2025-07-24')).toBe('24. Juli 2025');
  });

  it('reads date-times in German time', () => {
    expect(formatDateRange('2025-07-23T22:30:00Z', '2025-07-28T10:00:00Z')).toBe(
      '24. – 28. Juli 2025',
    );
  });
});
