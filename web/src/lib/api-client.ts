import axios, { isAxiosError, isCancel } from 'axios';

/** A failed call to the cms; `status` is null when no answer arrived at all. */
export class ApiError extends Error {
  readonly status: number | null;

  constructor(status: number | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

const bodyText = (body: unknown): string => {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body.trim();
  return JSON.stringify(body);
};

const toApiError = (error: unknown): unknown => {
  if (!isAxiosError(error) || isCancel(error)) return error;
  const { response } = error;
  if (!response) return new ApiError(null, `Keine Verbindung zum Server (${error.message})`);
  const detail = bodyText(response.data) || response.statusText;
  return new ApiError(response.status, `${response.status}: ${detail}`);
};

export const api = axios.create({
  baseURL: '/api',
  withCredentials: true,
  headers: { Accept: 'application/json' },
});

api.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));
