import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, formatPrice } from './format';

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
