/**
 * What a public read of the cms says to caches: a shared one (a CDN, nginx's proxy_cache in
 * deploy/nginx.conf) may keep it 2 s and send it 10 s longer while it asks for a fresh copy, so a
 * burst reaches the cms a few times a second; a browser asks again each time (max-age=0) and gets
 * a 304 while its ETag still holds. The site server says the same of its rendered pages.
 */
export const PUBLIC_READ_CACHING = 'public, max-age=0, s-maxage=2, stale-while-revalidate=10';
