/**
 * What a public read of the cms says to caches: a shared one (a CDN, nginx's proxy_cache in
 * deploy/nginx.conf, which also sends its stale copy while it fetches a fresh one) may keep it
 * 2 s, so a burst reaches the cms a few times a second; a browser asks again each time and gets a
 * 304 while its ETag still holds. No stale-while-revalidate: Chromium applies it to its own
 * cache too, and the cart's refetch after a stock refusal got the old stock for 10 s. The site
 * server says the same of its rendered pages.
 */
export const PUBLIC_READ_CACHING = 'public, max-age=0, must-revalidate, s-maxage=2';
