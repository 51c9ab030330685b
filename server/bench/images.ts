/**
 * `pnpm bench images` (issue 16, item 7): what the product page's largest picture (its LCP) costs
 * once a shop owner drops real photos in, before (the original JPEG, as the page linked it) and after
 * (the variant a 412 px phone at DPR 2.6 picks from the page's srcset: AVIF in Chromium).
 *
 * Makes BENCH_PHOTOS (5) camera-sized photos (4000 × 3000 textured noisy gradients, 3–6 MB JPEG) with sharp
 * into a temporary media folder (never the repository's), serves the seeded shop on loopback with
 * it, and asks for each product's page data and pictures as a phone would. The first request of a
 * variant makes it (timed: "made in"); the second is read from the disk cache ("kept").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProductDetail } from '@adire/contracts';
import { IMAGE_SIZES, pickWidth, responsivePicture, variantUrl } from '@adire/domain/images';
import sharp from 'sharp';
import { startShop, table } from './lib';
import { copyOf, removeCopy, seededShop } from './shops';

const B = 'business=adire-blooms';
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 5);
/** A 412 px phone (Lighthouse's Moto G Power): CSS size and device pixel ratio. */
const PHONE = { width: 412, height: 823, dpr: 2.6 };
/** The main picture's slot on that phone: `min(calc(100vw - 32px), 42vh)` of IMAGE_SIZES.productMain. */
const SLOT = Math.min(PHONE.width - 32, 0.42 * PHONE.height);
const COLOURS: [number, number, number][] = [
  [184, 50, 79],
  [230, 160, 60],
  [70, 120, 80],
  [200, 190, 220],
  [240, 240, 235],
];

/**
 * A 4000 × 3000 camera-like photo: a diagonal gradient between two colours, detail at several scales
 * (value noise with cells of 200, 50 and 12 px, so a downscaled variant still has texture to encode,
 * as petals and leaves do) and sensor grain.
 */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const [a, b] = [COLOURS[seed % COLOURS.length]!, COLOURS[(seed + 2) % COLOURS.length]!];
  let state = ((seed + 1) * 2654435761) >>> 0;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) / 0x1000000 - 0.5;
  };
  const octaves = [
    { cell: 200, amplitude: 70 },
    { cell: 50, amplitude: 45 },
    { cell: 12, amplitude: 30 },
  ].map((o) => {
    const cols = Math.ceil(width / o.cell) + 2;
    const rows = Math.ceil(height / o.cell) + 2;
    return { ...o, cols, grid: Float32Array.from({ length: cols * rows }, random) };
  });
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let detail = random() * 26; // grain
      for (const o of octaves) {
        const gx = x / o.cell;
        const gy = y / o.cell;
        const x0 = Math.floor(gx);
        const y0 = Math.floor(gy);
        const fx = gx - x0;
        const fy = gy - y0;
        const g = o.grid;
        const i0 = y0 * o.cols + x0;
        const top = g[i0]! + (g[i0 + 1]! - g[i0]!) * fx;
        const bottom = g[i0 + o.cols]! + (g[i0 + o.cols + 1]! - g[i0 + o.cols]!) * fx;
        detail += (top + (bottom - top) * fy) * o.amplitude;
      }
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, a[c]! + (b[c]! - a[c]!) * t + detail * (0.8 + 0.2 * c)));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

