import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issuePageToken, PAGE_TOKEN_TTL_MS } from '../src/release/testing';
import { formatStatus } from '../src/release';
import { hourOf, pageSecret, pruneTelemetry, signedBucket, VITALS_WINDOW_HOURS } from '../src/release/testing';
import { startTestShop, type TestShop } from './helpers';

/**
 * Reports a served page stands behind (issue 32 item 2) and vitals per release (issue 31 item 3),
 * through the store's own front doors: the page's response gives the token, the telemetry endpoint
 * takes reports with it. The clock is the test's.
 */
let shop: TestShop;
let now = Date.UTC(2025, 5, 10, 9, 0, 0);
let stable = '';
let canary = '';
const MIN = 5;
const URL_ = '/v1/telemetry/releases?business=adire-blooms';

function build(content: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-tel-'));
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), content);
  return dist;
}
const publish = (content: string, storeOnly = false) =>
  shop.registry.publish({ remote: 'cart', distDir: build(content), packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0', storeOnly });

/** A client's address: each page load from one of its own unless a test says whose it is. */
let client = 0;
const newAddress = () => `10.1.${Math.floor(++client / 250) % 250}.${client % 250}`;

/** A page load of a browser in `bucket` (0–49 get the canary at 50%; the store signed its cookie): the token from its response. */
async function pageToken(bucket: number, remoteAddress = newAddress()): Promise<string> {
  const res = await shop.app.inject({ url: '/', headers: { cookie: `adire_canary=${signedBucket(await pageSecret(shop.db), bucket)}` }, remoteAddress });
  expect(res.statusCode).toBe(200);
  const token = /adire-page;desc="([^"]+)"/.exec(String(res.headers['server-timing']))?.[1];
  expect(token, String(res.headers['server-timing'])).toBeTruthy();
  return token!;
}
/** A report as a beacon sends it, each from an address of its own (the per-address limit is not what stops an attack). */
let address = 0;
const send = (body: unknown) =>
  shop.app.inject({ method: 'POST', url: URL_, headers: { 'content-type': 'text/plain' }, payload: JSON.stringify(body), remoteAddress: `10.0.${Math.floor(++address / 250) % 250}.${address % 250}` });
const failed = (version: string, n = 1) => Array.from({ length: n }, () => ({ remote: 'cart', version, kind: 'failed' }));
const health = async () => (await shop.registry.status(now)).canaries.find((c) => c.target === 'cart');
const lastChange = async () => (await shop.registry.status(now)).history.at(-1)!;

beforeAll(async () => {
  shop = await startTestShop({
    shell: true,
    clock: () => now,
    config: { canary: { minPageLoads: MIN, minClients: MIN, errorMargin: 0.05, inpMarginMs: 100, lcpMarginMs: 500, vitalsSamplePercent: 100, reportsPerMinute: 30 } },
  });
  stable = (await publish('stable cart')).version;
}, 60_000);
afterAll(async () => shop.close());

let round = 0;
beforeEach(async () => {
  // Each test its own canary (a fresh one starts its counts afresh), half of the browsers in it.
  if ((await shop.registry.served()).canary?.cart) await shop.registry.abort('cart');
  canary = (await publish(`canary cart ${++round}`, true)).version;
  await shop.registry.canary('cart', canary, 50);
  now += 2 * 3_600_000 * VITALS_WINDOW_HOURS; // the last test's vitals are out of the window
});

