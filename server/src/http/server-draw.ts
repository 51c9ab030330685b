import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  API_PATHS,
  BUSINESS,
  CURRENCY_COOKIE,
  SERVER_DRAW_FILE,
  type Currency,
  type CurrencyName,
  type FrameDrawn,
  type FrameDrawRequest,
  type HandshakeResponse,
  type RegionDrawn,
  type RegionDrawRequest,
} from '@adire/contracts';
import { currenciesFromRates } from '@adire/domain';

/**
 * Server rendering from the live releases. Each release that draws on the server ships
 * `server/draw.mjs`; it is imported from its immutable folder once per version (never from the
 * workspace sources) and asks the API in process. A draw that throws or overruns its budget leaves
 * its part to the browser: the page is still served, never a 5xx.
 */

type DrawModule<Req, Res> = { draw(request: Req): Promise<Res> };
export type FrameModule = DrawModule<FrameDrawRequest, FrameDrawn>;
export type RegionModule = DrawModule<RegionDrawRequest, RegionDrawn>;

/** Server time a draw may take before its part is left to the browser (issue 16: 100 ms). */
export const DEFAULT_DRAW_BUDGET_MS = 100;

/** The release modules that draw on the server, each imported once per target and version. */
export class DrawModules {
  private readonly loaded = new Map<string, Promise<DrawModule<unknown, unknown> | null>>();

  constructor(
    private readonly releasesDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The module of one release; null when the release has none (an older one) or it does not load. */
  get<M>(target: string, version: string): Promise<M | null> {
    const key = `${target}/${version}`;
    let module = this.loaded.get(key);
    if (!module) {
      const file = path.join(this.releasesDir, target, version, SERVER_DRAW_FILE);
      module = fs.existsSync(file)
        ? import(pathToFileURL(file).href).then(
            (m: { draw?: unknown }) => (typeof m.draw === 'function' ? (m as DrawModule<unknown, unknown>) : null),
            (err: unknown) => {
              this.log.error({ err, target, version }, 'a release server draw module did not load; the browser draws its part');
              return null;
            },
          )
        : Promise.resolve(null);
      this.loaded.set(key, module);
    }
    return module as Promise<M | null>;
  }
}

/**
 * A draw raced against its budget. `inTime`: its result within `budgetMs`, or null (logged) when it
 * throws or overruns. `finished`: its result whenever it ends — an overrun goes on for up to
 * `finishMs` more before it is aborted (0: aborted at once) — so that a page cache can keep the whole
 * drawing that one shopper could not wait for, and the next shopper gets it without drawing again.
 */
export function drawWithin<T>(
  what: string,
  budgetMs: number,
  finishMs: number,
  log: FastifyBaseLogger,
  run: (signal: AbortSignal) => Promise<T>,
): { inTime: Promise<T | null>; finished: Promise<T | null> } {
  const controller = new AbortController();
  let budgetTimer: ReturnType<typeof setTimeout> | undefined;
  let finishTimer: ReturnType<typeof setTimeout> | undefined;
  const finished = run(controller.signal).then(
    (drawn) => drawn,
    (err: unknown) => {
      if (!controller.signal.aborted) log.warn({ err, what }, 'a server draw failed; the browser draws that part');
      return null;
    },
  );
  const inTime = new Promise<T | null>((resolve) => {
    budgetTimer = setTimeout(() => {
      log.warn({ what, budgetMs }, 'a server draw overran its budget; the browser draws that part');
      if (finishMs > 0) finishTimer = setTimeout(() => controller.abort(), finishMs);
      else controller.abort();
      resolve(null);
    }, budgetMs);
    void finished.then(resolve);
  });
  void finished.then(() => {
    clearTimeout(budgetTimer);
    clearTimeout(finishTimer);
  });
  return { inTime, finished };
}

/** A draw's result within its budget, or null (logged) when it throws or overruns (and is aborted). */
export function withinBudget<T>(what: string, budgetMs: number, log: FastifyBaseLogger, run: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
  return drawWithin(what, budgetMs, 0, log, run).inTime;
}

/** The shopper's currency name from the cookie the shell keeps beside local storage. */
export function currencyFromCookie(header: string | undefined): CurrencyName | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CURRENCY_COOKIE && (value === 'NGN' || value === 'USD' || value === 'GBP')) return value;
  }
  return null;
}

/** The header on the API calls the server's own draw makes (a page's search is counted once, as the page: issue 43). */
export const DRAW_HEADER = 'x-adire-draw';

/**
 * A fetch answered by this server's own routes in process (no socket): the draw's calls go through
 * the same hooks, validation and answer cache as a browser's.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const headers: Record<string, string> = { [DRAW_HEADER]: '1' };
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 304 || res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers: out });
  }) as typeof fetch;
}

/** The currencies with the shop's rates (the handshake's, as every shopper gets them). */
export async function shopCurrencies(ask: typeof fetch): Promise<Currency[]> {
  try {
    const res = await ask(`${API_PATHS.handshake}?business=${BUSINESS}`);
    const body = (await res.json()) as { data?: HandshakeResponse };
    return currenciesFromRates(body.data?.currencies);
  } catch {
    return currenciesFromRates(undefined);
  }
}
