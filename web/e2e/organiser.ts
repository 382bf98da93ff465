import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { PAGES_FOLLOW_WITHIN_MS } from '../server/page-cache.mjs';
import { siteUrl } from './browser';

/** The demo organiser's signed-in session, for setting up data through the real admin API. */
export type OrganiserSession = { cookie: string; userId: number };

export type House = { id: number; name: string; chatUrl: string; emblem: string | null; colour: string | null };

export async function signInOrganiser(): Promise<OrganiserSession> {
  const response = await fetch(`${siteUrl()}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: DEMO_ACCOUNTS.ORGANISER_USERNAME,
      password: DEMO_ACCOUNTS.ORGANISER_PASSWORD,
    }),
  });
  if (!response.ok) throw new Error(`Organiser sign-in failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: number } };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { cookie, userId: user.id };
}

/** An /api/admin call as the organiser: the session cookie plus the spec's x-user-id header. */
export async function adminCall<T>(session: OrganiserSession, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${siteUrl()}/api${path}`, {
    method,
    headers: {
      Cookie: session.cookie,
      'x-user-id': String(session.userId),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A fresh access code for the first house, and that house. */
export async function createAccessCode(session: OrganiserSession): Promise<{ code: string; house: House }> {
  const { houses } = await adminCall<{ houses: House[] }>(session, 'GET', '/admin/houses');
  const [house] = houses;
  if (!house) throw new Error('The demo seed has no house');
  const { codes } = await adminCall<{ codes: string[] }>(session, 'POST', '/admin/generate-codes', {
    houseId: house.id,
    count: 1,
  });
  return { code: codes[0], house };
}

/**
 * Opens or closes the shop, and returns once every page the site server sends says so: its
 * rendered pages follow the cms within PAGES_FOLLOW_WITHIN_MS (SPEC §9 lets the site keep the
 * setting far longer), and a page a test opened just before the switch may still be that old.
 */
export async function setShopEnabled(session: OrganiserSession, enabled: boolean) {
  await adminCall(session, 'POST', '/admin/settings', { key: 'shop_enabled', value: String(enabled) });
  await new Promise((resolve) => setTimeout(resolve, PAGES_FOLLOW_WITHIN_MS));
}