describe('reports a served page stands behind', () => {
  it('a page’s token names the bucket and the versions it was served, and no two page loads share one', async () => {
    const a = await pageToken(3);
    const b = await pageToken(3);
    expect(a).not.toBe(b);
    const payload = JSON.parse(Buffer.from(a.split('.')[0]!, 'base64url').toString());
    expect(payload).toMatchObject({ b: 3, s: 1, v: { cart: canary }, e: now + PAGE_TOKEN_TTL_MS });
    expect(JSON.parse(Buffer.from((await pageToken(80)).split('.')[0]!, 'base64url').toString()).v.cart).toBe(stable);
  });

  it('refuses tokenless, forged, expired and replayed reports, and counts one page load per report kind', async () => {
    expect((await send({ events: failed(canary) })).json()).toMatchObject({ code: 'BAD_TOKEN' });
    const token = await pageToken(1);
    expect((await send({ token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), events: failed(canary) })).statusCode).toBe(403);
    const forged = issuePageToken('not-the-store-secret', { versions: { cart: canary }, bucket: 1, sampled: true, now });
    expect((await send({ token: forged, events: failed(canary) })).json()).toMatchObject({ code: 'BAD_TOKEN' });
    // Twenty failures in one report are one page load; the same report again is a replay.
    expect((await send({ token, events: failed(canary, 20) })).statusCode).toBe(204);
    expect((await send({ token, events: failed(canary, 20) })).json()).toMatchObject({ code: 'REPLAYED' });
    expect((await health())!.canary).toMatchObject({ pageLoads: 1, failures: 1 });
    // Expired: half an hour after its page was served.
    const old = await pageToken(2);
    now += PAGE_TOKEN_TTL_MS;
    expect((await send({ token: old, events: failed(canary) })).json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect((await health())!.canary).toMatchObject({ pageLoads: 1, failures: 1 });
  });

  it('refuses a report on a version its page did not run, and counts nothing of it', async () => {
    const res = await send({ token: await pageToken(1), events: [{ remote: 'cart', version: stable, kind: 'failed' }] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_SERVED' });
    expect((await health())!.stable).toMatchObject({ pageLoads: 0, failures: 0 });
  });

  it('the attack of issue 32: tokenless failures no longer abort a canary, nor do reports on stable protect a failing one', async () => {
    for (let i = 0; i < 3; i++) expect((await send({ events: failed(canary, 20) })).statusCode).toBe(403);
    for (let i = 0; i < 60; i++) expect((await send({ events: failed(stable) })).statusCode).toBe(403);
    expect((await shop.registry.served()).canary?.cart?.version).toBe(canary);
    expect(await health()).toMatchObject({ canary: { pageLoads: 0 }, stable: { pageLoads: 0 } });
    // Canary pages reporting failures on the stable version (to protect the canary) are refused too.
    for (let i = 0; i < 3; i++) expect((await send({ token: await pageToken(1), events: failed(stable) })).json()).toMatchObject({ code: 'NOT_SERVED' });
  });

  it('a canary that really fails on its own pages is still aborted automatically, with the reason', async () => {
    for (let i = 0; i < MIN; i++) expect((await send({ token: await pageToken(90), events: [{ remote: 'cart', version: stable, kind: 'loaded' }] })).statusCode).toBe(204);
    for (let i = 0; i < MIN; i++) expect((await send({ token: await pageToken(10), events: failed(canary) })).statusCode).toBe(204);
    expect((await shop.registry.served()).canary).toBeUndefined();
    expect(await lastChange()).toMatchObject({ action: 'abort', version: canary, reason: `automatic: error rate 100.0% over ${MIN} page loads from ${MIN} clients against the stable version's 0.0% over ${MIN} page loads from ${MIN} clients (more than 5 points worse)` });
  });

  it('the review of issue 38: a bucket the client chooses is no bucket, and a page load counts one failure per target', async () => {
    // An unsigned cookie (or another's signature) is replaced by a bucket the store draws and signs.
    for (const cookie of ['adire_canary=3', `adire_canary=3.${'A'.repeat(22)}`]) {
      const res = await shop.app.inject({ url: '/', headers: { cookie } });
      const set = /adire_canary=(\d+)\.([\w-]+)/.exec(String(res.headers['set-cookie']));
      expect(set, 'a new, signed bucket').toBeTruthy();
      expect(set![0]).toBe(`adire_canary=${signedBucket(await pageSecret(shop.db), Number(set![1]))}`);
      const token = /adire-page;desc="([^".]+)\./.exec(String(res.headers['server-timing']))![1]!;
      expect(JSON.parse(Buffer.from(token, 'base64url').toString()).b).toBe(Number(set![1]));
    }
    // `failed` and `error` of one page load, in one report or two: one page load, one failure.
    const token = await pageToken(1);
    expect((await send({ token, events: [{ remote: 'cart', version: canary, kind: 'failed' }, { remote: 'cart', version: canary, kind: 'error' }] })).statusCode).toBe(204);
    expect((await send({ token, events: [{ remote: 'cart', version: canary, kind: 'error' }] })).json()).toMatchObject({ code: 'REPLAYED' });
    expect((await health())!.canary).toMatchObject({ pageLoads: 1, failures: 1, clients: 1 });
  });

  /** What a page load tells a script: the versions its token names. */
  const versionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).v.cart as string;
  const healthyClients = async (n: number) => {
    for (let i = 0; i < n; i++) {
      expect((await send({ token: await pageToken(90), events: [{ remote: 'cart', version: stable, kind: 'loaded' }] })).statusCode).toBe(204);
      expect((await send({ token: await pageToken(10), events: [{ remote: 'cart', version: canary, kind: 'loaded' }] })).statusCode).toBe(204);
    }
  };

  it('the review of issue 38: 50 scripted page loads with adire_canary=0..9, each reporting failed + error, do not abort a healthy canary', async () => {
    await healthyClients(2 * MIN);
    const attacker = '203.0.113.7';
    for (let i = 0; i < 50; i++) {
      const res = await shop.app.inject({ url: '/', headers: { cookie: `adire_canary=${i % 10}` }, remoteAddress: attacker });
      const token = /adire-page;desc="([^"]+)"/.exec(String(res.headers['server-timing']))![1]!;
      const version = versionOf(token);
      await send({ token, events: [{ remote: 'cart', version, kind: 'failed' }, { remote: 'cart', version, kind: 'error' }] });
    }
    expect((await shop.registry.served()).canary?.cart?.version, (await lastChange()).reason).toBe(canary);
    const h = (await health())!;
    expect(h.canary.failures).toBeLessThanOrEqual(h.canary.pageLoads); // never 198%: one failure per page load
    expect(h.canary.clients).toBe(2 * MIN + 1);
  });

  it('the review of issue 38: stable tokens from one address reporting failures do not keep a broken canary live', async () => {
    const attacker = '203.0.113.8';
    for (let i = 0; i < 45; i++) {
      const token = await pageToken(90, attacker);
      await send({ token, events: [{ remote: 'cart', version: stable, kind: 'failed' }, { remote: 'cart', version: stable, kind: 'error' }] });
    }
    for (let i = 0; i < 2 * MIN; i++) expect((await send({ token: await pageToken(90), events: [{ remote: 'cart', version: stable, kind: 'loaded' }] })).statusCode).toBe(204);
    // The broken canary's own page loads, from shoppers: it is aborted once enough of them have reported.
    for (let i = 0; i < 2 * MIN && (await shop.registry.served()).canary; i++) await send({ token: await pageToken(10), events: failed(canary) });
    expect((await shop.registry.served()).canary).toBeUndefined();
    expect((await lastChange()).reason).toMatch(/^automatic: error rate 100\.0% over \d+ page loads from \d+ clients against the stable version's 0\.0% over 5\d page loads from 11 clients/);
  });

  it('every instance agrees on the secret, and claims and old vitals are deleted once they cannot count', async () => {
    expect(await pageSecret(shop.db)).toMatch(/^[\w-]{43}$/);
    const rows = await shop.db.kysely.selectFrom('release_secret').selectAll().execute();
    expect(rows).toHaveLength(1);
    await send({ token: await pageToken(1), events: failed(canary), vitals: { inp: 50 }, ran: { cart: canary } });
    const count = async (table: 'release_page_claim' | 'release_vitals') => Number((await shop.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('release_page_claim')).toBeGreaterThan(0);
    await pruneTelemetry(shop.db, now + PAGE_TOKEN_TTL_MS);
    expect(await count('release_page_claim')).toBe(0);
    expect(await count('release_vitals')).toBeGreaterThan(0);
    await pruneTelemetry(shop.db, (hourOf(now) + VITALS_WINDOW_HOURS) * 3_600_000);
    expect(await count('release_vitals')).toBe(0);
  });
});

