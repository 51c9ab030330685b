import {
  BUSINESS,
  readStored,
  type ApiErrorBody,
  type ApiResult,
  type User,
} from '@adire/contracts';

export interface ApiClientConfig {
  /** Where the API lives; '' means the store's own origin (the embedded default). */
  baseURL: string;
  timeoutMs: number;
  /** How requests go out; the browser's fetch unless the server gives its own (a server draw asks in process). */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** A bearer token of the caller's own (the back office's staff session) instead of the stored shopper's; null sends none. */
  token?: string | null;
  /** Let the request outlive the page (sent as the page is left: `fetch`'s keepalive, bodies up to 64 KB). */
  keepalive?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Failure = ApiResult<never>;

export const NETWORK_ERROR_MESSAGE = 'Could not reach the shop. Please check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The shop took too long to answer. Please try again.';
/** A 5xx without the server's own message (a proxy's or load balancer's error page). */
export const serverTroubleMessage = (status: number) => `The shop is having trouble answering (error ${status}). Please try again in a moment.`;

/** A 4xx/5xx answer as the result shape of SPEC section 8: the server's message when it sent one. */
export function toFailure(status: number, body: unknown): Failure {
  const parsed = body && typeof body === 'object' ? (body as Partial<ApiErrorBody>) : undefined;
  return {
    error: true,
    message: typeof parsed?.message === 'string' ? parsed.message : status >= 500 ? serverTroubleMessage(status) : `Request failed with status ${status}`,
    data: null,
    status,
    code: parsed?.code,
    fields: parsed?.fields,
    ...(parsed?.details && typeof parsed.details === 'object' ? { details: parsed.details } : {}),
  };
}

function withBusiness(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) return { ...body, business: BUSINESS };
  return body ?? {};
}

function queryString(query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, business: BUSINESS })) {
    if (value !== undefined) params.append(key, String(value));
  }
  return params.toString();
}

async function readJson(res: Response): Promise<unknown> {
  try {
    return JSON.parse(await res.text()) as unknown;
  } catch {
    return undefined; // an empty or non-JSON body (a proxy's HTML error page)
  }
}

/**
 * The shop's HTTP client, on the browser's own fetch (no library to download): every request
 * carries the business id and the stored user's token, and resolves — never throws.
 */
export function createApiClient(initial: Partial<ApiClientConfig> = {}) {
  const config: ApiClientConfig = { baseURL: '', timeoutMs: 15_000, ...initial };
  const instanceId = Math.random().toString(36).slice(2);

  async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const token = options.token !== undefined ? options.token : readStored<User>('user')?.authToken;
    // A DELETE sends a body only when given one (deleting an account sends the password).
    const sendsBody = method !== 'GET' && (method !== 'DELETE' || options.body !== undefined);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (sendsBody) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    // One controller for both the caller's signal and the timeout, so either ends the request.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.timeoutMs);
    const abort = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', abort);
    try {
      const res = await (config.fetch ?? fetch)(`${config.baseURL}${path}?${queryString(options.query)}`, {
        method,
        headers,
        body: sendsBody ? JSON.stringify(withBusiness(options.body)) : undefined,
        signal: controller.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
      const body = await readJson(res);
      if (!res.ok) return toFailure(res.status, body);
      const data = body && typeof body === 'object' ? (body as { data?: T }).data : undefined;
      return { error: false, message: '', data: data ?? null, status: res.status };
    } catch {
      return { error: true, message: timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, data: null };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    }
  }

  return {
    instanceId,
    configure(next: Partial<ApiClientConfig>) {
      Object.assign(config, next);
    },
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The shop's one client, shared as a Module Federation singleton. */
export const api: ApiClient = createApiClient();
