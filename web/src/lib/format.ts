const LOCALE = 'de-DE';
// The festival happens in the Harz: dates and times read the same for every visitor, wherever they are.
const TIME_ZONE = 'Europe/Berlin';

// What the public pages show (prices, whole numbers, the festival's calendar days) is written
// here without Intl: a page's first Intl formatter loads the locale's data, 25 ms of a desktop's
// CPU and 100 ms of a phone's, inside the takeover of every public page. The tests hold each
// against Intl. Times of day in Berlin's time zone (the dashboard, order confirmations) use Intl.

/** A formatter made on first use, not when the module is evaluated. */
const onFirstUse = <T,>(create: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= create());
};

const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: TIME_ZONE,
    }),
);

const calendarFormat = onFirstUse(
  () => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }),
);

const numberFormat = onFirstUse(() => new Intl.NumberFormat(LOCALE));

const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** "1234567" -> "1.234.567", "-1234" -> "-1.234" */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 1500 -> "1.500"; a fraction as Intl writes it ("2,5"). */
export const formatNumber = (value: number): string =>
  Number.isSafeInteger(value) ? groupThousands(String(value)) : numberFormat().format(value);

/** 1200 -> "12,00 €" (the space before € is a non-breaking one). */
export const formatPrice = (cents: number): string => {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.floor(whole / 100)))},${String(whole % 100).padStart(2, '0')}\u00a0€`;
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads an ISO date ("2025-07-24") as that calendar day, and an ISO date-time as that instant. */
const parseIso = (iso: string): Date => {
  const dateOnly = DATE_ONLY.exec(iso);
  // Noon UTC falls on the same calendar day in Berlin, whatever the season.
  const date = dateOnly
    ? new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]), 12))
    : new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Kein gültiges Datum: "${iso}"`);
  return date;
};

type CalendarDay = { day: string; month: string; year: string };

/** The calendar day in Berlin: read off an ISO date itself, through Intl for an instant. */
const calendarDay = (iso: string): CalendarDay => {
  const date = parseIso(iso);
  if (DATE_ONLY.test(iso)) {
    return { day: String(date.getUTCDate()), month: MONTHS[date.getUTCMonth()], year: String(date.getUTCFullYear()) };
  }
  const parts = calendarFormat().formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year') };
};

/** "2025-07-24T16:30:00Z" -> "24.07.2025, 18:30" (German time). */
export const formatDate = (iso: string): string => dateTimeFormat().format(parseIso(iso));

/**
 * "2025-07-24", "2025-07-28" -> "24. – 28. Juli 2025"; names the month or year twice only
 * where they differ: "30. Juli – 2. August 2025", "30. Dezember 2025 – 2. Januar 2026".
 */
export const formatDateRange = (startIso: string, endIso: string): string => {
  const start = calendarDay(startIso);
  const end = calendarDay(endIso);
  const endText = `${end.day}. ${end.month} ${end.year}`;
  if (start.year !== end.year) return `${start.day}. ${start.month} ${start.year} – ${endText}`;
  if (start.month !== end.month) return `${start.day}. ${start.month} – ${endText}`;
  if (start.day !== end.day) return `${start.day}. – ${endText}`;
  return endText;
};
