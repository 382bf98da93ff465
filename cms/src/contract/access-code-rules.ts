// The codes' alphabet, forms and messages, without a schema: the access page imports these, and
// importing access-codes.ts would build every schema of the codes while the page is taken over.

/** No look-alikes (0/O, 1/I): codes are read off paper and typed in by hand (DECISIONS §5). */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 10;
export const MAX_CODES_PER_REQUEST = 100;

export const ACCESS_CODE_MESSAGES = {
  invalidCount: 'Please enter a number between 1 and 100',
  chooseHouse: 'Please choose a house',
  invalidRequest: 'Invalid request',
  invalidId: 'Invalid access code id',
  notFound: 'Access code not found',
  empty: 'Bitte gib einen Zugangscode ein.',
  invalid: 'Ungültiger Zugangscode. Bitte überprüfe deinen Code und versuche es erneut.',
  tooManyAttempts: 'Zu viele Versuche. Bitte warte ein paar Minuten.',
} as const;

/** Stored form: upper case, without spaces or hyphens (of any kind), as visitors type it however. */
export const normalizeAccessCode = (input: string) => input.replace(/[\s\-\u2010-\u2015\u2212]/g, '').toUpperCase();

/** Shown form: ABCDE-FGHJK. */
export const formatAccessCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

export const FORMATTED_ACCESS_CODE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{5}$/;
