import { AxiosError, AxiosHeaders, type AxiosAdapter } from 'axios';
import { describe, expect, it } from 'vitest';
import { api, ApiError } from './api-client';

const answering =
  (status: number, statusText: string, data: unknown): AxiosAdapter =>
  (config) => {
    const response = { data, status, statusText, headers: new AxiosHeaders(), config };
    if (status >= 200 && status < 300) return Promise.resolve(response);
    return Promise.reject(
      new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      ),
    );
  };

const failure = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('api', () => {
  it('calls the cms under /api with credentials', () => {
    expect(api.defaults.baseURL).toBe('/api');
    expect(api.defaults.withCredentials).toBe(true);
  });

  it('passes a 2xx answer through', async () => {
    const response = await api.get('/festival', { adapter: answering(200, 'OK', { data: 1 }) });
    expect(response.data).toEqual({ data: 1 });
  });

  it('turns a non-2xx answer into "<status>: <body text>"', async () => {
    const error = await failure(
      api.get('/shop/orders', {
        adapter: answering(409, 'Conflict', 'Leider nicht mehr genug auf Lager'),
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: '409: Leider nicht mehr genug auf Lager' });
  });

  it('writes a JSON body as its text', async () => {
    const body = { success: false, error: 'Nicht angemeldet' };
    const error = await failure(
      api.get('/admin/users', { adapter: answering(401, 'Unauthorized', body) }),
    );
    expect(error).toMatchObject({ message: `401: ${JSON.stringify(body)}` });
  });

  it('falls back to the status text when the body is empty', async () => {
    const error = await failure(
      api.get('/festival', { adapter: answering(503, 'Service Unavailable', '') }),
    );
    expect(error).toMatchObject({ status: 503, message: '503: Service Unavailable' });
  });

  it('reports a call that got no answer', async () => {
    const error = await failure(
      api.get('/festival', {
        adapter: (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config)),
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: null });
  });
});
