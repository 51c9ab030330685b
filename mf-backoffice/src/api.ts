import { api, NETWORK_ERROR_MESSAGE, toFailure } from '@adire/api-client';
import { BACKOFFICE_PATHS, BUSINESS, type ApiResult } from '@adire/contracts';
import { useSession } from './session';

/**
 * The back office's own API (each server domain's staff routes, under the contracts' BACKOFFICE_API):
 * its paths, answers and request bodies are all @adire/contracts' (BACKOFFICE_PATHS names each path's
 * shapes), never copied here.
 */
export const paths = BACKOFFICE_PATHS;

type Query = Record<string, string | number | boolean | undefined>;

/** A call with the staff session's token (never the shopper's); a session the server ended signs out. */
async function call<T>(run: (token: string | null) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const token = useSession.getState().session?.token ?? null;
  const result = await run(token);
  if (result.error && result.status === 401 && token) useSession.getState().signOut();
  return result;
}

/**
 * `T`: the answer's contracts type. A query's or body's contracts type is named too (`Q`, `Body`): a call
 * with a query or a body but not its type does not compile, so what is sent is the shape the route reads.
 */
export const staffApi = {
  get: <T, Q extends object = never>(path: string, query?: Q, signal?: AbortSignal) => call<T>((token) => api.get<T>(path, { query: query as Query | undefined, token, signal })),
  post: <T, Body extends object = never>(path: string, body?: Body) => call<T>((token) => api.post<T>(path, body ?? {}, { token })),
  put: <T, Body extends object>(path: string, body: Body) => call<T>((token) => api.put<T>(path, body, { token })),
};
/**
 * A multipart/form-data upload (an order's photo, issue 40): the one client speaks JSON only, and a shell
 * one release behind provides it, so the back office sends a form itself — same origin, the staff token,
 * `?business=` in the query, the answer read as the client reads one.
 */
export async function staffUpload<T>(path: string, form: FormData): Promise<ApiResult<T>> {
  return call<T>(async (token) => {
    try {
      const res = await fetch(`${path}?business=${BUSINESS}`, { method: 'POST', body: form, headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) return toFailure(res.status, body);
      return { error: false, message: '', data: ((body as { data?: T } | undefined)?.data ?? null) as T | null, status: res.status } as ApiResult<T>;
    } catch {
      return { error: true, message: NETWORK_ERROR_MESSAGE, data: null } as ApiResult<T>;
    }
  });
}
