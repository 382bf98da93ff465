/*
 * The access code a ticket holder chose to keep on this device (only then): it stays in this
 * browser's storage, is checked with the cms again on every visit, and can be forgotten. No
 * chat address is stored; it comes from the cms each time.
 */

const KEY = 'game-of-slavs_house-code';

export const readRememberedCode = (): string | null => {
  try {
    const code = window.localStorage.getItem(KEY);
    return code && code.trim() ? code : null;
  } catch {
    return null;
  }
};

export const rememberCode = (code: string) => {
  try {
    window.localStorage.setItem(KEY, code);
    return true;
  } catch {
    return false;
  }
};

export const forgetCode = () => {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
};
