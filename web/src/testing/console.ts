let consoleErrorAllowed = false;

/** Call in a test that expects `console.error`; otherwise any call fails the test. */
export const allowConsoleError = () => {
  consoleErrorAllowed = true;
};

export const isConsoleErrorAllowed = () => consoleErrorAllowed;

export const resetConsoleErrorAllowance = () => {
  consoleErrorAllowed = false;
};
