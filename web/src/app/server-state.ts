import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

const SERVER_STATE_ID = 'server-state';

/**
 * What a page rendered on the server hands to the browser: the answers it showed, the router's
 * state, and the cms texts it showed as plain text (by textHash) because their markdown could
 * not be parsed in bounds: the browser shows them the same way instead of parsing them.
 */
export type ServerState = { queries: DehydratedState; router: HydrationState; plainTexts?: string[] };

/**
 * The state as a JSON script element (data, not code). Every "<" is escaped, so nothing in the
 * cms's texts can end the element early.
 */
export const serverStateScript = (state: ServerState): string =>
  `<script id="${SERVER_STATE_ID}" type="application/json">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;

/** The state the server put into the page, or null for a page the browser renders alone. */
export const readServerState = (): ServerState | null => {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerState) : null;
};
