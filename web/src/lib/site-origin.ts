let serverOrigin = '';

/**
 * The site's own origin: the page's in a browser; while a page is rendered on the server, the
 * public origin the server was started with (both are the same for a visitor).
 */
export const siteOrigin = (): string => (typeof window === 'undefined' ? serverOrigin : window.location.origin);

/** Sets the origin pages rendered on the server link against (PUBLIC_URL). */
export const setServerOrigin = (origin: string) => {
  serverOrigin = origin;
};
