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

describe('the formatters', () => {
  // A page's first Intl formatter loads the locale's data: made when the module was evaluated,
  // it lengthened the takeover's longest task on every public page, formatted or not.
  it('are made on first use, once each, not when the module is evaluated', async () => {
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
    expect(made).toEqual({ numberFormats: 0, dateTimeFormats: 0 });

    expect(format.formatPrice(1200)).toBe('12,00\u00a0€');
    expect(format.formatPrice(250)).toBe('2,50\u00a0€');
    expect(made).toEqual({ numberFormats: 1, dateTimeFormats: 0 });
    expect(format.formatDateRange('2025-07-24', '2025-07-28')).toBe('24. – 28. Juli 2025');
    expect(format.formatDateRange('2025-07-30', '2025-08-02')).toBe('30. Juli – 2. August 2025');
    expect(made).toEqual({ numberFormats: 1, dateTimeFormats: 1 });
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
