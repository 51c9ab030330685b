import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '../src/index';

interface Seen {
  method?: string;
  url?: string;
  authorization?: string;
  body: unknown;
}

let server: Server;
let baseURL: string;
const seen: Seen[] = [];
const store = new Map<string, string>();

async function readBody(req: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : undefined;
}

beforeAll(async () => {
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  server = createServer(async (req, res) => {
    seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: await readBody(req) });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/missing')) {
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'Order not found', code: 'NOT_FOUND' }));
    } else if (req.url?.startsWith('/slow')) {
      setTimeout(() => res.end(JSON.stringify({ data: { late: true } })), 400);
    } else if (req.url?.startsWith('/broken')) {
      res.statusCode = 500;
      res.end('<html>oops</html>');
    } else {
      res.end(JSON.stringify({ data: { ok: true } }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

beforeEach(() => {
  seen.length = 0;
  store.clear();
});

describe('api client', () => {
  it('sends business in the query and in JSON bodies, and unwraps data', async () => {
    const api = createApiClient({ baseURL });
    const res = await api.post('/v1/orders/order/create', { cartItems: [] });
    expect(res).toEqual({ error: false, message: '', data: { ok: true }, status: 200 });
    expect(seen[0]?.url).toBe('/v1/orders/order/create?business=adire-blooms');
    expect(seen[0]?.body).toEqual({ cartItems: [], business: 'adire-blooms' });
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('sends the Bearer token whenever a user is stored', async () => {
    store.set('adire:user', JSON.stringify({ email: 'ada@example.com', authToken: 'tok123' }));
    const api = createApiClient({ baseURL });
    await api.get('/v1/storefront/handshake');
    expect(seen[0]?.authorization).toBe('Bearer tok123');
  });

  it("sends a caller's own token instead of the stored shopper's (the back office's staff session), or none when null", async () => {
    store.set('adire:user', JSON.stringify({ email: 'ada@example.com', authToken: 'shopper-token' }));
    const api = createApiClient({ baseURL });
    await api.get('/v1/backoffice/me', { token: 'staff-token' });
    await api.post('/v1/backoffice/auth/login', { email: 'x' }, { token: null });
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer staff-token', undefined]);
  });

  it('makes a 4xx body the error, with its status', async () => {
    const api = createApiClient({ baseURL });
    const res = await api.get('/missing/order');
    expect(res).toMatchObject({ error: true, message: 'Order not found', data: null, status: 404, code: 'NOT_FOUND' });
  });

  it('gives a clear message for a non-JSON 5xx and for an unreachable server', async () => {
    const api = createApiClient({ baseURL });
    expect(await api.get('/broken')).toMatchObject({ error: true, status: 500, message: 'The shop is having trouble answering (error 500). Please try again in a moment.' });
    const dead = createApiClient({ baseURL: 'http://127.0.0.1:1' });
    expect(await dead.get('/x')).toEqual({ error: true, message: NETWORK_ERROR_MESSAGE, data: null });
  });

  it('sends query values as text, skipping undefined ones', async () => {
    const api = createApiClient({ baseURL });
    await api.get('/v1/catalog/filters', { query: { search: 'red roses', page: 2, vip: true, sort: undefined } });
    expect(seen[0]?.url).toBe('/v1/catalog/filters?search=red+roses&page=2&vip=true&business=adire-blooms');
    expect(seen[0]?.method).toBe('GET');
  });

  it('gives up after its timeout with a clear message, and a caller may abort', async () => {
    const impatient = createApiClient({ baseURL, timeoutMs: 100 });
    expect(await impatient.get('/slow')).toEqual({ error: true, message: TIMEOUT_MESSAGE, data: null });
    const api = createApiClient({ baseURL });
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ error: true, message: NETWORK_ERROR_MESSAGE, data: null });
    expect(await api.get('/slow')).toEqual({ error: false, message: '', data: { late: true }, status: 200 });
  });
});
