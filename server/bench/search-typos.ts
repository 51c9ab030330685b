/**
 * Search bench (issue 43, not a test): the shop's own index (catalog-index.ts with search-postings.ts and
 * search-typos.ts) beside MiniSearch 7.2 set up the same way (same words: folded, stemmed; the same field
 * weights; prefix search; one typo from 4 letters, two from 8), on the shop's catalogue and on a generated
 * one of 20,000 products: relevance on written queries, p50/p99 per query, memory and build time.
 *
 *   pnpm --filter @adire/server bench:search
 *   BENCH_MINISEARCH=/tmp/lib/node_modules/minisearch  …   to measure MiniSearch too (not a dependency:
 *                                                           `npm install minisearch@7.2.0` in a temp folder)
 *   BENCH_SIZES=shop,20000  BENCH_REPEATS=200               the catalogues, and how often each query runs
 */
import { pathToFileURL } from 'node:url';
import { writeCatalog } from '../src/domains/catalog';
import { CatalogIndex, readCatalogRows, tagLabel, tokenize, typoBudget, VIP_LABELS, type TagGroup } from '../src/domains/catalog/testing';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { CATEGORIES, CURRENCY_RATES } from '../src/db/seed-data';
import { demoCatalog, generateCatalog } from '../seed/catalog';

const SIZES = (process.env.BENCH_SIZES ?? 'shop,20000').split(',');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 200);

/** Written queries: what was typed, and the spelling meant (the products that spelling finds are the right answers). */
const QUERIES: { typed: string; meant: string }[] = [
  // The issue's misspellings.
  { typed: 'rosses', meant: 'roses' },
  { typed: 'lillies', meant: 'lilies' },
  { typed: 'bouqet', meant: 'bouquet' },
  { typed: 'sunflowr', meant: 'sunflower' },
  { typed: 'choclate', meant: 'chocolate' },
  { typed: 'teady', meant: 'teddy' },
  { typed: 'baloon', meant: 'balloon' },
  { typed: 'orkid', meant: 'orchid' },
  { typed: 'champange', meant: 'champagne' },
  // More thumbs: two words, a swap, a letter doubled, a plural.
  { typed: 'red rosses', meant: 'red roses' },
  { typed: 'teddy baer', meant: 'teddy bear' },
  { typed: 'birthday cak', meant: 'birthday cake' },
  { typed: 'hydrangea', meant: 'hydrangea' },
  { typed: 'hydrangia', meant: 'hydrangea' },
  { typed: 'carnatoins', meant: 'carnations' },
  { typed: 'tullips', meant: 'tulips' },
  { typed: 'perfum', meant: 'perfume' },
  // Spelt right: exact and prefix answers must not change or gain look-alikes.
  { typed: 'roses', meant: 'roses' },
  { typed: 'cake', meant: 'cake' },
  { typed: 'lili', meant: 'lili' },
  { typed: 'moet', meant: 'moet' },
  { typed: 'mothers day', meant: 'mothers day' },
  { typed: 'wine', meant: 'wine' },
];

async function shopDb(size: string): Promise<Db> {
  const db = openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(db);
  await db.kysely.insertInto('category').values(CATEGORIES.map((c, position) => ({ slug: c.slug, name: c.name, menu_group: c.group, position }))).execute();
  await db.kysely.insertInto('currency').values(CURRENCY_RATES).execute();
  await writeCatalog(db, size === 'shop' ? demoCatalog().catalog : generateCatalog({ products: Number(size), reviews: false }));
  return db;
}

interface Engine {
  name: string;
  buildMs: number;
  heapMb: number;
  /** Product ids, best first, and how many matched. */
  search(q: string): { ids: string[]; total: number };
}

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  // The JS heap and the typed arrays' buffers (the own index keeps its postings and bitsets there).
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1024 / 1024;
}

async function ownEngine(db: Db): Promise<Engine> {
  const rows = await readCatalogRows(db);
  const before = heapMb();
  const t = performance.now();
  const index = CatalogIndex.fromRows(1, rows);
  const buildMs = performance.now() - t;
  // The listing index entire (bitsets, sorts, facets and search): search's share is not apart.
  const heap = heapMb() - before;
  return {
    name: 'own index',
    buildMs,
    heapMb: heap,
    search(q) {
      const r = index.search(q, 24);
      return { ids: r.positions.map((p) => index.products[p]!.id), total: r.total };
    },
    // Kept alive for the memory figure.
    ...{ index },
  };
}

type MiniSearchClass = new (options: Record<string, unknown>) => {
  addAll(docs: object[]): void;
  search(q: string, options?: Record<string, unknown>): { id: string }[];
};