async function timed(url: string): Promise<{ bytes: number; ms: number; type: string; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  return { bytes: body.length, ms: performance.now() - started, type: res.headers.get('content-type') ?? '', status: res.status };
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
const fmt = (n: number, digits: number) => n.toFixed(digits);

export async function images(): Promise<string> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-bench-photos-'));
  const mediaDir = path.join(tmp, 'media');
  fs.mkdirSync(path.join(mediaDir, 'products'), { recursive: true });
  const seeded = await seededShop();
  const copy = copyOf(seeded, 'images');
  const { openDatabase } = await import('../src/db/database');
  const db = openDatabase({ sqliteFile: copy });
  const slugs = (await db.kysely.selectFrom('product').select('slug').orderBy('position').limit(PHOTOS).execute()).map((r) => r.slug);
  await db.close();

  console.log(`\n## Real photos: the product page's LCP picture on a ${PHONE.width} px phone at DPR ${PHONE.dpr}\n`);
  const originals = new Map<string, number>();
  for (const [i, slug] of slugs.entries()) {
    const photo = await cameraPhoto(i);
    fs.writeFileSync(path.join(mediaDir, 'products', `${slug}.jpg`), photo);
    originals.set(slug, photo.length);
    console.log(`  made ${slug}.jpg: 4000 × 3000, ${mb(photo.length)}`);
  }

  // Cold: variants only on request (MEDIA_WARM=0), so the first request pays the encode.
  const server = await startShop('shop with photos', copy, { MEDIA_DIR: mediaDir, MEDIA_CACHE_DIR: path.join(tmp, 'cache'), MEDIA_WARM: '0' });
  const rows: string[][] = [];
  const totals = { before: 0, after: 0 };
  try {
    for (const slug of slugs) {
      const res = await fetch(`${server.base}/v1/catalog/products/${slug}?${B}`);
      const product = ((await res.json()) as { data: ProductDetail }).data;
      const main = product.images[0]!;
      if (!main.variants) throw new Error(`${slug}: the API gave no variants (${main.src})`);
      const picture = responsivePicture(main, { sizes: IMAGE_SIZES.productMain });
      const width = pickWidth(main.variants.widths, SLOT, PHONE.dpr);
      const version = /[?&]v=(\w+)/.exec(main.src)?.[1];
      const original = await timed(`${server.base}/media/products/${slug}.jpg?v=${version}`);
      const avifCold = await timed(`${server.base}${variantUrl(main.variants, width, 'avif')}`);
      const avifWarm = await timed(`${server.base}${variantUrl(main.variants, width, 'avif')}`);
      const webp = await timed(`${server.base}${variantUrl(main.variants, width, 'webp')}`);
      const jpeg = await timed(`${server.base}${picture.img.src}`);
      for (const r of [original, avifCold, avifWarm, webp, jpeg]) if (r.status !== 200) throw new Error(`${slug}: a picture answered ${r.status}`);
      if (avifCold.type !== 'image/avif') throw new Error(`${slug}: the AVIF variant came as ${avifCold.type}`);
      totals.before += original.bytes;
      totals.after += avifCold.bytes;
      rows.push([
        slug,
        mb(original.bytes),
        `${width} w`,
        kb(avifCold.bytes),
        kb(webp.bytes),
        kb(jpeg.bytes),
        `÷${fmt(original.bytes / avifCold.bytes, 0)}`,
        `${fmt(avifCold.ms, 0)} ms`,
        `${fmt(avifWarm.ms, 1)} ms`,
      ]);
    }
  } finally {
    await server.stop();
  }
  // As the shop runs (warming on, a fresh cache): the photos' page data is asked for once (by anyone),
  // the server warms their AVIF and WebP variants in the background, then a shopper opens each page.
  const warmCache = path.join(tmp, 'cache-warm');
  const warm = await startShop('shop with photos, warming', copy, { MEDIA_DIR: mediaDir, MEDIA_CACHE_DIR: warmCache });
  let warming = { ms: NaN, files: 0 };
  try {
    const started = performance.now();
    const mains: ProductDetail['images'][number][] = [];
    for (const slug of slugs) {
      const res = await fetch(`${warm.base}/v1/catalog/products/${slug}?${B}`);
      mains.push(((await res.json()) as { data: ProductDetail }).data.images[0]!);
    }
    const expected = mains.reduce((n, m) => n + m.variants!.widths.length * 2, 0);
    const count = () =>
      slugs.reduce((n, slug) => {
        const dir = path.join(warmCache, 'products', slug);
        return n + (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.w\d+\.(avif|webp)$/.test(f)).length : 0);
      }, 0);
    while (count() < expected && performance.now() - started < 300_000) await new Promise((r) => setTimeout(r, 100));
    warming = { ms: performance.now() - started, files: count() };
    for (const [i, main] of mains.entries()) {
      const first = await timed(`${warm.base}${variantUrl(main.variants!, pickWidth(main.variants!.widths, SLOT, PHONE.dpr), 'avif')}`);
      rows[i]!.push(`${fmt(first.ms, 1)} ms`);
    }
  } finally {
    await warm.stop();
    removeCopy(copy);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const out = [
    `Photos: ${PHOTOS} generated 4000 × 3000 JPEGs (quality 92, texture at 200/50/12 px and grain). Slot: \`${IMAGE_SIZES.productMain}\` → ${Math.round(SLOT)} CSS px × ${PHONE.dpr} = ${Math.round(SLOT * PHONE.dpr)} device px.`,
    'Before: the page linked the original. After: the AVIF variant Chromium picks from the `<picture>` (WebP and JPEG for browsers without AVIF).',
    '',
    table(['product', 'before (original JPEG)', 'variant', 'after: AVIF', 'WebP', 'JPEG fallback', 'smaller', 'AVIF 1st request, cold', 'AVIF 2nd (kept)', 'AVIF 1st request after warming'], rows),
    '',
    `Total LCP bytes for the ${PHOTOS} product pages: ${mb(totals.before)} before, ${kb(totals.after)} after (÷${fmt(totals.before / totals.after, 0)}).`,
    `Warming (on by default): ${warming.files} AVIF and WebP variants of the ${PHOTOS} photos made in the background ${fmt(warming.ms / 1000, 1)} s after their page data was first asked for.`,
  ].join('\n');
  console.log(`\n${out}`);
  return out;
}
