import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../src/auth';
import { PREVIEW_DRAWS_AT_ONCE, PreviewStore } from '../src/domains/catalog/testing';
import { sendConfirmation } from '../src/domains/orders/testing';
import { startTestShop, type TestShop } from './helpers';

// Lows of the fourth outside review (issue 38, item 6), each with the answer it now gets.
let shop: TestShop;
let port = 0;

beforeAll(async () => {
  shop = await startTestShop();
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  port = (shop.app.server.address() as net.AddressInfo).port;
});
afterAll(() => shop.close());

/** A raw request on a socket (Node's parser answers before Fastify sees it): the status line and body. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1] ?? 0), headers: head ?? '', body });
    });
  });
}

describe("Node's own refusals in the shop's envelope", () => {
  it('a URL over 16 KB: 431 with {message, code}, as JSON', async () => {
    const res = await raw(`GET /v1/storefront/products?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: shop.test\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({ message: 'This address or its headers are too long', code: 'HEADERS_TOO_LARGE' });
  });

  it('bytes that are not HTTP: 400 with {message, code}', async () => {
    const res = await raw('HELLO THERE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
  });
});

describe('a designed mail limit', () => {
  it('is logged as a warning, not an error: the limit working is no fault of the shop', async () => {
    const logged: string[] = [];
    const log = { error: () => logged.push('error'), warn: () => logged.push('warn') };
    const attempts = {
      reserve: async () => {
        throw new RateLimitedError(60_000);
      },
    };
    const ctx = { db: shop.db, mailer: undefined as never, auth: { limits: { orderMailsPerIp: 5 } }, publicUrl: 'http://shop.test', log, attempts: attempts as never };
    const row = { id: 'order-1' } as never;
    await sendConfirmation(ctx as never, row, true, 'ada@example.com', '10.0.0.1');
    expect(logged).toEqual(['warn']);
  });
});

describe('the product feeds, kept under their currency only (P6)', () => {
  it('80 fbclid values and other spellings of the currency are one build, not 80', async () => {
    const price = (body: string) => /<g:id>AB-1002<\/g:id>[\s\S]*?<g:price>([^<]+)<\/g:price>/.exec(body)?.[1];
    const first = await shop.app.inject('/feeds/google-merchant.xml?currency=NGN');
    expect(first.statusCode).toBe(200);
    const kept = price(first.body);
    // A price written behind the data stamp's back: a feed built again would show it, a kept one does not.
    await shop.db.kysely.updateTable('product_variant').set({ price_ngn: 98_765 }).where('sku', '=', 'AB-1002').execute();
    for (let i = 0; i < 80; i++) {
      const res = await shop.app.inject(`/feeds/google-merchant.xml?currency=${i % 2 ? 'ngn' : '%20NGN'}&fbclid=IwAR${i}x`);
      expect(res.statusCode).toBe(200);
      expect(price(res.body), `request ${i}`).toBe(kept);
    }
    expect(price((await shop.app.inject('/feeds/google-merchant.xml')).body)).toBe(kept);
    expect((await shop.app.inject('/feeds/meta-catalog.csv?fbclid=1')).statusCode).toBe(200);
    // Another currency is another answer; an unknown one is still a 400.
    expect((await shop.app.inject('/feeds/google-merchant.xml?currency=USD&fbclid=2')).body).toContain(' USD</g:price>');
    expect((await shop.app.inject('/feeds/google-merchant.xml?currency=XYZ&fbclid=3')).statusCode).toBe(400);
  });
});

describe('link-preview pictures drawn through a small queue (P8)', () => {
  it('25 previews asked at once are drawn one at a time, each once, and every asker gets its file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-queue-'));
    try {
      let running = 0;
      let most = 0;
      const draw = async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return Buffer.from('jpeg');
      };
      const store = new PreviewStore(dir, draw);
      const spec = (i: number) => ({ key: `products/p-${i}`, title: `Bouquet ${i}`, alt: '', sources: [] });
      const files = await Promise.all([...Array.from({ length: 25 }, (_, i) => store.file(spec(i))), store.file(spec(0))]);
      expect(new Set(files).size).toBe(25);
      expect(most).toBe(PREVIEW_DRAWS_AT_ONCE);
      expect(store.peak).toBe(PREVIEW_DRAWS_AT_ONCE);
      expect(store.made).toBe(25);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the feeds’ key, whatever the query', () => {
  it('two currencies, an array or an object in the query: a 400 or the feed, never a crash', async () => {
    for (const query of ['currency=NGN&currency=USD', 'currency[]=NGN', 'currency[a]=1', 'currency=']) {
      const res = await shop.app.inject(`/feeds/meta-catalog.csv?${query}`);
      expect([200, 400], `${query}: ${res.body.slice(0, 100)}`).toContain(res.statusCode);
    }
  });
});