async function miniSearchEngine(db: Db, MiniSearch: MiniSearchClass): Promise<Engine> {
  const rows = await readCatalogRows(db);
  const categoryNames = new Map(rows.categories.map((c) => [c.slug, c.name]));
  const docs = rows.products.map((p, i) => ({
    id: p.id,
    name: p.name,
    tags: [
      ...(rows.memberships[i] ?? '').split(' ').map((slug) => categoryNames.get(slug) ?? ''),
      ...(rows.tags[i] ?? '').split(' ').filter((k) => k.includes(':')).map((k) => tagLabel(k.slice(0, k.indexOf(':')) as TagGroup, k.slice(k.indexOf(':') + 1))),
      p.vipClass ? `vip ${VIP_LABELS[p.vipClass]}` : '',
      rows.keywords[i] ?? '',
    ].join(' '),
    description: p.description,
  }));
  const before = heapMb();
  const t = performance.now();
  const mini = new MiniSearch({
    fields: ['name', 'tags', 'description'],
    // The same words as the shop's index: folded and stemmed.
    tokenize: (text: string) => tokenize(text),
    processTerm: (term: string) => term,
    searchOptions: {
      boost: { name: 6, tags: 3, description: 1 },
      prefix: true,
      fuzzy: (term: string) => typoBudget(term),
      combineWith: 'AND',
    },
  });
  mini.addAll(docs);
  const buildMs = performance.now() - t;
  const heap = heapMb() - before;
  return {
    name: 'MiniSearch 7.2',
    buildMs,
    heapMb: heap,
    search(q) {
      const found = mini.search(q);
      return { ids: found.slice(0, 24).map((r) => r.id), total: found.length };
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The right answers of a query: what the own index finds for the spelling meant. */
function relevance(engine: Engine, truth: Map<string, Set<string>>) {
  const rows: { typed: string; found: number; recall: number; precision: number }[] = [];
  for (const { typed, meant } of QUERIES) {
    const right = truth.get(meant)!;
    const found = engine.search(typed);
    const top = found.ids;
    const hits = top.filter((id) => right.has(id)).length;
    // Recall within the first page: how many of the right answers that fit on it it shows.
    const recall = right.size === 0 ? 1 : hits / Math.min(24, right.size);
    const precision = top.length === 0 ? (right.size === 0 ? 1 : 0) : hits / top.length;
    rows.push({ typed, found: found.total, recall, precision });
  }
  return rows;
}

/**
 * Wall time and this process's CPU time per query (on a shared machine, wall time's p99 is mostly the
 * scheduler's: other processes on the same cores; CPU time is what the query itself costs).
 */
function timing(engine: Engine) {
  const all: number[] = [];
  const typos: number[] = [];
  const cpu: number[] = [];
  const typoCpu: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    for (const { typed, meant } of QUERIES) {
      const c = process.cpuUsage();
      const t = performance.now();
      engine.search(typed);
      const ms = performance.now() - t;
      const used = process.cpuUsage(c);
      const cpuMs = (used.user + used.system) / 1000;
      all.push(ms);
      cpu.push(cpuMs);
      if (typed !== meant) {
        typos.push(ms);
        typoCpu.push(cpuMs);
      }
    }
  }
  for (const xs of [all, typos, cpu, typoCpu]) xs.sort((a, b) => a - b);
  return {
    p50: percentile(all, 50), p99: percentile(all, 99), typoP50: percentile(typos, 50), typoP99: percentile(typos, 99),
    cpuP50: percentile(cpu, 50), cpuP99: percentile(cpu, 99), typoCpuP99: percentile(typoCpu, 99),
  };
}

async function main(): Promise<void> {
  let MiniSearch: MiniSearchClass | undefined;
  if (process.env.BENCH_MINISEARCH) {
    const mod = (await import(pathToFileURL(`${process.env.BENCH_MINISEARCH}/dist/es/index.js`).href)) as { default: MiniSearchClass };
    MiniSearch = mod.default;
  }
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc for the memory figures)');
  for (const size of SIZES) {
    const db = await shopDb(size);
    const engines: Engine[] = [await ownEngine(db)];
    if (MiniSearch) engines.push(await miniSearchEngine(db, MiniSearch));
    const truth = new Map<string, Set<string>>();
    for (const { meant } of QUERIES) {
      // The spelling meant, matched with the own index as exact and prefix words (no word of it is corrected).
      const r = engines[0]!.search(meant);
      truth.set(meant, new Set(engines[0]!.search(meant).ids.length ? allIds(engines[0]!, meant, r.total) : []));
    }
    console.log(`\n## ${size === 'shop' ? "The shop's catalogue" : `${size} generated products`}\n`);
    console.log('| engine | build ms | memory MB | all queries p50 / p99 ms | typo queries p50 / p99 ms | CPU ms p50 / p99, typo p99 | page recall (mean) | precision (mean) |');
    console.log('|---|---|---|---|---|---|---|---|');
    const perQuery: string[][] = QUERIES.map((q) => [q.typed === q.meant ? q.typed : `${q.typed} (${q.meant})`]);
    for (const engine of engines) {
      for (let w = 0; w < 3; w++) for (const { typed } of QUERIES) engine.search(typed); // warm
      const t = timing(engine);
      const rel = relevance(engine, truth);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      console.log(
        `| ${engine.name} | ${engine.buildMs.toFixed(0)} | ${engine.heapMb.toFixed(1)} | ${t.p50.toFixed(3)} / ${t.p99.toFixed(3)} | ${t.typoP50.toFixed(3)} / ${t.typoP99.toFixed(3)} | ${t.cpuP50.toFixed(3)} / ${t.cpuP99.toFixed(3)}, ${t.typoCpuP99.toFixed(3)} | ${mean(rel.map((r) => r.recall)).toFixed(2)} | ${mean(rel.map((r) => r.precision)).toFixed(2)} |`,
      );
      rel.forEach((r, i) => perQuery[i]!.push(`${r.found} · ${r.recall.toFixed(2)} · ${r.precision.toFixed(2)}`));
    }
    console.log(`\nPer query (found · page recall · precision): the right answers are what the spelling meant finds.\n`);
    console.log(`| query (meant) | ${engines.map((e) => e.name).join(' | ')} |`);
    console.log(`|---|${engines.map(() => '---').join('|')}|`);
    for (const row of perQuery) console.log(`| ${row.join(' | ')} |`);
    await db.close();
  }
}

/** Every product id the own index finds for a query (not only the first page). */
function allIds(engine: Engine, q: string, total: number): string[] {
  const index = (engine as unknown as { index: CatalogIndex }).index;
  return index.search(q, Math.max(total, 1)).positions.map((p) => index.products[p]!.id);
}

await main();
