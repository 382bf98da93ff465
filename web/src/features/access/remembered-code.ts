/*
 * The access code a ticket holder chose to keep on this device (only then): it stays in this
 * browser's storage, is checked with the cms again on every visit, and can be forgotten. With it
 * the house it opened (name, emblem, colour, chat address) is kept too, so that the house page
 * can be shown at the festival ground without a connection (docs/decisions/037); the code on
 * the device opens the same house anyway. Forgetting removes both.
 */
import type { VerifiedHouse } from './api/verify-code';

const KEY = 'game-of-slavs_house-code';
const HOUSE_KEY = 'game-of-slavs_house';

export const readRememberedCode = (): string | null => {
  try {
    const code = window.localStorage.getItem(KEY);
    return code && code.trim() ? code : null;
  } catch {
    return null;
  }
};

/** Keeps the code (and the house it opened, when given); false when the browser keeps nothing. */
export const rememberCode = (code: string, house?: VerifiedHouse) => {
  try {
    window.localStorage.setItem(KEY, code);
    if (house) window.localStorage.setItem(HOUSE_KEY, JSON.stringify(house));
    return true;
  } catch {
    return false;
  }
};

const isHouse = (value: unknown): value is VerifiedHouse => {
  if (typeof value !== 'object' || value === null) return false;
  const { name, chatUrl, emblem, colour } = value as Record<string, unknown>;
  const textOrNull = (field: unknown) => field === null || typeof field === 'string';
  return typeof name === 'string' && typeof chatUrl === 'string' && textOrNull(emblem) && textOrNull(colour);
};

/** The house last opened with the kept code, or null (none kept, or not readable). */
export const readRememberedHouse = (): VerifiedHouse | null => {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(HOUSE_KEY) ?? 'null');
    return readRememberedCode() && isHouse(kept) ? kept : null;
  } catch {
    return null;
  }
};

export const forgetCode = () => {
  try {
    window.localStorage.removeItem(KEY);
    window.localStorage.removeItem(HOUSE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
};
