import { randomBytes } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { signedTokens } from './signed-token';

export const SESSION_COOKIE = 'gos_session';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

// One row per organiser session, in the database every cms instance shares: a session ended on
// one instance is ended on all of them at once.
const TABLE = 'gos_admin_sessions';
const USER_UID = 'plugin::users-permissions.user';

type SessionPayload = { sid: string; uid: number; exp: number };
export type Session = { id: string; userId: number };

const tokens = signedTokens<SessionPayload>((secret) => secret, 512);

/** The session a token names, if its signature holds and it has not expired; null otherwise. */
export function readSessionToken(token: string | undefined, now = Date.now()): Session | null {
  const payload = tokens.read(token, now);
  return typeof payload?.sid === 'string' && Number.isInteger(payload.uid) ? { id: payload.sid, userId: payload.uid as number } : null;
}

export async function ensureSessionTable(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  if (await knex.schema.hasTable(TABLE)) return;
  await knex.schema.createTable(TABLE, (table) => {
    table.string('id', 64).primary();
    table.integer('user_id').notNullable().index();
    table.bigInteger('expires_at').notNullable();
  });
}

/** Starts a session for the user and answers its token; sessions expired meanwhile are cleared. */
export async function startSession(strapi: Core.Strapi, userId: number, now = Date.now()): Promise<string> {
  const knex = strapi.db.connection;
  const id = randomBytes(24).toString('base64url');
  const expiresAt = now + SESSION_TTL_SECONDS * 1000;
  await knex(TABLE).where('expires_at', '<=', now).del();
  await knex(TABLE).insert({ id, user_id: userId, expires_at: expiresAt });
  return tokens.write({ sid: id, uid: userId, exp: Math.floor(expiresAt / 1000) });
}

/** The user of a token whose session is still open, or null. */
export async function sessionUser(strapi: Core.Strapi, token: string | undefined, now = Date.now()): Promise<number | null> {
  const session = readSessionToken(token, now);
  if (!session) return null;
  const open = await strapi.db
    .connection(TABLE)
    .where({ id: session.id, user_id: session.userId })
    .andWhere('expires_at', '>', now)
    .first('id');
  return open ? session.userId : null;
}

/** Ends the session a token names (a logout); a token that is not valid ends nothing. */
export async function endSession(strapi: Core.Strapi, token: string | undefined) {
  const session = readSessionToken(token);
  if (session) await strapi.db.connection(TABLE).where({ id: session.id }).del();
}

// In the transaction of the change that ends them, when there is one: on SQLite's one connection,
// a statement outside it would wait for that transaction, which waits for the statement.
async function endSessionsOf(strapi: Core.Strapi, userIds: number[]) {
  if (userIds.length === 0) return;
  await strapi.db.transaction(({ trx }) => strapi.db.connection(TABLE).transacting(trx).whereIn('user_id', userIds).del());
}

/** Sessions whose user no longer exists (after a delete by filter, whose rows are not named). */
async function endOrphanedSessions(strapi: Core.Strapi) {
  const users = strapi.db.metadata.get(USER_UID).tableName;
  await strapi.db.transaction(({ trx }) =>
    strapi.db.connection(TABLE).transacting(trx).whereNotIn('user_id', strapi.db.connection(users).select('id')).del(),
  );
}

type UserChange = { password?: unknown; isAdmin?: unknown; blocked?: unknown };

/** A change after which the account's sessions may not go on: a new password, a demotion, a block. */
const endsSessions = (data: UserChange | undefined) =>
  data !== undefined && (data.password !== undefined || data.isAdmin === false || data.blocked === true);

const idsOf = (result: unknown): number[] =>
  (Array.isArray(result) ? result : [result])
    .map((row) => (row as { id?: unknown } | null)?.id)
    .filter((id): id is number => Number.isInteger(id));

/**
 * Ends an organiser's sessions when their password changes, when they are demoted or blocked, and
 * when their account is deleted: by the dashboard, the panel or anything else that writes through
 * Strapi's query engine.
 */
export function endSessionsOnAccountChanges(strapi: Core.Strapi) {
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    async afterUpdate(event) {
      if (endsSessions(event.params.data as UserChange)) await endSessionsOf(strapi, idsOf(event.result));
    },
    // The rows are found before the change: afterwards the filter may no longer match them.
    async beforeUpdateMany(event) {
      if (!endsSessions(event.params.data as UserChange)) return;
      const changed = await strapi.db.query(USER_UID).findMany({ where: event.params.where ?? {}, select: ['id'] });
      event.state.changedUserIds = idsOf(changed);
    },
    async afterUpdateMany(event) {
      await endSessionsOf(strapi, (event.state.changedUserIds as number[] | undefined) ?? []);
    },
    async afterDelete(event) {
      await endSessionsOf(strapi, idsOf(event.result));
    },
    async afterDeleteMany() {
      await endOrphanedSessions(strapi);
    },
  });
}
