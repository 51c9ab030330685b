import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAccountRoute, isCheckoutRoute } from '@adire/contracts';
import { AnswerStore, compressed, etagOf, ifNoneMatchHits, preferredEncoding, representationTag, type CachedAnswer } from './response-cache';

/**
 * Server-drawn pages kept in process, as the API's public answers are (response-cache.ts): keyed by
 * the URL, the manifest the page carries and the currency, under the data stamp — a change to the
 * catalogue, the settings or the reviews, by any process, starts afresh — and for at most a minute
 * (what the stamp does not see: photos dropped into the media folder, the recommendations' rotation).
 * A hit costs a map lookup; a strong ETag lets a browser revalidate with a 304.
 */
export const PAGE_KEEP_MS = 60_000;
const PAGE_CACHE_BYTES = 16 * 1024 * 1024;
/** Pages are small next to the shell's scripts; compress them as the API answers are. */
const COMPRESS_FROM_BYTES = 1024;

export interface KeptPage extends CachedAnswer {
  key: string;
  status: number;
  keptAt: number;
}

/**
 * The page's key: its URL, the manifest it carries as JSON (every part's live version and where its
 * files are served from: a repointed CDN origin is another page), the currency cookie it was asked
 * with ('none': drawn in naira, with the time zone's pre-paint script instead of the cookie's), and
 * whether it was drawn for `Save-Data: on` (issue 42, item 4: smaller pictures; never the other's page).
 */
export const pageCacheKey = (url: string, manifestJson: string, currency: string, saveData = false) =>
  `${url}\n${manifestJson}\n${currency}${saveData ? '\nsave-data' : ''}`;

/**
 * What a drawn page varies on: the cookies (the currency, a canary's bucket) and `Save-Data` (the
 * pictures it offers). A shared cache keeps one copy for each.
 */
export const PAGE_VARY = 'Cookie, Save-Data';

/**
 * A page drawn with one shopper's data: the checkout's pages (the order of `/checkout?orderId=` is
 * written into it), and the account's pages (issue 33: drawn in the browser, but never kept either).
 * Sent `Cache-Control: private, no-store`, without an ETag, and never kept here.
 */
export const isShopperPage = (pathname: string) => isCheckoutRoute(pathname) || isAccountRoute(pathname);

export class PageCache {
  private readonly store = new AnswerStore(PAGE_CACHE_BYTES);

  constructor(private readonly now: () => number = Date.now) {}

  get(stamp: string, key: string): KeptPage | undefined {
    this.store.advance(stamp);
    const page = this.store.get(key) as KeptPage | undefined;
    return page && this.now() - page.keptAt < PAGE_KEEP_MS ? page : undefined;
  }

  put(stamp: string, key: string, html: string, status: number): KeptPage {
    const body = Buffer.from(html);
    const page: KeptPage = { key, body, etag: etagOf(body), status, keptAt: this.now() };
    this.store.advance(stamp);
    this.store.put(stamp, key, page);
    return page;
  }

  /** A 304 for a matching If-None-Match, else the page in the coding the browser prefers. */
  send(request: FastifyRequest, reply: FastifyReply, page: KeptPage) {
    const encoding = page.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    reply.header('etag', representationTag(page.etag, encoding)).header('vary', `${PAGE_VARY}, Accept-Encoding`);
    if (page.status === 200 && ifNoneMatchHits(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    reply.status(page.status).type('text/html; charset=utf-8');
    if (!encoding) return reply.send(page.body);
    const had = page[encoding] !== undefined;
    const bytes = compressed(page, encoding);
    if (!had) this.store.grew(page.key, bytes.length);
    return reply.header('content-encoding', encoding).send(bytes);
  }
}
