/**
 * Catalogue bench (not a test): builds a temporary SQLite shop with 1,000 and then 20,000 generated
 * products, serves it on loopback HTTP (127.0.0.1, keep-alive) and reports p50/p99 of category
 * listing, filtered listing and search, plus the 20k/1k ratio.
 *
 *   pnpm --filter @adire/server bench:catalog            (or: pnpm bench, from the root)
 *   BENCH_SIZES=1000,5000,20000 BENCH_REQUESTS=800 …     to change the sizes or the sample count
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { writeCatalog } from '../src/domains/catalog';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { generateCatalog } from '../seed/catalog';
import { CATEGORIES, CURRENCY_RATES } from '../src/db/seed-data';
import { B, CATEGORY_SLUGS, FILTERS, QUERIES, SORTS } from './requests';

const SIZES = (process.env.BENCH_SIZES ?? '1000,20000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
type Scenario = { name: string; url: (i: number) => string };
const scenarios: Scenario[] = [
  // The floor: one tiny database read over the same HTTP path, to read the others against.
  { name: 'baseline /healthz', url: () => '/healthz' },
  { name: 'category listing', url: (i) => `/v1/catalog/categories/${CATEGORY_SLUGS[i % CATEGORY_SLUGS.length]}/products?${B}&page=${(i % 3) + 1}${SORTS[i % SORTS.length]}` },
  { name: 'filtered listing', url: (i) => `/v1/catalog/categories/${CATEGORY_SLUGS[i % 4]}/products?${B}${FILTERS[i % FILTERS.length]}${SORTS[(i >> 2) % SORTS.length]}` },
  { name: 'search', url: (i) => `/v1/catalog/search?${B}&q=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}&limit=20` },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function shopWith(products: number) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-bench-'));
  const db = openDatabase({ sqliteFile: path.join(tmp, 'bench.sqlite') });
  await migrateToLatest(db);
  await db.kysely.insertInto('category').values(CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, menu_group: c.group, position }))).execute();
  await db.kysely.insertInto('currency').values(CURRENCY_RATES).execute();
  let t = performance.now();
  const catalog = generateCatalog({ products });
  const generated = performance.now() - t;
  t = performance.now();
  await writeCatalog(db, catalog);
  const written = performance.now() - t;
  const app = await buildApp({ db, config: { shellDir: path.join(tmp, 'shell'), releasesDir: path.join(tmp, 'releases'), bodyLimitBytes: 100 * 1024, logLevel: 'silent' }, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    info: { products: catalog.products.length, reviews: catalog.reviews.length, generatedMs: generated, writtenMs: written },
    async close() {
      await app.close();
      await db.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

async function timed(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url} → ${res.status} ${body.slice(0, 200)}`);
  return ms;
}

const results = new Map<number, Map<string, { p50: number; p99: number; mean: number }>>();
for (const size of SIZES) {
  const shop = await shopWith(size);
  const indexMs = await timed(`${shop.base}/v1/catalog/categories?${B}`); // first call builds the listing index
  console.log(`\n${shop.info.products} products (${shop.info.reviews} reviews): generated in ${shop.info.generatedMs.toFixed(0)} ms, written in ${shop.info.writtenMs.toFixed(0)} ms, listing index built on first call in ${indexMs.toFixed(0)} ms`);
  const perSize = new Map<string, { p50: number; p99: number; mean: number }>();
  for (const s of scenarios) {
    for (let i = 0; i < 60; i++) await timed(`${shop.base}${s.url(i)}`); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) samples.push(await timed(`${shop.base}${s.url(i)}`));
    samples.sort((a, b) => a - b);
    const stats = { p50: percentile(samples, 50), p99: percentile(samples, 99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
    perSize.set(s.name, stats);
    console.log(`  ${s.name.padEnd(19)} p50 ${stats.p50.toFixed(2).padStart(6)} ms   p99 ${stats.p99.toFixed(2).padStart(6)} ms   (${REQUESTS} requests over loopback HTTP)`);
  }
  results.set(size, perSize);
  await shop.close();
}

if (SIZES.length >= 2) {
  const small = results.get(SIZES[0]!)!;
  const big = results.get(SIZES[SIZES.length - 1]!)!;
  console.log(`\nratio ${SIZES[SIZES.length - 1]} / ${SIZES[0]} products:`);
  for (const s of scenarios) {
    const a = small.get(s.name)!;
    const b = big.get(s.name)!;
    console.log(`  ${s.name.padEnd(19)} p50 ×${(b.p50 / a.p50).toFixed(2)}   p99 ×${(b.p99 / a.p99).toFixed(2)}   mean ×${(b.mean / a.mean).toFixed(2)}`);
  }
}
