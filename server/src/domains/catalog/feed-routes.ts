/**
 * `GET /feeds/google-merchant.xml` and `GET /feeds/meta-catalog.csv` (`?currency=NGN|USD|GBP`, naira
 * by default): public, kept by the response cache under the data stamp (a catalogue, price or rate
 * change makes them afresh) and the dropped-in photos their picture links name, with a strong ETag
 * (304 on revalidation) and brotli/gzip made once, as the catalogue's JSON answers are.
 */
import { CURRENCY_NAMES, FEED_PATHS, type Currency, type CurrencyName } from '@adire/contracts';
import { currenciesFromRates } from '@adire/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import { currentSettings } from '../site';
import { feedItems, GOOGLE_FEED_CONTENT_TYPE, googleMerchantXml, META_FEED_CONTENT_TYPE, metaCatalogCsv } from './feeds';
import type { CatalogIndexCache } from './index-cache';
import type { CatalogContext } from './service';

const query = { type: 'object', properties: { currency: { type: 'string', maxLength: 20 } } } as const;

/** The currency's name as asked for, normalised (naira without one). */
const currencyName = (raw: string | undefined) => (raw ?? 'NGN').trim().toUpperCase();

/**
 * A feed is kept under its path and normalised currency only (issue 38, P6): 80 `fbclid` values were
 * 80 builds of the 410 KB answer. The query's other parameters change nothing in it.
 */
const feedKey =
  (path: string) =>
  (request: { url: string; query: unknown }): string => {
    // Read before the query is checked: anything but one currency (`?currency=a&currency=b`) keeps its own URL (and gets its 400).
    const raw: unknown = (request.query as { currency?: unknown } | null)?.currency;
    return raw === undefined || typeof raw === 'string' ? `${path}?currency=${encodeURIComponent(currencyName(raw))}` : request.url;
  };

/** The currency asked for, with the shop's current rate; a clear 400 for any other. */
async function feedCurrency(ctx: CatalogContext, raw: string | undefined): Promise<Currency> {
  const name = currencyName(raw);
  if (!CURRENCY_NAMES.includes(name as CurrencyName)) {
    const reason = `must be one of ${CURRENCY_NAMES.join(', ')}`;
    throw badRequest(`The currency '${String(raw).slice(0, 20)}' is not one the shop sells in: currency ${reason}`, { currency: reason });
  }
  const { rates } = await currentSettings(ctx.db.kysely);
  const currencies = currenciesFromRates(Object.entries(rates).map(([n, conversionRate]) => ({ name: n, conversionRate })));
  return currencies.find((c) => c.name === name)!;
}

export function registerFeedRoutes(app: FastifyInstance, { ctx, indexes, publicUrl, extraVersion }: { ctx: CatalogContext; indexes: CatalogIndexCache; publicUrl: string; extraVersion: () => string }): void {
  const items = async (request: FastifyRequest) => {
    const currency = await feedCurrency(ctx, (request.query as { currency?: string }).currency);
    return feedItems(ctx, await indexes.get(request.dataStamp?.catalog), publicUrl, currency);
  };
  app.get(FEED_PATHS.googleMerchant, { schema: { querystring: query }, config: { responseCache: { audience: 'public', extraVersion, contentType: GOOGLE_FEED_CONTENT_TYPE, keyOf: feedKey(FEED_PATHS.googleMerchant) } } }, async (request, reply) => {
    const xml = googleMerchantXml(await items(request), publicUrl);
    return reply.type(GOOGLE_FEED_CONTENT_TYPE).send(xml);
  });
  app.get(FEED_PATHS.metaCatalog, { schema: { querystring: query }, config: { responseCache: { audience: 'public', extraVersion, contentType: META_FEED_CONTENT_TYPE, keyOf: feedKey(FEED_PATHS.metaCatalog) } } }, async (request, reply) => {
    const csv = metaCatalogCsv(await items(request));
    return reply.type(META_FEED_CONTENT_TYPE).send(csv);
  });
}
