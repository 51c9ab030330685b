import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@adire/contracts';
import { ROOT } from '../src/paths';
import { startTestShop, type TestShop } from './helpers';

/**
 * Link previews (issue 34): each page fetched as the four unfurlers fetch it — WhatsApp,
 * facebookexternalhit, Twitterbot and Slackbot — has a title, a description and an Open Graph picture
 * they render: a JPEG whose bytes, format and pixel size are what the tags declare. The head is
 * written by the catalogue's own server draw module, built here from its sources as its release is.
 */

const PUBLIC_URL = 'https://shop.example.ng';
const release = { packageVersion: '0.1.0', commit: 'abc1234', contractsVersion: '1.0.0' };
const BUDGET_MS = 8000;
const MAX_BYTES = 300 * 1024;

const UNFURLERS = {
  WhatsApp: 'WhatsApp/2.24.6.77 A',
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Twitterbot: 'Twitterbot/1.0',
  Slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
} as const;

const PAGES = [
  { page: 'a product', url: '/product/ruby-romance-red-roses', title: /Ruby Romance Red Roses/ },
  { page: 'a category', url: '/product-category/roses', title: /Roses/ },
  { page: 'the home page', url: '/', title: /Adire Blooms/ },
] as const;

const SHELL_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><meta name="description" content="generic"><title>Generic title</title></head><body><div id="shell-root"><!--adire-frame--><div class="boot-frame">booting</div><!--/adire-frame--></div><script type="module" crossorigin src="/assets/main-AAAAAAAA.js"></script></body></html>`;
const SHELL_DRAW = `export async function draw() {
  return { html: '<header>Frame</header><main><div id="app-catalog" data-region="catalog"><!--adire-region:catalog--></div></main>', data: { handshake: null, categories: null, contact: null }, status: 200 };
}`;

function buildCatalogRelease(dist: string): void {
  const catalog = path.join(ROOT, 'mf-catalog');
  const vite = path.join(path.dirname(createRequire(path.join(catalog, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--configLoader', 'runner', '--config', 'vite.server.config.ts', '--outDir', path.join(dist, 'server'), '--logLevel', 'warn'], {
    cwd: catalog,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'export const catalog = true;');
}

/** The content of `<meta property|name="…">` in the page's head (the first one). */
function meta(html: string, name: string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'));
  const m = new RegExp(`<meta (?:property|name)="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(head);
  return m?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-previews-'));
const products = path.join(tmp, 'media', 'products');
let shop: TestShop;

