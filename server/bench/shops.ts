/**
 * Databases for the bench, built once and kept in the temp folder (a catalogue of 100,000 products
 * takes minutes to generate and write): the seeded shop, and generated catalogues of any size. The file
 * name carries a hash of the seed content's sources (seed/catalog), so a changed generator builds afresh.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCatalog } from '../src/domains/catalog';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed';
import { generateCatalog } from '../seed/catalog';
import { CATEGORIES, CURRENCY_RATES } from '../src/db/seed-data';
import { ReleaseRegistry } from '../src/release';
import { RELEASE_TARGETS } from '../src/release';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_DIR = process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'adire-bench');

function sourcesHash(): string {
  const h = createHash('sha256');
  const generator = fs.readdirSync(path.join(serverDir, 'seed/catalog')).sort().map((f) => `seed/catalog/${f}`);
  for (const f of [...generator, 'src/db/seed-data.ts', 'src/domains/catalog/writer.ts', 'src/seed.ts']) {
    h.update(fs.readFileSync(path.join(serverDir, f)));
  }
  return h.digest('hex').slice(0, 10);
}

async function buildOnce(name: string, build: (file: string) => Promise<void>): Promise<string> {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, `${name}-${sourcesHash()}.sqlite`);
  if (fs.existsSync(file)) return file;
  const partial = `${file}.building`;
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(f, { force: true });
  await build(partial);
  fs.renameSync(partial, file);
  return file;
}

/** The shop as `pnpm shop` seeds it (about 300 products, settings, demo accounts). */
export function seededShop(): Promise<string> {
  return buildOnce('seeded', async (file) => {
    const db = openDatabase({ sqliteFile: file });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.close(); // checkpoints the WAL into the file
  });
}

/** A generated catalogue of `products` products (as bench/catalog.ts builds it). */
export function generatedShop(products: number, log: (line: string) => void = console.log): Promise<string> {
  return buildOnce(`catalog-${products}`, async (file) => {
    log(`  building a catalogue of ${products.toLocaleString('en-US')} products (once; kept in ${BENCH_DIR})…`);
    const t = performance.now();
    const db = openDatabase({ sqliteFile: file });
    await migrateToLatest(db);
    await db.kysely.insertInto('category').values(CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, menu_group: c.group, position }))).execute();
    await db.kysely.insertInto('currency').values(CURRENCY_RATES).execute();
    await writeCatalog(db, generateCatalog({ products }));
    await db.close();
    log(`  built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  });
}

/**
 * The seeded shop as another checkout's server makes it, with its own seed command (`beside`'s build
 * before: its migrations and seed may be older than this checkout's, whose database it could not open).
 * A fresh file each time; remove it with `removeCopy`.
 */
export function seededShopOf(otherServerDir: string, name: string): string {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, `${name}-${process.pid}.sqlite`);
  removeCopy(file);
  const env: NodeJS.ProcessEnv = { ...process.env, SQLITE_FILE: file, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/seed.ts'], { cwd: otherServerDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return file;
}

/** A fresh copy of a kept database (for runs that write: orders). */
export function copyOf(file: string, name: string): string {
  const copy = path.join(BENCH_DIR, `${name}-${process.pid}.sqlite`);
  for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(f, { force: true });
  fs.copyFileSync(file, copy);
  return copy;
}

export function removeCopy(copy: string): void {
  for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(f, { force: true });
}

/**
 * The store's builds (`pnpm build`: shell/dist and each mf-*\/dist) published into a bench database's
 * release registry, unpacked into `cacheDir` (what the server draws and serves with).
 */
export async function publishBuilds(file: string, cacheDir: string): Promise<void> {
  const root = path.resolve(serverDir, '..');
  const db = openDatabase({ sqliteFile: file });
  try {
    await migrateToLatest(db);
    const registry = new ReleaseRegistry(db, cacheDir);
    for (const target of RELEASE_TARGETS) {
      const distDir = path.join(root, target === 'shell' ? 'shell' : `mf-${target}`, 'dist');
      await registry.publish({ remote: target, distDir, packageVersion: '0.1.0', commit: 'bench', contractsVersion: '1.0.0' });
    }
  } finally {
    await db.close();
  }
}
