/** A failed call to the cms; `status` is null when no answer arrived at all. */
export class ApiError extends Error {
  readonly status: number | null;

  constructor(status: number | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export type RequestConfig = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under the cms's API, such as /shop/items. */
  url: string;
  /** A FormData goes as it is, anything else as JSON. */
  data?: unknown;
  /** Query parameters; undefined and null ones are left out. */
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Which statuses count as an answer rather than an ApiError: 2xx unless given. */
  validateStatus?: (status: number) => boolean;
  /** Ends the call early (the site's server bounds its own calls in time). */
  signal?: AbortSignal;
};

/** `headers` is left out by a test's stand-in answer. */
export type ApiResponse<T> = { data: T; status: number; statusText: string; headers?: Headers };

type ConfigWithoutUrl = Omit<RequestConfig, 'url' | 'method' | 'data'>;

const bodyText = (body: unknown): string => {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body.trim();
  return JSON.stringify(body);
};

/** The answer's JSON, or its text when it is not JSON (a proxy's error page), or '' when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function addressOf({ url, params }: RequestConfig): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.size > 0 ? `?${query}` : '';
  return `${api.defaults.baseURL}${url}${search}`;
}

function bodyOf(data: unknown): { body?: BodyInit; type?: string } {
  if (data === undefined) return {};
  if (data instanceof FormData) return { body: data };
  return { body: JSON.stringify(data), type: 'application/json' };
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * The site's calls to the cms, on the browser's fetch. Its surface (get, post, request, answers
 * as { data, status }) is the one the site was written against with axios, which weighed
 * 13 kB gzipped in every page's first script.
 */
export const api = {
  defaults: { baseURL: '/api', withCredentials: true },

  async request<T = unknown>(config: RequestConfig): Promise<ApiResponse<T>> {
    const { body, type } = bodyOf(config.data);
    let response: Response;
    let data: unknown;
    try {
      response = await fetch(addressOf(config), {
        method: config.method ?? 'GET',
        credentials: api.defaults.withCredentials ? 'include' : 'same-origin',
        headers: { Accept: 'application/json', ...(type ? { 'Content-Type': type } : {}), ...config.headers },
        body,
        signal: config.signal,
      });
      data = await readBody(response);
    } catch (error) {
      // fetch rejects only when no answer arrived, or the answer broke off.
      throw new ApiError(null, `Keine Verbindung zum Server (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!(config.validateStatus ?? isSuccess)(response.status)) {
      throw new ApiError(response.status, `${response.status}: ${bodyText(data) || response.statusText}`);
    }
    return { data: data as T, status: response.status, statusText: response.statusText, headers: response.headers };
  },

  // R, as in axios: a test's stand-in answer need not be a whole response.
  get<T = unknown, R = ApiResponse<T>>(url: string, config: ConfigWithoutUrl = {}): Promise<R> {
    return api.request<T>({ ...config, method: 'GET', url }) as Promise<R>;
  },

  post<T = unknown, R = ApiResponse<T>>(url: string, data?: unknown, config: ConfigWithoutUrl = {}): Promise<R> {
    return api.request<T>({ ...config, method: 'POST', url, data }) as Promise<R>;
  },
};
