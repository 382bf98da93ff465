// How exports show dates and amounts to organisers (DECISIONS §6): 24.07.2025, 18:30 and 12,00 €.
const dateTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const germanDateTime = (value: string | number | Date) => dateTime.format(new Date(value));

export const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
