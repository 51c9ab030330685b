import { CURRENCY_NAMES, type CurrencyName, type HandshakeResponse, type PaymentName, type ShopContact, type SiteSettings } from '@adire/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { currentUser, type AuthConfig } from '../account';

import { readSetting } from '../../db/settings';
import type { Mailer } from '../../mail/mailer';
import { devMailRoutes } from './dev-mail';
import { newsletterRoutes } from './newsletter';
import { robotsRoutes } from './robots';

export interface SiteOptions {
  /** True in production: the /dev mail reader is not served. */
  production: boolean;
  /** Base of links sent by mail (unsubscribe, password reset). */
  publicUrl: string;
  /** The payment methods the shop can take now (payments domain), told to the checkout by the handshake. */
  paymentMethods?: PaymentName[];
  /** The shop's rate limits (the newsletter's among them). */
  auth: AuthConfig;
}

/** The handshake answer's first bytes; the user follows, then the shop part. */
const HANDSHAKE_HEAD = Buffer.from('{"data":{"user":');

const businessQuery = {
  type: 'object',
  properties: { business: { type: 'string', maxLength: 100 } },
} as const;

/** Site domain: the handshake every page load starts with, and the shop's contact data. */
export const siteRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; site: SiteOptions }> = async (app, { db, mailer, site }) => {
  await app.register(newsletterRoutes, { db, mailer, publicUrl: site.publicUrl, auth: site.auth });
  await app.register(devMailRoutes, { db, production: site.production });
  await app.register(robotsRoutes, { publicUrl: site.publicUrl });

  /**
   * The handshake's shop part (rates, alerts, delivery and checkout settings) as the answer's last
   * bytes (`,"rates":…}}`, UTF-8), under the stamp it was read at.
   */
  let shopPart: { stamp: string; tail: Buffer } | undefined;
  const readShopPart = async (): Promise<Omit<HandshakeResponse, 'user'>> => {
    const [rates, alertSettings, deliverySettings, checkoutSettings] = await Promise.all([
      db.kysely.selectFrom('currency').select(['name', 'conversion_rate']).execute(),
      readSetting<SiteSettings['alertSettings']>(db.kysely, 'alertSettings'),
      readSetting<SiteSettings['deliverySettings']>(db.kysely, 'deliverySettings'),
      readSetting<NonNullable<SiteSettings['checkoutSettings']>>(db.kysely, 'checkoutSettings'),
    ]);
    const zoneAmounts = deliverySettings?.baseConfig.stateDeliveryZones.flatMap((s) => s.zones.map((z) => z.amount)) ?? [];
    return {
      deliveryZoneAmount: zoneAmounts.length ? Math.min(...zoneAmounts) : 0,
      currencies: rates
        .filter((r): r is { name: CurrencyName; conversion_rate: number } => CURRENCY_NAMES.includes(r.name as CurrencyName))
        .sort((a, b) => CURRENCY_NAMES.indexOf(a.name) - CURRENCY_NAMES.indexOf(b.name))
        .map((r) => ({ name: r.name, conversionRate: Number(r.conversion_rate) })),
      settings: {
        alertSettings: alertSettings ?? { siteWideAlert: '', paymentAlerts: {} },
        deliverySettings: deliverySettings ?? {
          baseConfig: { name: '', description: '', type: 'base', infoTextConfigs: [], minAmount: 0, minAmountInfoText: '', stateDeliveryZones: [], active: false },
          overrideConfigs: [],
        },
        // Same-day cutoffs (orders domain); the checkout falls back to DEFAULT_CHECKOUT_SETTINGS.
        ...(checkoutSettings ? { checkoutSettings } : {}),
        ...(site.paymentMethods ? { paymentMethods: site.paymentMethods } : {}),
      },
    };
  };

  // Kept and tagged by the response cache for requests without a user; with a Bearer token the answer
  // holds the user and is `private, no-store`. The shop part is the same for everyone under one data
  // stamp: read once per stamp (the response cache gives the request its stamp), so a logged-in
  // shopper's handshake costs the session lookup and nothing else.
  // The answer is put together as bytes: the shop part holds characters beyond Latin-1 (the alert's
  // dashes), so a string answer was encoded to UTF-8 whole on every call — a fifth of a logged-in call's
  // instructions (BENCHMARKS.md); now only the user's few hundred bytes are.
  app.get('/v1/storefront/handshake', { schema: { querystring: businessQuery }, config: { responseCache: { audience: 'anonymous' } } }, async (request, reply) => {
    const stamp = request.dataStamp?.key;
    let tail = stamp !== undefined && shopPart?.stamp === stamp ? shopPart.tail : undefined;
    if (tail === undefined) {
      tail = Buffer.from(`,${JSON.stringify(await readShopPart()).slice(1, -1)}}}`);
      if (stamp !== undefined) shopPart = { stamp, tail };
    }
    const user = await currentUser(db, request); // null unless a valid, unexpired, unrevoked Bearer token came
    reply.type('application/json; charset=utf-8');
    // HandshakeResponse with the user first, as the storefront has always received it.
    return Buffer.concat([HANDSHAKE_HEAD, Buffer.from(JSON.stringify(user)), tail]);
  });

  app.get('/v1/storefront/shop', { schema: { querystring: businessQuery }, config: { responseCache: { audience: 'public' } } }, async () => {
    const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
    return { data: contact };
  });
};
