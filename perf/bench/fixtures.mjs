// What the load needs, prepared through the cms's own APIs as an organiser and an editor would.

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Signs in to the dashboard's API; returns the headers every admin call sends. */
export async function signInOrganiser(url, username, password) {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { user } = await json(response, 'organiser sign-in');
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { cookie, 'x-user-id': String(user.id) };
}

/** Sets every active product's stock to quantity, so orders are refused only by a real shortage. */
export async function raiseStock(url, session, quantity) {
  const { items } = await json(await fetch(`${url}/api/admin/shop/items`, { headers: session }), 'listing products');
  const active = items.filter((item) => item.isActive);
  for (const item of active) {
    const form = new FormData();
    form.set('availableQuantity', String(quantity));
    await json(await fetch(`${url}/api/admin/shop/items/${item.id}`, { method: 'PUT', headers: session, body: form }), 'raising stock');
  }
  return active;
}

/** Generates count access codes (at most 100 per call, as the dashboard does) for the first house. */
export async function generateCodes(url, session, count) {
  const { houses } = await json(await fetch(`${url}/api/admin/houses`, { headers: session }), 'listing houses');
  const codes = [];
  while (codes.length < count) {
    const response = await fetch(`${url}/api/admin/generate-codes`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ houseId: houses[0].id, count: Math.min(100, count - codes.length) }),
    });
    codes.push(...(await json(response, 'generating codes')).codes);
  }
  return codes;
}

/**
 * A read-only API token, made through the panel's API as its Super Admin would in Settings →
 * API Tokens. Without PUBLIC_URL the panel's API sits at the root (docs/decisions/001).
 */
export async function readOnlyToken(url, email, password) {
  const login = await fetch(`${url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { data: session } = await json(login, 'panel sign-in');
  const created = await fetch(`${url}/admin/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ name: 'bench read-only', description: 'npm run bench', type: 'read-only', lifespan: null }),
  });
  return (await json(created, 'creating the API token')).data.accessKey;
}
