import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, isContractPath, speaksGerman } from '../http/api-error';
import { DataRuleError } from '../http/data-rule-error';



const GENERIC: Record<number, [german: string, english: string]> = {
  400: ['Die Anfrage ist ungültig.', 'The request is invalid.'],
  401: ['Bitte melde dich an.', 'Admin authentication required'],
  403: ['Keine Berechtigung.', 'Admin access required'],
  404: ['Nicht gefunden.', 'Not found'],
  405: ['Diese Methode ist hier nicht erlaubt.', 'Method not allowed'],
  413: ['Die Anfrage ist zu groß.', 'The request is too large (files at most 5 MB)'],
  415: ['Dieses Format wird nicht unterstützt.', 'Unsupported content type or encoding'],
  429: ['Zu viele Versuche. Bitte warte ein paar Minuten.', 'Too many attempts. Please wait a few minutes.'],
  500: ['Ein interner Fehler ist aufgetreten. Bitte versuche es später erneut.', 'An internal error occurred'],
};

const messageFor = (status: number, english: boolean) => {
  const pair = GENERIC[status] ?? GENERIC[status >= 500 ? 500 : 400];
  return pair[english ? 1 : 0];
};

/**
 * Turns every refusal on the contract's paths into a 4xx with { success: false, error }:
 * our ApiError as it is, body-parser and router errors with a clear generic text, anything
 * unexpected as a logged 500 without details.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: () => Promise<void>) => {
    if (!isContractPath(ctx.path)) return next();
    const english = !speaksGerman(ctx.path);
    try {
      if (isEmptyMultipart(ctx)) throw new ApiError(400, english ? 'The request body is empty' : 'Die Anfrage ist leer.');
      await next();
      if (ctx.status === 404 && (ctx.body === undefined || ctx.body === null || isStrapiError(ctx.body))) {
        ctx.status = 404;
        ctx.body = { success: false, error: messageFor(404, english) };
      } else if (ctx.status >= 400 && (isStrapiError(ctx.body) || typeof ctx.body === 'string' || ctx.body == null)) {
        // Strapi's error shape, or the router's plain "Method Not Allowed".
        ctx.body = { success: false, error: messageFor(ctx.status, english) };
      }
    } catch (error) {
      const { status, message } = describe(error, english);
      if (status >= 500) strapi.log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      ctx.status = status;
      ctx.body = { success: false, error: message };
      if (error instanceof ApiError && error.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(error.retryAfterSeconds));
    }
  };

// A multipart body holds at least one part and its closing boundary, so an empty one is
// malformed; formidable reads it as a form without fields, which a product update took as
// "change nothing" and answered with 200.
const isEmptyMultipart = (ctx: Context) => /^\s*multipart\//i.test(ctx.get('content-type')) && ctx.get('content-length').trim() === '0';

const isStrapiError = (body: unknown) =>
  typeof body === 'object' && body !== null && 'error' in body && !('success' in body);

// Strapi's own error classes (@strapi/utils) carry no status; their names say which 4xx they are.
const STRAPI_ERROR_STATUS: Record<string, number> = {
  ApplicationError: 400,
  ValidationError: 400,
  YupValidationError: 400,
  PaginationError: 400,
  NotFoundError: 404,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  PolicyError: 403,
  PayloadTooLargeError: 413,
  RateLimitError: 429,
};

const numeric = (value: unknown) => (typeof value === 'number' ? value : undefined);

function describe(error: unknown, english: boolean): { status: number; message: string } {
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  // The data's own rules, met on a write our call let through: the contract's message, as our check gives it.
  if (error instanceof DataRuleError) return { status: 400, message: english ? error.contractMessage : error.message };
  const { name, status: statusField, httpCode } = (error ?? {}) as { name?: string; status?: unknown; httpCode?: unknown };
  // http-errors (co-body, raw-body) carry status; formidable's errors carry httpCode (400 for a multipart body without boundary).
  const status = numeric(statusField) ?? numeric(httpCode) ?? STRAPI_ERROR_STATUS[name ?? ''] ?? 500;
  if (status >= 400 && status < 500) return { status, message: messageFor(status, english) };
  return { status: 500, message: messageFor(500, english) };
}
