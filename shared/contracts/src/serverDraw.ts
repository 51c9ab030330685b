import type { HandshakeResponse } from './api';
import type { Category, Currency, ShopContact } from './entities';

/**
 * Server rendering: each release that draws on the server ships `server/draw.mjs` in its immutable
 * folder, beside its browser files. The server imports the live release's module (once per version)
 * and calls `draw`; the browser hydrates what it drew with the same release.
 */
export const SERVER_DRAW_FILE = 'server/draw.mjs';

/** The id of the JSON element that carries what the first screen was drawn with. */
export const PAGE_DATA_ELEMENT_ID = 'adire-page-data';

/**
 * Marks a part of a drawn page whose controls wait for their scripts (the shell's frame, a drawn
 * region) while it hydrates; removed once it runs. A tap on a control inside is kept by the page's
 * early-tap script (server: http/page.ts) and made again when the mark goes (issue 31, item 2).
 */
export const UNTIL_RUNNING_ATTRIBUTE = 'data-until-running';

/** The cookie beside local storage that tells the server the shopper's currency. */
export const CURRENCY_COOKIE = 'adire_currency';

/** What a route-owning remote is asked to draw. */
export interface RegionDrawRequest {
  /** Path and query of the page. */
  url: string;
  /** Where shoppers reach the store (PUBLIC_URL), for canonical and Open Graph addresses. */
  origin: string;
  /** How the draw asks the API: this server's own routes, answered in process (and from its cache). */
  fetch: typeof fetch;
  currency: Currency;
  /** Aborted when the draw overruns its budget. */
  signal: AbortSignal;
  /** The shopper's browser sent `Save-Data: on` (issue 42, item 4): pictures no larger than they need be. */
  saveData?: boolean;
}

export interface RegionDrawn {
  html: string;
  status: number;
  /** The answers the region was drawn with (keyed as the region's own data layer keys them). */
  answers: Record<string, unknown>;
  /** Tags for the page's <head> (title, description, canonical, Open Graph, JSON-LD). */
  head: string;
}

/** The shop-wide data the shell's frame is drawn with; the same is written into the page. */
export interface FrameData {
  handshake: Pick<HandshakeResponse, 'currencies' | 'settings' | 'deliveryZoneAmount'> | null;
  categories: Category[] | null;
  contact: ShopContact | null;
}

export interface FrameDrawRequest {
  url: string;
  fetch: typeof fetch;
  currency: Currency;
  signal: AbortSignal;
}

export interface FrameDrawn {
  /** The frame, with `<!--adire-region:catalog-->`-style markers where each route region's HTML goes. */
  html: string;
  data: FrameData;
  /** 404 for a path no part of the store answers (the frame then shows "Page not found"). */
  status: number;
}

/** Where a route region's server HTML goes in the frame. */
export const regionMarker = (region: string) => `<!--adire-region:${region}-->`;

/** What the page carries for the browser: the frame's data, each drawn region's answers, the currency used. */
export interface PageData {
  /** The currency the page's prices were drawn in (the browser's first render uses the same). */
  currency: Currency;
  frame?: FrameData;
  regions: Partial<Record<string, { version: string; answers: Record<string, unknown> }>>;
  /** Drawn for a browser that sent `Save-Data: on`: the browser's first render draws the same way. */
  saveData?: true;
}

/**
 * Whether a request's `Save-Data` header asks to spend less data (issue 42, item 4): `on`, any case,
 * with or without spaces around it (the header's only token; anything else is no request).
 */
export function savesData(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && value.trim().toLowerCase() === 'on';
}

/** What the browser says about the shopper's data plan (the contracts compile without the DOM's types). */
export interface DataSignals {
  connection?: { saveData?: boolean };
  matchMedia?: (query: string) => { matches: boolean };
  /** What the server drew the page with (readPageData): `saveData` when the request said `Save-Data: on`. */
  pageData?: Pick<PageData, 'saveData'> | null;
}

/**
 * Whether the shopper asks to spend less data (issue 42, item 4), in the browser: the page was drawn
 * for `Save-Data: on`, or the browser's Save-Data setting (`navigator.connection.saveData`, the same
 * one that sends the header), or the `prefers-reduced-data` media feature. The shell (no prefetch) and
 * the catalogue (smaller pictures) ask this one question.
 */
export function wantsLessData(signals: DataSignals = browserDataSignals()): boolean {
  if (signals.pageData?.saveData || signals.connection?.saveData) return true;
  try {
    return Boolean(signals.matchMedia?.('(prefers-reduced-data: reduce)').matches);
  } catch {
    return false;
  }
}

function browserDataSignals(): DataSignals {
  const g = globalThis as { navigator?: { connection?: { saveData?: boolean } }; matchMedia?: (query: string) => { matches: boolean } };
  return {
    connection: g.navigator?.connection,
    matchMedia: typeof g.matchMedia === 'function' ? (q) => g.matchMedia!(q) : undefined,
    pageData: readPageData(),
  };
}

/** What the server wrote into the page it drew (null: it drew nothing, or the element is unreadable). */
/** Anything with getElementById (the document; the contracts compile without the DOM's types too). */
interface ElementFinder {
  getElementById(id: string): { textContent: string | null } | null;
}

export function readPageData(doc: ElementFinder | undefined = (globalThis as { document?: ElementFinder }).document): PageData | null {
  const text = doc?.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as PageData;
    return data && typeof data === 'object' && data.currency && typeof data.regions === 'object' ? data : null;
  } catch {
    return null;
  }
}
