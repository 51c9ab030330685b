import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { registerResponseCache, serverAnsweringKeptFirst, type KeptFirst } from '../src/http/response-cache';
import { registerSecurity } from '../src/http/security';

/**
 * Issue 22: a kept answer is sent before Fastify routes the request, when no hook on the way would do
 * anything for it; every other request goes through Fastify as before. An app of its own, whose
 * onRequest hook counts what Fastify saw, on a SQLite file (the commit check answers without a round
 * trip there; PostgreSQL always goes through Fastify).
 */

let app: FastifyInstance;
let db: Db;
let tmp: string;
let base: string;
let routed: string[] = [];
let computed = 0;
let photos = 'p1';

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-kept-first-'));
  db = openDatabase({ sqliteFile: path.join(tmp, 'shop.sqlite') });
  await migrateToLatest(db);
  let keptFirst: KeptFirst | undefined;
  app = Fastify({ logger: false, trustProxy: true, serverFactory: (handler, options) => serverAnsweringKeptFirst(handler, options, () => keptFirst) });
  app.addHook('onRequest', (request, _reply, done) => {
    routed.push(`${request.method} ${request.url}`);
    done();
  });
  registerSecurity(app, { servedManifest: () => ({ origins: {} }) });
  keptFirst = registerResponseCache(app, { db }).keptFirst;
  const answer = async () => ({ data: { n: ++computed, text: 'roses '.repeat(400) } });
  app.get('/shared', { config: { responseCache: { audience: 'public' } } }, answer);
  app.get('/photos', { config: { responseCache: { audience: 'public', extraVersion: () => photos } } }, answer);
  app.get('/handshake', { config: { responseCache: { audience: 'anonymous' } } }, answer);
  app.get('/plain', answer);
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  routed = [];
});

const ask = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}${url}`, init);
  const body = init.method === 'HEAD' ? '' : await res.text();
  return { status: res.status, headers: Object.fromEntries(res.headers), body };
};
const withoutDate = ({ date: _date, ...rest }: Record<string, string>) => rest;

describe('a kept answer before routing', () => {
  it('is sent without Fastify once kept, with the head, body and 304 the route sent', async () => {
    const first = await ask('/shared?a=1');
    expect(routed).toEqual(['GET /shared?a=1']);
    const kept = await ask('/shared?a=1');
    expect(routed).toEqual(['GET /shared?a=1']); // not routed again
    expect(kept.body).toBe(first.body);
    expect(withoutDate(kept.headers)).toEqual(withoutDate(first.headers));
    const notModified = await ask('/shared?a=1', { headers: { 'if-none-match': first.headers.etag! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(routed).toEqual(['GET /shared?a=1']);
    routed = [];
    for (const coding of ['br', 'gzip']) {
      const computedCoding = await ask('/shared?a=2', { headers: { 'accept-encoding': coding } });
      const keptCoding = await ask('/shared?a=2', { headers: { 'accept-encoding': coding } });
      expect(keptCoding.body).toBe(computedCoding.body);
      expect(keptCoding.headers['content-encoding']).toBe(coding);
    }
    expect(routed).toEqual(['GET /shared?a=2']); // computed once, kept for both codings
  });

  it('leaves to Fastify what a hook acts on: an Origin, HTTPS, a HEAD, another method, a URL not kept', async () => {
    await ask('/shared?b=1');
    routed = [];
    await ask('/shared?b=1', { headers: { origin: 'https://elsewhere.example' } });
    const https = await ask('/shared?b=1', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toContain('max-age=');
    await ask('/shared?b=1', { method: 'HEAD' });
    await ask('/shared?b=1', { method: 'POST' });
    await ask('/shared?b=2');
    await ask('/plain');
    await ask('/plain');
    expect(routed).toEqual(['GET /shared?b=1', 'GET /shared?b=1', 'HEAD /shared?b=1', 'POST /shared?b=1', 'GET /shared?b=2', 'GET /plain', 'GET /plain']);
  });

  it("leaves a shopper's own request on a route shared only by anonymous requests to Fastify: private, never the kept answer", async () => {
    const anonymous = await ask('/handshake');
    await ask('/handshake');
    expect(routed).toEqual(['GET /handshake']);
    const mine = await ask('/handshake', { headers: { authorization: 'Bearer someone' } });
    expect(routed).toEqual(['GET /handshake', 'GET /handshake']);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.body).not.toBe(anonymous.body);
  });

  it('makes the answer again once what it was made under moves: a write to the data, or its extra version', async () => {
    const first = await ask('/photos');
    await ask('/photos');
    expect(routed).toEqual(['GET /photos']);
    photos = 'p2'; // a photo dropped into the media folder
    const newPhotos = await ask('/photos');
    expect(newPhotos.body).not.toBe(first.body);
    await ask('/photos');
    expect(routed).toEqual(['GET /photos', 'GET /photos']);
    await db.kysely.updateTable('catalog_state').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 'catalog').execute();
    const afterWrite = await ask('/photos');
    expect(afterWrite.body).not.toBe(newPhotos.body);
    expect(routed).toEqual(['GET /photos', 'GET /photos', 'GET /photos']);
  });
});
