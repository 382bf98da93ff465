import type { TestProject } from 'vitest/node';
import { ORDER_LIMIT_FIELDS } from '../../cms/src/contract/order-limits';
import { DEMO_ACCOUNTS } from '../../scripts/ensure-env.mjs';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The cms itself, for what stands in front of it in production (nginx, e2e/compose-shape). */
    cmsUrl: string;
    /** The cms's uploads folder, to put a file there as an upload before uploads were checked would have. */
    uploadsDir: string;
  }
}

/**
 * Every browser test shops from 127.0.0.1, more than one shopper may: the cap on units of a
 * product per client goes to its highest (its own tests are cms/tests/security/client-networks).
 */
async function allowManyUnitsPerClient(siteUrl: string) {
  const signedIn = await fetch(`${siteUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.ORGANISER_USERNAME, password: DEMO_ACCOUNTS.ORGANISER_PASSWORD }),
  });
  const { user } = (await signedIn.json()) as { user: { id: number } };
  const headers = { Cookie: signedIn.headers.getSetCookie().map((header) => header.split(';')[0]).join('; '), 'x-user-id': String(user.id) };
  const url = `${siteUrl}/api/admin/settings/order-limits`;
  const { limits } = (await (await fetch(url, { headers })).json()) as { limits: Record<string, number> };
  const changed = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...limits, maxUnitsPerProduct: ORDER_LIMIT_FIELDS.maxUnitsPerProduct.max }),
  });
  if (!changed.ok) throw new Error(`Setting the order limits failed: ${changed.status} ${await changed.text()}`);
}

export default async function setup(project: TestProject) {
  const stack = await startStack();
  await allowManyUnitsPerClient(stack.siteUrl);
  project.provide('siteUrl', stack.siteUrl);
  project.provide('cmsUrl', stack.cmsUrl);
  project.provide('uploadsDir', stack.uploadsDir);
  return stack.stop;
}
