import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ApiError, isContractPath, refuse } from '../http/api-error';


/**
 * Strapi's own routes (panel API, content manager, upload, i18n, users-permissions, the core
 * REST of each content type) throw plain JavaScript errors on some malformed input, which its
 * error handler answers with 500: a TypeError for a missing body, a ZodError for a bad layout,
 * a database error for hostile filters (`filters[id][$in][0]=en` makes SQLite compare a
 * sub-select, a unique-constraint failure for a role created with an id of the client's). The
 * survival fuzz (tests/survival/) found each of them. These are refusals of what the client
 * sent, so they answer 400 (or 409 for a conflict with stored data); the server's own failures
 * (a lost database connection, a full disk) keep their 500.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    if (isContractPath(ctx.path)) return next();
    try {
      await next();
    } catch (error) {
      // Our own refusals inside Strapi's services (the pixel budget of src/http/image-limits.ts).
      if (error instanceof ApiError) {
        ctx.status = error.status;
        ctx.body = { success: false, error: error.message };
        return;
      }
      const status = isConflict(error) ? 409 : isMalformedInputError(error) ? 400 : undefined;
      if (status === undefined) throw error;
      const { name, message } = error as Error;
      strapi.log.warn(`${ctx.method} ${ctx.path}: refused with ${status} (${name}: ${String(message).split('\n')[0].slice(0, 200)})`);
      if (status === 409) refuse(ctx, 409, { german: 'Das gibt es schon.', english: 'The request conflicts with existing data' });
      else refuse(ctx, 400, { german: 'Die Anfrage ist ungültig.', english: 'The request is invalid' });
    }
  };

// Errors JavaScript raises when code meets a shape it did not expect, and zod's refusals.
const INPUT_SHAPE_ERRORS = new Set(['TypeError', 'RangeError', 'SyntaxError', 'URIError', 'ZodError']);

// SQLite's refusals of a query that hostile filters, sorts or pagination built.
const SQLITE_QUERY_REFUSAL = /sub-select returns|no such column|datatype mismatch|too many SQL variables|string or blob too big|Expression tree is too large|parser stack overflow|misuse of aggregate|ambiguous column|near ".*": syntax error|unrecognized token/i;

// PostgreSQL's SQLSTATE classes for a query the input made invalid: 22 data exception (a word
// where a number goes), 42 syntax or undefined column, 54 program limit (too many parameters).
const POSTGRES_QUERY_REFUSAL = /^(22|42|54)[0-9A-Z]{3}$/;

// A write the database's constraints refuse: a client-chosen id that exists, a name that must
// be unique (SQLite's messages; PostgreSQL's SQLSTATE class 23, integrity constraint violation).
const SQLITE_CONSTRAINT = /(UNIQUE|FOREIGN KEY|NOT NULL|CHECK) constraint failed/;

function isConflict(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'SqliteError') return SQLITE_CONSTRAINT.test(error.message);
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && /^23[0-9A-Z]{3}$/.test(code) && 'severity' in error;
}

// Strapi's query builder (@strapi/database) refuses a sort, filter or populate that names no
// attribute of the model, or an operator it does not know, with a plain Error. Only a single
// type's read reaches it unvalidated (`GET /api/privacy-policy?sort=.ü` answered 500).
const QUERY_BUILDER_REFUSAL = new RegExp(
  [
    '^Attribute .* not found on model ',
    '^You cannot (order|filter) on \\w+ types$',
    '^Undefined attribute level operator ',
    '^Operator .* must be an array$',
    '^Only \\$and, \\$or and \\$not can only be used as root level operators',
    '^Operator and non-operator keys cannot be mixed',
    '^Only one operator key is allowed',
    '^Invalid populate attribute ',
    '^Invalid id, expected a string or integer',
    '^Expected a valid (Number|BigInteger), got ',
    '^Where must be an array or an object$',
    '^Cannot join on non relational field ',
  ].join('|'),
  's',
);

// knex's own checks of an operator's value, written as Node assertions: `$between` with other
// than two values (`filters[id][$between][0]=owner` answered 500).
const KNEX_ASSERTION = /^The second argument to whereBetween must be an array\.$|^You must specify 2 values for the whereBetween clause$/;

// The database package's own refusals of a value in the wrong format (a date that is no date).
const DATABASE_FORMAT_ERRORS = new Set(['InvalidDateFormat', 'InvalidDatetimeFormat', 'InvalidTimeFormat', 'InvalidRelationFormat']);

function isMalformedInputError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (INPUT_SHAPE_ERRORS.has(error.name) || DATABASE_FORMAT_ERRORS.has(error.name)) return true;
  if (error.name === 'Error' && QUERY_BUILDER_REFUSAL.test(error.message)) return true;
  if (error.name === 'AssertionError' && KNEX_ASSERTION.test(error.message)) return true;
  const { code } = error as { code?: unknown };
  if (error.name === 'SqliteError') return SQLITE_QUERY_REFUSAL.test(error.message);
  return typeof code === 'string' && POSTGRES_QUERY_REFUSAL.test(code) && 'severity' in error;
}
