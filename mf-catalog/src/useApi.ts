import type { ApiResult } from '@adire/contracts';
import { startTransition, useEffect, useState } from 'react';

export type ApiState<T> =
  | { status: 'loading'; /** The answer for an earlier key, kept on screen while the new one loads. */ previous: T | null }
  | { status: 'error'; message: string; httpStatus?: number; retry: () => void }
  | { status: 'ready'; data: T };

/** Answers of this page session, so going back shows a page at once instead of skeletons. */
const cache = new Map<string, unknown>();
const CACHE_LIMIT = 40;

function remember(key: string, data: unknown): void {
  cache.delete(key);
  cache.set(key, data);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
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
}

function fromCache<T>(key: string | null): ApiState<T> | null {
  return key !== null && cache.has(key) ? { status: 'ready', data: cache.get(key) as T } : null;
}

/** The data to show now: the answer, or the previous one while a new key loads. */
export function shownData<T>(state: ApiState<T>): T | null {
  if (state.status === 'ready') return state.data;
  return state.status === 'loading' ? state.previous : null;
}

/**
 * Load once per key (null: nothing to load yet). A failed call becomes a message with its HTTP status
 * (a 404 is how pages know to say "not found") and a retry; a new key keeps the previous answer.
 */
export function useApi<T>(key: string | null, load: () => Promise<ApiResult<T>>): ApiState<T> {
  const [entry, setEntry] = useState<{ key: string | null; state: ApiState<T> }>(() => ({
    key,
    state: fromCache<T>(key) ?? { status: 'loading', previous: null },
  }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const cached = fromCache<T>(key);
    if (cached) {
      setEntry((e) => (e.key === key && e.state.status === 'ready' ? e : { key, state: cached }));
      return;
    }
    let live = true;
    void request(key, load).then((res) => {
      if (!live) return;
      if (!res.error && res.data !== null) remember(key, res.data);
      const retry = () => {
        setEntry({ key, state: { status: 'loading', previous: null } });
        setAttempt((n) => n + 1);
      };
      // A transition: React renders the arrived products in slices and keeps the page responsive
      // (a whole grid rendered at once is a long task on a slow phone).
      startTransition(() =>
        setEntry({
          key,
          state:
            res.error || res.data === null
              ? { status: 'error', message: res.message || 'Something went wrong.', httpStatus: res.status, retry }
              : { status: 'ready', data: res.data },
        }),
      );
    });
    return () => {
      live = false;
    };
    // `load` is a new closure every render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  if (entry.key === key) return entry.state;
  return fromCache<T>(key) ?? { status: 'loading', previous: shownData(entry.state) };
}
