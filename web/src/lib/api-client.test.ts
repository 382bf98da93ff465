import { describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client';

/** The browser's fetch, answering every call with this status and body; it records the calls. */
function answering(status: number, statusText: string, body: string | null) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status, statusText }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const failure = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('api', () => {
  it('calls the cms under /api with credentials, asking for JSON', async () => {
    const fetch = answering(200, 'OK', '{"success":true}');
    await api.get('/shop/items');
    const [address, init] = fetch.mock.calls[0]!;
    expect(address).toBe('/api/shop/items');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } });
    expect(init?.body).toBeUndefined();
  });

  it('passes a 2xx answer through, its JSON read', async () => {
    answering(200, 'OK', '{"data":1}');
    const response = await api.get('/festival');
    expect(response).toEqual({ data: { data: 1 }, status: 200, statusText: 'OK', headers: expect.any(Headers) });
  });

  it('sends an object as JSON and a form as it is', async () => {
    const fetch = answering(200, 'OK', '{}');
    await api.post('/shop/orders', { firstName: 'Mira' });
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: '{"firstName":"Mira"}',
      headers: { 'Content-Type': 'application/json' },
    });

    const form = new FormData();
    form.set('title', 'Banner');
    await api.request({ method: 'PUT', url: '/admin/shop/items/3', data: form, headers: { 'x-user-id': '1' } });
    const [address, init] = fetch.mock.calls[1]!;
    expect(address).toBe('/api/admin/shop/items/3');
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ Accept: 'application/json', 'x-user-id': '1' });
  });

  it('puts the given query parameters into the address, leaving out empty ones', async () => {
    const fetch = answering(200, 'OK', '{}');
    await api.request({ url: '/admin/access-codes', params: { houseId: 3, search: 'Wolf & Bär', page: undefined, used: null } });
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/access-codes?houseId=3&search=Wolf+%26+B%C3%A4r');
  });

  it('turns a non-2xx answer into "<status>: <body text>"', async () => {
    answering(409, 'Conflict', 'Leider nicht mehr genug auf Lager');
    const error = await failure(api.get('/shop/orders'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: '409: Leider nicht mehr genug auf Lager' });
  });

  it('writes a JSON body as its text', async () => {
    const body = { success: false, error: 'Nicht angemeldet' };
    answering(401, 'Unauthorized', JSON.stringify(body));
    const error = await failure(api.get('/admin/users'));
    expect(error).toMatchObject({ message: `401: ${JSON.stringify(body)}` });
  });

  it('falls back to the status text when the body is empty', async () => {
    answering(503, 'Service Unavailable', '');
    const error = await failure(api.get('/festival'));
    expect(error).toMatchObject({ status: 503, message: '503: Service Unavailable' });
  });

  it('answers statuses the caller accepts, refusals included', async () => {
    answering(429, 'Too Many Requests', '{"success":false,"error":"Zu viele Versuche"}');
    const response = await api.post('/auth/verify-code', { code: 'X' }, { validateStatus: (status) => status < 500 });
    expect(response).toMatchObject({ status: 429, data: { success: false, error: 'Zu viele Versuche' } });
  });

  it('keeps an answer that is not JSON as its text', async () => {
    answering(502, 'Bad Gateway', '<html>Bad Gateway</html>');
    const response = await api.post('/shop/orders', {}, { validateStatus: () => true });
    expect(response).toMatchObject({ status: 502, data: '<html>Bad Gateway</html>' });
  });

  it('reports a call that got no answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/festival'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: null, message: 'Keine Verbindung zum Server (Failed to fetch)' });
  });
});
