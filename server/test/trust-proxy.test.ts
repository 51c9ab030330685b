import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { parseTrustProxy } from '../src/http/security';
import { startTestShop, type TestShop } from './helpers';

/**
 * TRUST_PROXY behind the shipped nginx (issue 32, item 10): nginx appends the address it saw to the
 * client's own X-Forwarded-For (`$proxy_add_x_forwarded_for`), so whatever a client writes there comes
 * first. Named by its address, the proxy's entry is the only one believed: the client is the address
 * nginx appended, and a forged header changes nothing. With `true` every entry is believed, the first
 * (the client's own words) wins, and each forged value is a new client to every per-IP limit.
 */

const LIMIT = 3;
const auth = authConfigWith({ limits: { loginPerIp: { max: LIMIT, windowMs: 10 * 60_000 }, loginPerAddress: { max: 100, windowMs: 15 * 60_000 } } });
let byAddress: TestShop;
let trustingAll: TestShop;

beforeAll(async () => {
  // As deploy/nginx.conf.template and `pnpm scale` run the instances.
  byAddress = await startTestShop({ auth, config: { trustProxy: parseTrustProxy('127.0.0.1') } });
  trustingAll = await startTestShop({ auth, config: { trustProxy: parseTrustProxy('true') } });
});
afterAll(async () => {
  await byAddress.close();
  await trustingAll.close();
});

/** A wrong login from the shopper 203.0.113.9 through nginx on 127.0.0.1, with a forged header of the shopper's own. */
const throughNginx = (shop: TestShop, forged: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/v1/storefront/auth/login',
    payload: { business: 'adire-blooms', email: `someone${forged}@example.com`, password: 'wrong-password' },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `10.66.${forged}.1, 203.0.113.9` },
  });

describe('TRUST_PROXY behind a proxy that appends to X-Forwarded-For (issue 32, item 10)', () => {
  it("named by the proxy's address: the client is the address nginx saw, a forged header does not escape the per-IP limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await throughNginx(byAddress, String(i))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('`true`: the forged first entry is believed, so every forged value is a fresh client and the limit never holds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await throughNginx(trustingAll, String(i))).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });
});