describe('vitals per release', () => {
  // Each page load also reports its cart loaded: a canary is judged by vitals over distinct clients too.
  const vitals = (bucket: number, version: string, inp: number, lcp = 900) => async () =>
    send({ token: await pageToken(bucket), events: [{ remote: 'cart', version, kind: 'loaded' }], vitals: { lcp, inp, cls: 0.01 }, ran: { cart: version } });

  it('refuses vitals of a page not sampled, or for a release the page did not run', async () => {
    const unsampled = issuePageToken(await pageSecret(shop.db), { versions: { cart: stable }, bucket: 90, sampled: false, now });
    expect((await send({ token: unsampled, vitals: { inp: 40 }, ran: { cart: stable } })).json()).toMatchObject({ code: 'NOT_SAMPLED' });
    expect((await send({ token: await pageToken(1), vitals: { inp: 40 }, ran: { cart: stable } })).json()).toMatchObject({ code: 'NOT_SERVED' });
    const token = await pageToken(1);
    expect((await send({ token, vitals: { inp: 40 }, ran: { cart: canary } })).statusCode).toBe(204);
    expect((await send({ token, vitals: { inp: 4000 }, ran: { cart: canary } })).json()).toMatchObject({ code: 'REPLAYED' });
    expect((await health())!.vitals!.canary.inp).toMatchObject({ count: 1 });
  });

  it('a canary slower to answer a tap than stable by more than the margin is aborted, and the history says by how much', async () => {
    for (let i = 0; i < MIN; i++) expect((await vitals(90, stable, 120 + i)()).statusCode).toBe(204);
    for (let i = 0; i < MIN - 1; i++) expect((await vitals(10, canary, 420 + i)()).statusCode).toBe(204);
    const status = formatStatus(await shop.registry.status(now));
    expect(status).toMatch(new RegExp(`  vitals   canary: LCP p75 \\d+ ms, INP p75 4\\d\\d ms, CLS p75 0\\.010 \\(${MIN - 1} / ${MIN - 1} / ${MIN - 1} page loads\\); stable: LCP p75 \\d+ ms, INP p75 1[12]\\d ms`));
    expect((await shop.registry.served()).canary?.cart?.version).toBe(canary);
    await vitals(10, canary, 430)();
    expect((await shop.registry.served()).canary).toBeUndefined();
    expect((await lastChange()).reason).toMatch(new RegExp(`^automatic: INP p75 4\\d\\d ms vs 1[12]\\d ms stable over ${MIN} page loads \\(stable over ${MIN}; more than 100 ms worse\\)$`));
  });

  it('a canary slower to paint its largest content is aborted by LCP', async () => {
    for (let i = 0; i < MIN; i++) await vitals(90, stable, 80, 1000)();
    for (let i = 0; i < MIN; i++) await vitals(10, canary, 80, 2000)();
    expect((await lastChange()).reason).toMatch(/^automatic: LCP p75 (19|20|21)\d\d ms vs (9|10)\d\d ms stable/);
  });

  it('a version aborted by its INP and canaried again is judged by its new page loads, not its last canary’s', async () => {
    for (let i = 0; i < MIN; i++) await vitals(90, stable, 100)();
    for (let i = 0; i < MIN; i++) await vitals(10, canary, 600)();
    expect((await shop.registry.served()).canary).toBeUndefined();
    expect((await lastChange()).reason).toMatch(/^automatic: INP p75 6\d\d ms/);

    // Within the vitals' window (the same hour), the same version again: nothing counted for it yet.
    await shop.registry.canary('cart', canary, 50);
    expect((await health())!.vitals!.canary.inp.count).toBe(0);
    for (let i = 0; i < MIN; i++) await vitals(10, canary, 110)();
    expect((await shop.registry.served()).canary?.cart?.version).toBe(canary);
    expect((await health())!.vitals!.canary.inp.count).toBe(MIN);
    // The stable version's vitals are the live version's, and stay its baseline.
    expect((await health())!.vitals!.stable.inp.count).toBe(MIN);
  });

  it('a canary as fast as stable is not aborted', async () => {
    for (let i = 0; i < 3 * MIN; i++) {
      await vitals(90, stable, 100 + (i % 7) * 10)();
      await vitals(10, canary, 105 + (i % 7) * 10)();
    }
    expect((await shop.registry.served()).canary?.cart?.version).toBe(canary);
    expect((await health())!.vitals!.canary.inp.count).toBe(3 * MIN);
  });
});