beforeAll(async () => {
  fs.mkdirSync(products, { recursive: true });
  process.env.MEDIA_DIR = path.join(tmp, 'media');
  process.env.MEDIA_CACHE_DIR = path.join(tmp, 'cache');
  process.env.MEDIA_WARM = '0';
  shop = await startTestShop({ shell: true, config: { publicUrl: PUBLIC_URL, serverDraw: { enabled: true, budgetMs: BUDGET_MS } } });
  const work = path.dirname(shop.dirs.releasesDir);
  const shell = fs.mkdtempSync(path.join(work, 'shell-'));
  fs.mkdirSync(path.join(shell, 'assets'));
  fs.mkdirSync(path.join(shell, 'server'));
  fs.writeFileSync(path.join(shell, 'index.html'), SHELL_PAGE);
  fs.writeFileSync(path.join(shell, 'assets', 'main-AAAAAAAA.js'), 'console.log(1)');
  fs.writeFileSync(path.join(shell, 'server', 'draw.mjs'), SHELL_DRAW);
  await shop.registry.publish({ ...release, remote: 'shell', distDir: shell });
  const catalog = fs.mkdtempSync(path.join(work, 'catalog-'));
  buildCatalogRelease(catalog);
  await shop.registry.publish({ ...release, remote: 'catalog', distDir: catalog });
}, 180_000);
afterAll(async () => {
  await shop?.close();
  delete process.env.MEDIA_DIR;
  delete process.env.MEDIA_CACHE_DIR;
  delete process.env.MEDIA_WARM;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.each(Object.entries(UNFURLERS))('a link fetched by %s', (_name, userAgent) => {
  it.each(PAGES)('shows $page with a title, a description and a JPEG picture true to its tags', async ({ url, title }) => {
    const res = await shop.app.inject({ url, headers: { 'user-agent': userAgent } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(title);
    expect(meta(html, 'og:title')).toMatch(title);
    expect(meta(html, 'og:description')?.length).toBeGreaterThan(20);
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}${url}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');

    const image = meta(html, 'og:image')!;
    expect(image).toMatch(/^https:\/\/shop\.example\.ng\/media\/previews\/.+\.jpg\?v=[a-f0-9]+$/);
    expect(meta(html, 'twitter:image')).toBe(image);
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'og:image:alt')).toMatch(/Adire Blooms/);
    const width = Number(meta(html, 'og:image:width'));
    const height = Number(meta(html, 'og:image:height'));
    expect([width, height]).toEqual([1200, 630]);

    // The picture itself, fetched as the same app fetches it.
    const picture = await shop.app.inject({ url: image.slice(PUBLIC_URL.length), headers: { 'user-agent': userAgent } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe(meta(html, 'og:image:type'));
    expect(picture.headers['cache-control']).toContain('immutable');
    expect(picture.rawPayload.length).toBeGreaterThan(5_000);
    expect(picture.rawPayload.length).toBeLessThan(MAX_BYTES);
    const info = await sharp(picture.rawPayload).metadata();
    expect(info.format).toBe('jpeg');
    expect([info.width, info.height]).toEqual([width, height]);
  });
});

describe('the preview picture', () => {
  it('is made once per version and kept in the media cache, answering 304 to its ETag', async () => {
    const product = (await shop.app.inject('/v1/catalog/products/ikoyi-sunrise-gerberas?business=adire-blooms')).json().data as ProductDetail;
    const src = product.preview!.src;
    const first = await shop.app.inject(src);
    expect(first.statusCode).toBe(200);
    const kept = path.join(tmp, 'cache', 'previews', 'products', 'ikoyi-sunrise-gerberas');
    expect(fs.readdirSync(kept).filter((f) => f.endsWith('.jpg'))).toEqual([`${new URL(src, PUBLIC_URL).searchParams.get('v')}.jpg`]);
    const mtime = fs.statSync(path.join(kept, fs.readdirSync(kept)[0]!)).mtimeMs;
    const second = await shop.app.inject(src);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fs.statSync(path.join(kept, fs.readdirSync(kept)[0]!)).mtimeMs).toBe(mtime);
    const revalidated = await shop.app.inject({ url: src, headers: { 'if-none-match': first.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    expect((await shop.app.inject('/media/previews/products/no-such-product.jpg')).statusCode).toBe(404);
  });

  it('is made from the photo once one is dropped in, at a new URL', async () => {
    const before = ((await shop.app.inject('/v1/catalog/products/ruby-romance-red-roses?business=adire-blooms')).json().data as ProductDetail).preview!;
    // A pure blue photo, wider than tall: the preview's picture side must turn blue.
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1030e0' } }).jpeg().toBuffer();
    fs.writeFileSync(path.join(products, 'ruby-romance-red-roses.jpg.part'), photo);
    fs.renameSync(path.join(products, 'ruby-romance-red-roses.jpg.part'), path.join(products, 'ruby-romance-red-roses.jpg'));
    let after = before;
    for (let i = 0; i < 40 && after.src === before.src; i++) {
      await new Promise((r) => setTimeout(r, 100)); // the media folder is looked at again within a second
      after = ((await shop.app.inject('/v1/catalog/products/ruby-romance-red-roses?business=adire-blooms')).json().data as ProductDetail).preview!;
    }
    expect(after.src).not.toBe(before.src);
    expect([after.width, after.height, after.type]).toEqual([1200, 630, 'image/jpeg']);
    const picture = await shop.app.inject(after.src);
    // (stats() reads its input, not the pipeline: the picture side is cut out first.)
    const left = await sharp(await sharp(picture.rawPayload).extract({ left: 100, top: 100, width: 400, height: 400 }).toBuffer()).stats();
    const [r, g, b] = left.channels.map((c) => c.mean);
    expect(b).toBeGreaterThan(180);
    expect(r).toBeLessThan(60);
    expect(g).toBeLessThan(90);
    // The old URL names an old version: no longer cached for a year.
    expect((await shop.app.inject(before.src)).headers['cache-control']).not.toContain('immutable');
  });
});
