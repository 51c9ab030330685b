import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CatalogListing, ProductDetail } from '@adire/contracts';
import { responsivePicture, IMAGE_SIZES } from '@adire/domain/images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PhotoVariants, widthsFor } from '../src/domains/catalog/testing';
import type { DropIn } from '../src/domains/catalog/testing';
import { startTestShop, type TestShop } from './helpers';

const B = 'business=adire-blooms';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-photos-'));
const mediaDir = path.join(tmp, 'media');
const cacheDir = path.join(tmp, 'cache');
const products = path.join(mediaDir, 'products');
let shop: TestShop;
let original: Buffer;

/** A camera-like photo: noise over colour, so it compresses like a real one. */
function photo(width: number, height: number, background = '#b8324f', quality = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality })
    .toBuffer();
}

/** Replace a file the way a copy tool does (write beside it, rename over it), so the folder notices. */
function dropIn(name: string, bytes: Buffer): void {
  const file = path.join(products, name);
  fs.writeFileSync(`${file}.part`, bytes);
  fs.renameSync(`${file}.part`, file);
}

async function get<T>(url: string): Promise<T> {
  const res = await shop.app.inject(url);
  expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBe(200);
  return res.json().data as T;
}

beforeAll(async () => {
  fs.mkdirSync(products, { recursive: true });
  original = await photo(2000, 1500);
  dropIn('ruby-romance-red-roses.jpg', original);
  dropIn('forever-red-rose-dome.jpg', Buffer.from('this is not a picture at all, just text with a .jpg name'));
  const whole = await photo(900, 900);
  dropIn('cuddle-me-teddy.jpg', whole.subarray(0, Math.floor(whole.length / 2))); // cut off half way
  process.env.MEDIA_DIR = mediaDir;
  process.env.MEDIA_CACHE_DIR = cacheDir;
  process.env.MEDIA_WARM = '0'; // variants only on request here; warming has its own test
  shop = await startTestShop();
}, 30_000);
afterAll(async () => {
  await shop.close();
  delete process.env.MEDIA_DIR;
  delete process.env.MEDIA_CACHE_DIR;
  delete process.env.MEDIA_WARM;
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('photos in the API', () => {
  it('describe a photo by its size and variants, with a JPEG variant (not the original) as src', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    const main = p.images[0]!;
    expect(main).toMatchObject({ width: 2000, height: 1500, alt: 'Ruby Romance Red Roses' });
    expect(main.variants).toEqual({ url: expect.stringMatching(/^\/media\/products\/ruby-romance-red-roses\.w\{width\}\.\{format\}\?v=\w+$/), widths: [128, 192, 320, 480, 720, 1080, 1600], formats: ['avif', 'webp', 'jpeg'] });
    expect(main.src).toMatch(/^\/media\/products\/ruby-romance-red-roses\.w1080\.jpeg\?v=\w+$/);
    expect(p.image).toMatchObject({ src: main.src, variants: main.variants });
    // the card in a listing says the same
    const listing = await get<CatalogListing>(`/v1/catalog/categories/roses/products?${B}&pageSize=60`);
    const card = listing.products.find((x) => x.slug === 'ruby-romance-red-roses')!;
    expect(card.image).toMatchObject({ src: main.src, width: 2000, height: 1500, variants: main.variants });
    // art keeps its SVG as src, with WebP variants (see 'the generated art')
    const art = listing.products.find((x) => x.slug === 'harmony-scarlet-roses')!;
    expect(art.image).toEqual({
      src: expect.stringMatching(/^\/media\/products\/harmony-scarlet-roses\.svg\?v=\w+$/),
      alt: art.name,
      width: 800,
      height: 800,
      variants: { url: expect.stringMatching(/^\/media\/products\/harmony-scarlet-roses\.w\{width\}\.\{format\}\?v=\w+$/), widths: [128, 192, 320, 480, 720], formats: ['webp'] },
    });
  });

  it('every URL of the srcset the front end builds is served, in its format and width', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    const picture = responsivePicture(p.images[0]!, { sizes: IMAGE_SIZES.productMain });
    const urls = [...picture.sources.flatMap((s) => s.srcSet.split(', ')), ...picture.img.srcSet!.split(', ')].map((c) => c.split(' ') as [string, string]);
    expect(urls).toHaveLength(21);
    for (const [url, w] of urls.filter((_, i) => i % 5 === 1)) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}w`).toBe(w);
      expect(meta.height).toBe((Number.parseInt(w) * 3) / 4);
      expect(res.headers['content-type']).toBe({ heif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[meta.format as string]);
    }
  });
});

describe('variants', () => {
  it('are made on first request, then kept: immutable with the version, an ETag and 304', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    const url = p.images[0]!.variants!.url.replace('{width}', '1080').replace('{format}', 'avif');
    const first = await shop.app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/avif');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.rawPayload.length).toBeLessThan(original.length / 5);
    const files = fs.readdirSync(path.join(cacheDir, 'products', 'ruby-romance-red-roses'));
    expect(files.filter((f) => f.endsWith('.w1080.avif'))).toHaveLength(1);
    const again = await shop.app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    // without the current version: cached briefly, revalidated by ETag
    const unversioned = await shop.app.inject(url.replace(/\?v=.*$/, ''));
    expect(unversioned.headers['cache-control']).toMatch(/^public, max-age=3600/);
    expect(unversioned.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('two requests for the same new variant make it once; a restarted server finds it on disk', async () => {
    const drop: DropIn = { file: path.join(products, 'ruby-romance-red-roses.jpg'), ext: 'jpg', version: 'v-race' };
    const dir = fs.mkdtempSync(path.join(tmp, 'race-'));
    const one = new PhotoVariants(dir, { warn: vi.fn() });
    const files = await Promise.all(Array.from({ length: 6 }, () => one.variant('products', 'ruby-romance-red-roses', drop, 720, 'webp')));
    expect(new Set(files).size).toBe(1);
    expect(one.made).toBe(1);
    const stat = fs.statSync(files[0]!);
    const restarted = new PhotoVariants(dir, { warn: vi.fn() });
    expect(await restarted.variant('products', 'ruby-romance-red-roses', drop, 720, 'webp')).toBe(files[0]);
    expect(await restarted.info('products', 'ruby-romance-red-roses', drop)).toEqual({ width: 2000, height: 1500, widths: [128, 192, 320, 480, 720, 1080, 1600] });
    expect(restarted.made).toBe(0);
    expect(fs.statSync(files[0]!).mtimeMs).toBe(stat.mtimeMs);
    expect(fs.readdirSync(path.dirname(files[0]!)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('the size an older release kept on disk is read with the widths this release makes (128 and 192 w for cart lines too)', async () => {
    const drop: DropIn = { file: path.join(products, 'ruby-romance-red-roses.jpg'), ext: 'jpg', version: 'v-older' };
    const dir = fs.mkdtempSync(path.join(tmp, 'older-'));
    fs.mkdirSync(path.join(dir, 'products', 'ruby-romance-red-roses'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'products', 'ruby-romance-red-roses', 'v-older.json'), JSON.stringify({ width: 2000, height: 1500, widths: [320, 480, 720, 1080, 1600] }));
    const photos = new PhotoVariants(dir, { warn: vi.fn() }, false);
    expect(await photos.info('products', 'ruby-romance-red-roses', drop)).toEqual({ width: 2000, height: 1500, widths: [128, 192, 320, 480, 720, 1080, 1600] });
    expect(await photos.variant('products', 'ruby-romance-red-roses', drop, 128, 'avif')).toMatch(/v-older\.w128\.avif$/);
  });

  it('a new photo is warmed in the background (AVIF and WebP at every width), a shopper first in the queue', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'warm-'));
    fs.writeFileSync(path.join(dir, 'small.jpg'), await photo(800, 600));
    const drop: DropIn = { file: path.join(dir, 'small.jpg'), ext: 'jpg', version: 'v-warm' };
    const photos = new PhotoVariants(dir, { warn: vi.fn() });
    const info = (await photos.info('products', 'ruby-romance-red-roses', drop))!;
    photos.warm('products', 'ruby-romance-red-roses', drop, info, () => true);
    photos.warm('products', 'ruby-romance-red-roses', drop, info, () => true); // once per version
    // A shopper's JPEG jumps the queue: made before the warming's last jobs.
    const jpeg = await photos.variant('products', 'ruby-romance-red-roses', drop, 480, 'jpeg');
    const jpegDone = fs.statSync(jpeg!).mtimeMs;
    await photos.idle();
    const files = fs.readdirSync(path.join(dir, 'products', 'ruby-romance-red-roses')).filter((f) => !f.endsWith('.json')).sort();
    expect(info.widths).toEqual([128, 192, 320, 480, 720]);
    expect(files).toEqual([...['avif', 'webp'].flatMap((f) => info.widths.map((w) => `v-warm.w${w}.${f}`)), 'v-warm.w480.jpeg'].sort());
    expect(photos.made).toBe(info.widths.length * 2 + 1);
    const last = Math.max(...files.map((f) => fs.statSync(path.join(dir, 'products', 'ruby-romance-red-roses', f)).mtimeMs));
    expect(jpegDone).toBeLessThan(last);
    // a photo replaced before its turn is not warmed; a closed server warms nothing more
    const stale = new PhotoVariants(fs.mkdtempSync(path.join(tmp, 'stale-')), { warn: vi.fn() });
    stale.warm('products', 'ruby-romance-red-roses', { ...drop, version: 'v-stale' }, info, () => false);
    await stale.idle();
    expect(stale.made).toBe(0);
    const closing = new PhotoVariants(fs.mkdtempSync(path.join(tmp, 'closing-')), { warn: vi.fn() });
    closing.warm('products', 'ruby-romance-red-roses', { ...drop, version: 'v-close' }, info, () => true);
    closing.close();
    await closing.idle();
    expect(closing.made).toBeLessThanOrEqual(1); // at most the encode already running
  }, 60_000);

  it('a replaced photo gets a new version, new variants from the new file, and the old ones are swept', async () => {
    const before = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    await shop.app.inject(before.images[0]!.variants!.url.replace('{width}', '320').replace('{format}', 'webp'));
    await new Promise((r) => setTimeout(r, 20));
    dropIn('ruby-romance-red-roses.jpg', await photo(1200, 1200, '#2f6b3a'));
    await new Promise((r) => setTimeout(r, 1100)); // the media folder is looked at again after a second
    const after = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    expect(after.images[0]!.variants!.url).not.toBe(before.images[0]!.variants!.url);
    expect(after.images[0]).toMatchObject({ width: 1200, height: 1200, variants: { widths: [128, 192, 320, 480, 720, 1080] } });
    const res = await shop.app.inject(after.images[0]!.variants!.url.replace('{width}', '720').replace('{format}', 'webp'));
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 720, height: 720 });
    const version = /\?v=(\w+)/.exec(after.images[0]!.src)![1]!;
    const left = fs.readdirSync(path.join(cacheDir, 'products', 'ruby-romance-red-roses'));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((f) => f.startsWith(`${version}.`))).toBe(true);
    // the previous version's URLs no longer name a current photo: not kept for a year
    const old = await shop.app.inject(before.images[0]!.variants!.url.replace('{width}', '320').replace('{format}', 'webp'));
    expect(old.headers['cache-control']).not.toContain('immutable');
  });

  it('the stored .svg address of a photo (what carts and orders keep) sends to its smallest JPEG, for a thumbnail', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    const res = await shop.app.inject('/media/products/ruby-romance-red-roses.svg');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(p.images[0]!.variants!.url.replace('{width}', '128').replace('{format}', 'jpeg'));
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const thumb = await shop.app.inject(res.headers.location as string);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.length).toBeLessThan(60_000);
  });

  it('refuses widths that were not made and anything outside the media folder', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/ruby-romance-red-roses?${B}`);
    const v = p.images[0]!.variants!;
    for (const url of [
      v.url.replace('{width}', '999').replace('{format}', 'avif'),
      v.url.replace('{width}', '1600').replace('{format}', 'avif'), // wider than this photo
      v.url.replace('{width}', '320').replace('{format}', 'gif'),
      '/media/products/..%2F..%2Fpackage.json.w320.avif',
      '/media/products/%2e%2e.w320.avif',
      '/media/products/ruby-romance-red-roses.w320.avif%00',
    ]) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('the generated art', () => {
  const versionOf = (url: string) => /\?v=(\w+)$/.exec(url)![1];

  it('is offered as WebP at every width its srcset names, made from the same version as its SVG', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/harmony-scarlet-roses?${B}`);
    const main = p.images[0]!;
    expect(versionOf(main.variants!.url)).toBe(versionOf(main.src));
    const picture = responsivePicture(main, { sizes: IMAGE_SIZES.card });
    expect(picture.img.src).toBe(main.src);
    expect(picture.sources.map((s) => s.type)).toEqual(['image/webp']);
    const urls = picture.sources[0]!.srcSet.split(', ').map((c) => c.split(' ') as [string, string]);
    expect(urls.map(([, w]) => w)).toEqual(['128w', '192w', '320w', '480w', '720w']);
    for (const [url, w] of urls) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, `${meta.width}w`, meta.height]).toEqual(['webp', w, Number.parseInt(w)]);
    }
    // the close-up has its own
    const detail = p.images.find((i) => i.src.includes('--detail'));
    if (detail) {
      const res = await shop.app.inject(detail.variants!.url.replace('{width}', '480').replace('{format}', 'webp'));
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('answers a repeat with 304 by its ETag, and a stale version with a short cache', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/harmony-scarlet-roses?${B}`);
    const url = p.images[0]!.variants!.url.replace('{width}', '480').replace('{format}', 'webp');
    const first = await shop.app.inject(url);
    const again = await shop.app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const stale = await shop.app.inject(url.replace(/\?v=\w+$/, '?v=old'));
    expect(stale.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('a width or format it is not offered in gets the SVG, and an unknown product a 404', async () => {
    for (const file of ['harmony-scarlet-roses.w1080.webp', 'harmony-scarlet-roses.w320.avif', 'harmony-scarlet-roses.w320.jpeg']) {
      const res = await shop.app.inject(`/media/products/${file}?v=x`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type'], file).toBe('image/svg+xml; charset=utf-8');
    }
    expect((await shop.app.inject('/media/products/no-such-bouquet.w320.webp')).statusCode).toBe(404);
  });
});

describe('unreadable photos', () => {
  it('a file that is no picture: logged once, the art is shown, its URLs answer with the art (never a 500)', async () => {
    const p = await get<ProductDetail>(`/v1/catalog/products/forever-red-rose-dome?${B}`);
    expect(p.images[0]!.variants?.formats).toEqual(['webp']); // the art's
    expect(p.image.src).toMatch(/^\/media\/products\/forever-red-rose-dome\.svg\?v=\w+$/);
    const raster = await shop.app.inject(p.images[0]!.variants!.url.replace('{width}', '320').replace('{format}', 'webp'));
    expect(raster.headers['content-type']).toBe('image/webp');
    for (const url of [p.image.src, '/media/products/forever-red-rose-dome.jpg', '/media/products/forever-red-rose-dome.w320.avif?v=x']) {
      const res = await shop.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/svg+xml; charset=utf-8');
    }
    const warn = vi.fn();
    const photos = new PhotoVariants(fs.mkdtempSync(path.join(tmp, 'bad-')), { warn });
    const drop: DropIn = { file: path.join(products, 'forever-red-rose-dome.jpg'), ext: 'jpg', version: 'bad1' };
    expect(await photos.info('products', 'forever-red-rose-dome', drop)).toBeNull();
    expect(await photos.variant('products', 'forever-red-rose-dome', drop, 320, 'avif')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ file: drop.file, reason: expect.stringMatching(/unsupported image format/i) });
    expect(warn.mock.calls[0]![1]).toMatch(/^photo products\/forever-red-rose-dome\.jpg cannot be read; its generated picture is shown instead/);
  });

  it('a photo cut off half way: its header reads, its first variant fails, then the art is shown everywhere', async () => {
    const before = await get<ProductDetail>(`/v1/catalog/products/cuddle-me-teddy?${B}`);
    expect(before.images[0]!.variants?.widths).toEqual([128, 192, 320, 480, 720]);
    const res = await shop.app.inject(before.images[0]!.variants!.url.replace('{width}', '480').replace('{format}', 'webp'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const after = await get<ProductDetail>(`/v1/catalog/products/cuddle-me-teddy?${B}`);
    expect(after.images[0]!.variants?.formats).toEqual(['webp']); // the art's
    expect(after.image.src).toMatch(/\.svg\?v=/);
    // the photo's old variant address now answers with the art, cached briefly (its version is not the art's)
    const old = await shop.app.inject(before.images[0]!.variants!.url.replace('{width}', '480').replace('{format}', 'webp'));
    expect(old.headers['content-type']).toBe('image/webp');
    expect(old.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=86400');
  });
});

describe('variant widths', () => {
  it('are the standard widths up to the photo, or the photo’s own width when it is smaller than all', () => {
    expect(widthsFor(4000)).toEqual([128, 192, 320, 480, 720, 1080, 1600]);
    expect(widthsFor(1080)).toEqual([128, 192, 320, 480, 720, 1080]);
    expect(widthsFor(200)).toEqual([128, 192]);
    expect(widthsFor(100)).toEqual([100]);
  });
});
