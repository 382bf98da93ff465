/** A refusal the caller should see: its status and message end up in { success: false, error }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** For a 429: when the client may try again, sent as `Retry-After` (the access form counts it down). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** The calls of SPEC §7, which answer in their own shape; Strapi's routes keep theirs. */
export const isContractPath = (path: string) => /^\/api\/(admin|shop|settings|auth\/verify-code|site-content)(\/|$)/i.test(path);

/** The calls a visitor's browser makes answer in German; the dashboard's, and Strapi's own, in English. */
export const speaksGerman = (path: string) =>
  /^\/api\/(shop|settings|auth\/verify-code|site-content)(\/|$)/i.test(path) || /^\/api\/admin\/login\/?$/i.test(path);

/**
 * Answers a refusal in the contract's shape on any path, ours or Strapi's, in the caller's
 * language: for middlewares that run where a thrown ApiError would reach Strapi's error
 * handler (which answers 500 for anything it does not know).
 */
export function refuse(ctx: { path: string; status: number; body: unknown }, status: number, message: { german: string; english: string }) {
  ctx.status = status;
  ctx.body = { success: false, error: speaksGerman(ctx.path) ? message.german : message.english };
}

/**
 * A refusal in the contract's shape that also closes its connection, for what answers outside
 * Koa (a deadline, a request Node's parser refused): its body, or none for a HEAD, and headers.
 */
export function closingRefusal(path: string, method: string | undefined, message: { german: string; english: string }) {
  const body = method === 'HEAD' ? '' : JSON.stringify({ success: false, error: speaksGerman(path) ? message.german : message.english });
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store', Connection: 'close' };
  return { body, headers };
}

/** The whole seconds until a limit's window that started at windowStart ends (at least 1). */
export const secondsUntil = (windowStart: number, windowMs: number, now = Date.now()) =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
