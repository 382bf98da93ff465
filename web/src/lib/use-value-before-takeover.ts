import { useLayoutEffect, useRef } from 'react';

/**
 * A public page arrives rendered by the server, and a visitor can type into it or choose in it
 * before React takes it over. React hydrates the field as it finds it, but its next render puts
 * the state's value back, and what was typed is gone. The returned ref goes on that field: at
 * takeover, a value that differs from the state's first one is handed to `keep`.
 */
export function useValueBeforeTakeover<Field extends HTMLInputElement | HTMLSelectElement>(
  stateValue: string,
  keep: (value: string) => void,
) {
  const field = useRef<Field>(null);
  // Once, at takeover: this first render's value is the one the server rendered.
  useLayoutEffect(() => {
    const shown = field.current?.value;
    if (shown !== undefined && shown !== stateValue) keep(shown);
  }, []);
  return field;
}
