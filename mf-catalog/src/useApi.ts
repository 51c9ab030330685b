import type { ApiResult } from '@adire/contracts';
import { startTransition, use, useEffect, useState } from 'react';
import { useServerDraw, type Answers } from './ssr/serverDraw';

export type ApiState<T> =
  | { status: 'loading'; /** The answer for an earlier key, kept on screen while the new one loads. */ previous: T | null }
  | { status: 'error'; message: string; httpStatus?: number; retry: () => void }
  | { status: 'ready'; data: T };

/** Answers of this page session, so going back shows a page at once instead of skeletons. */
const cache = new Map<string, unknown>();
const CACHE_LIMIT = 40;
/** "Not found" answers the server drew the page with (a hydrating page shows the same). */
const notFound = new Map<string, string>();

function remember(key: string, data: unknown): void {
  cache.delete(key);
  cache.set(key, data);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
}

/** The answers a server-drawn page was drawn with: its first render uses them, asking nothing again. */
export function seedAnswers(answers: Answers): void {
  for (const [key, answer] of Object.entries(answers)) {
    if ('data' in answer) remember(key, answer.data);
    else if (answer.status === 404) notFound.set(key, answer.error);
  }
}

/** Calls under way: two parts of a page asking for the same key share one request. */
const inflight = new Map<string, Promise<ApiResult<unknown>>>();

function request<T>(key: string, load: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  let pending = inflight.get(key) as Promise<ApiResult<T>> | undefined;
  if (!pending) {
    // Never cancelled when one asker goes away: another may still wait, and the answer is cached.
    pending = load().finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  return pending;
}

export function clearApiCache(): void {
  cache.clear();
  inflight.clear();
  notFound.clear();
}

export function cachedData<T>(key: string): T | null {
  return cache.has(key) ? (cache.get(key) as T) : null;
}

function fromCache<T>(key: string | null, retry: () => void): ApiState<T> | null {
  if (key === null) return null;
  if (cache.has(key)) return { status: 'ready', data: cache.get(key) as T };
  const missing = notFound.get(key);
  return missing === undefined ? null : { status: 'error', message: missing, httpStatus: 404, retry };
}

/** The data to show now: the answer, or the previous one while a new key loads. */
export function shownData<T>(state: ApiState<T>): T | null {
  if (state.status === 'ready') return state.data;
  return state.status === 'loading' ? state.previous : null;
}

/**
 * Load once per key (null: nothing to load yet). A failed call becomes a message with its HTTP status
 * (a 404 is how pages know to say "not found") and a retry; a new key keeps the previous answer.
 * Drawn on the server, the component waits for the answer (the server writes it into the page).
 */
export function useApi<T>(key: string | null, load: () => Promise<ApiResult<T>>): ApiState<T> {
  const server = useServerDraw();
  const [attempt, setAttempt] = useState(0);
  const retryOf = (k: string | null) => () => {
    if (k !== null) notFound.delete(k);
    setEntry({ key: k, state: { status: 'loading', previous: null } });
    setAttempt((n) => n + 1);
  };
  const [entry, setEntry] = useState<{ key: string | null; state: ApiState<T> }>(() => ({
    key,
    state: fromCache<T>(key, retryOf(key)) ?? { status: 'loading', previous: null },
  }));

  useEffect(() => {
    if (key === null) return;
    const cached = fromCache<T>(key, retryOf(key));
    if (cached) {
      setEntry((e) => (e.key === key && e.state.status === cached.status ? e : { key, state: cached }));
      return;
    }
    let live = true;
    void request(key, load).then((res) => {
      if (!live) return;
      if (!res.error && res.data !== null) remember(key, res.data);
      // A transition: React renders the arrived products in slices and keeps the page responsive
      // (a whole grid rendered at once is a long task on a slow phone).
      startTransition(() =>
        setEntry({
          key,
          state:
            res.error || res.data === null
              ? { status: 'error', message: res.message || 'Something went wrong.', httpStatus: res.status, retry: retryOf(key) }
              : { status: 'ready', data: res.data },
        }),
      );
    });
    return () => {
      live = false;
    };
    // `load` and `retryOf` are new closures every render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  if (server && key !== null) {
    const answer = use(server.answer(key, load as () => Promise<ApiResult<unknown>>));
    return 'data' in answer
      ? { status: 'ready', data: answer.data as T }
      : { status: 'error', message: answer.error, httpStatus: answer.status, retry: () => {} };
  }
  if (entry.key === key) return entry.state;
  return fromCache<T>(key, retryOf(key)) ?? { status: 'loading', previous: shownData(entry.state) };
}
