import {
  BUSINESS,
  readStored,
  type ApiErrorBody,
  type ApiResult,
  type User,
} from '@adire/contracts';
import axios, { AxiosError, type AxiosInstance, type Method } from 'axios';

export interface ApiClientConfig {
  /** Where the API lives; '' means the store's own origin (the embedded default). */
  baseURL: string;
  timeoutMs: number;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the shop. Please check your connection and try again.';

/** Turn any thrown axios error into the result shape of SPEC section 8. */
export function toFailure(err: unknown): ApiResult<never> & { code?: string; fields?: Record<string, string> } {
  if (err instanceof AxiosError && err.response) {
    const body = err.response.data as Partial<ApiErrorBody> | string | undefined;
    const message =
      typeof body === 'object' && body && typeof body.message === 'string'
        ? body.message
        : `Request failed with status ${err.response.status}`;
    return {
      error: true,
      message,
      data: null,
      status: err.response.status,
      code: typeof body === 'object' && body ? body.code : undefined,
      fields: typeof body === 'object' && body ? body.fields : undefined,
    };
  }
  if (err instanceof AxiosError && err.code === AxiosError.ECONNABORTED) {
    return { error: true, message: 'The shop took too long to answer. Please try again.', data: null };
  }
  return { error: true, message: NETWORK_ERROR_MESSAGE, data: null };
}

function withBusiness(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) return { ...body, business: BUSINESS };
  return body ?? {};
}

export function createApiClient(initial: Partial<ApiClientConfig> = {}) {
  const config: ApiClientConfig = { baseURL: '', timeoutMs: 15_000, ...initial };
  const http: AxiosInstance = axios.create({ headers: { Accept: 'application/json' } });
  const instanceId = Math.random().toString(36).slice(2);

  async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const token = readStored<User>('user')?.authToken;
    const sendsBody = method !== 'GET' && method !== 'DELETE';
    try {
      const res = await http.request<{ data: T }>({
        method,
        url: config.baseURL + path,
        params: { ...options.query, business: BUSINESS },
        data: sendsBody ? withBusiness(options.body) : undefined,
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
        timeout: config.timeoutMs,
        signal: options.signal,
      });
      return { error: false, message: '', data: res.data?.data ?? null, status: res.status };
    } catch (err) {
      return toFailure(err);
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
