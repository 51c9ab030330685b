import type { ApiResult } from '@adire/contracts';
import { createContext, useContext } from 'react';

/**
 * One answer a first screen used, as the server writes it into the page: the data, or — only for
 * "not found" — the failure, so the browser draws the same not-found page without asking again.
 */
export type Answer = { data: unknown } | { error: string; status: number };
export type Answers = Record<string, Answer>;

/** What a page tells the server about itself while it is drawn there. */
export interface PageMeta {
  title: string | null;
  description: string | null;
  notFound: boolean;
}

/**
 * Present only while the server draws a page: where answers come from (each key loaded once per
 * draw, shared by every component that asks) and where the page's title and status go. The
 * browser never has one.
 */
export interface ServerDraw {
  answer(key: string, load: () => Promise<ApiResult<unknown>>): Promise<Answer>;
  meta: PageMeta;
  /** Where shoppers reach the store (PUBLIC_URL): the links a page shares are absolute. */
  origin?: string;
}

export const ServerDrawContext = createContext<ServerDraw | null>(null);

export function useServerDraw(): ServerDraw | null {
  return useContext(ServerDrawContext);
}

/** An answer as the page keeps it: data, a not-found, or (any other failure) nothing — the draw is given up. */
export function toAnswer(res: ApiResult<unknown>): Answer | null {
  if (!res.error && res.data !== null) return { data: res.data };
  if (res.status === 404) return { error: res.message || 'Not found', status: 404 };
  return null;
}
