import type { Context, Next } from 'koa';
import { refuse } from '../http/api-error';
import { requestFiles } from '../http/image-upload';
import { requestBody } from '../http/validate';
import { findTextProblem, MAX_NESTING, MAX_VALUES } from '../http/well-formed';
import { markParsed } from './request-limits';

const REFUSALS = {
  'ill-formed': { german: 'Die Anfrage enthält ungültige Zeichen.', english: 'The request contains malformed text (a lone UTF-16 surrogate)' },
  nul: { german: 'Die Anfrage enthält ungültige Zeichen.', english: 'The request contains a NUL character, which no stored text may hold' },
  'too deep': { german: 'Die Anfrage ist zu tief verschachtelt.', english: `The request is nested too deeply (at most ${MAX_NESTING} levels)` },
  'too many values': { german: 'Die Anfrage enthält zu viele Werte.', english: `The request holds too many values (at most ${MAX_VALUES.toLocaleString('en')})` },
};

/**
 * Behind strapi::body, on every path: the query, the body and the names of uploaded files hold
 * only well-formed text, nested at most MAX_NESTING levels, at most MAX_VALUES values, and the
 * body no NUL character;
 * anything else is refused with 400 before any route sees it. German text and emoji pass. A NUL
 * in the query is left to each route's own check (the dashboard's search names the parameter),
 * and file names are never stored as sent.
 */
export default () => async (ctx: Context, next: Next) => {
  markParsed(ctx);
  const fileNames = Object.values(requestFiles(ctx))
    .flat()
    .map((file) => (file as { originalFilename?: unknown })?.originalFilename);
  const problem =
    findTextProblem(ctx.query, { allowNul: true }) ?? findTextProblem(requestBody(ctx)) ?? findTextProblem(fileNames, { allowNul: true });
  if (problem) return refuse(ctx, problem === 'too many values' ? 413 : 400, REFUSALS[problem]);
  return next();
};
