/**
 * The store's pages: the shell's index, with the live manifest and its main remote's files announced,
 * drawn on the server within its budget (page-drawer.ts) and kept in the page cache under the data
 * stamp. store-files.ts registers the routes that answer with them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drawnPageUrl, savesData, type CurrencyName, type StoreManifest } from '@adire/contracts';
import type { DataStamp } from '../db/data-versions';
import { PRIVATE_CACHE_CONTROL } from '../http/cache-control';
import { DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE, DrawAllowance } from '../http/draw-allowance';
import { preloadReader, shellPage, withDrawing } from '../http/page';
import { isShopperPage, PAGE_VARY, PageCache, pageCacheKey, type KeptPage } from '../http/page-cache';
import { currencyFromCookie } from '../http/server-draw';
import { bucketCookie, bucketFromCookie, manifestForBucket, newBucket } from './canary';
import { FINISH_FOR_CACHE_MS, pageDrawer, type DrawnPage, type PageDrawing, type ServerDrawOptions } from './page-drawer';
import type { ReleaseRegistry } from './registry';
import { liveShellFolder, SHELL_ENTRY_FILE, storeManifest, type ReleaseManifest } from './releases';

/** Signs buckets when the store was given no secret (a store without telemetry: one process's own). */
const PROCESS_SECRET = randomBytes(32).toString('base64url');

/**
 * The manifest one browser is served: with a canary running, its bucket (a cookie the server draws and
 * signs, kept: sticky) decides whether it gets the canary's version. A cookie the store did not sign is
 * no bucket: the browser is given a new one, so no client chooses to run a canary (issue 38, item 3).
 */
export function forBrowser(manifest: ReleaseManifest, request: FastifyRequest, reply: FastifyReply, secret = PROCESS_SECRET): ReleaseManifest {
  if (!manifest.canary) return manifest;
  let bucket = bucketFromCookie(request.headers.cookie, secret);
  if (bucket === null) {
    bucket = newBucket();
    reply.header('set-cookie', bucketCookie(bucket, secret));
  }
  bucketsDrawn.set(request, bucket);
  return manifestForBucket(manifest, bucket);
}

/** The bucket forBrowser gave a request (a new browser's too), for its page token; null without a canary. */
const bucketsDrawn = new WeakMap<FastifyRequest, number>();
const bucketOf = (request: FastifyRequest) => bucketsDrawn.get(request) ?? null;

/**
 * The Server-Timing entry carrying a page's token (release/page-token.ts): made for each response,
 * never part of a body the page cache keeps, so no two page loads share one.
 */
export type PageTiming = (manifest: ReleaseManifest, bucket: number | null, address: string) => Promise<string>;

/** Add an entry to the response's Server-Timing header (the page's token and the draw's time go side by side). */
function addServerTiming(reply: FastifyReply, entry: string): void {
  const had = reply.getHeader('server-timing');
  reply.header('server-timing', had ? `${String(had)}, ${entry}` : entry);
}

export interface ShellOptions {
  shellDir: string;
  registry: ReleaseRegistry;
  useReleases: boolean;
  devOverrides?: boolean;
  serverDraw?: ServerDrawOptions;
  pageTiming?: PageTiming;
  /** What canary buckets are signed with: the page tokens' secret, the same on every instance. */
  bucketSecret?: string;
}

/** What every page answer works with: one per app (shellPages). */
interface Ctx extends ShellOptions {
  app: FastifyInstance;
  releasesDir: string;
  preloadOf: ReturnType<typeof preloadReader> | null;
  draw: ReturnType<typeof pageDrawer> | null;
  pages: PageCache | null;
  allowance: DrawAllowance | null;
  /** The manifest as pages carry it, made once per manifest served (the registry keeps one until it changes). */
  storeManifestOf: (manifest: ReleaseManifest) => { remotes: StoreManifest; json: string };
  /** Drawings in progress by data stamp and page key (see drawAndSend), until finished for the cache. */
  drawings: Map<string, Promise<PageDrawing | null>>;
}

/**
 * Every page route gets the shell; the shell decides what it shows (including "page not found").
 * With releases, the page is the live shell release's (never cached, so a publish or rollback shows
 * on the next load), carries the live manifest and announces its main remote's files.
 */
export function shellPages(app: FastifyInstance, opts: ShellOptions) {
  const { registry, useReleases } = opts;
  const releasesDir = registry.cacheDir;
  const draw = useReleases && opts.serverDraw?.enabled !== false ? pageDrawer(app, registry, opts.serverDraw ?? {}) : null;
  const storeManifests = new WeakMap<ReleaseManifest, { remotes: StoreManifest; json: string }>();
  const ctx: Ctx = {
    ...opts,
    app,
    releasesDir,
    preloadOf: useReleases ? preloadReader(releasesDir) : null,
    draw,
    pages: draw && opts.serverDraw?.versions && opts.serverDraw.cache !== false ? new PageCache() : null,
    allowance: draw ? new DrawAllowance(opts.serverDraw?.drawsPerClientPerMinute ?? DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE) : null,
    storeManifestOf: (manifest) => {
      let made = storeManifests.get(manifest);
      if (!made) {
        const remotes = storeManifest(manifest, { devOverrides: opts.devOverrides });
        storeManifests.set(manifest, (made = { remotes, json: JSON.stringify(remotes) }));
      }
      return made;
    },
    drawings: new Map(),
  };
  return (request: FastifyRequest, reply: FastifyReply, asked: string) => sendShell(ctx, request, reply, asked);
}

/** One page asked for: its address as drawn and kept, the manifest served, and its key in the page cache (stamp null: not kept). */
interface PageAsked {
  url: string;
  pathname: string;
  manifest: ReleaseManifest | null;
  personal: boolean;
  /** The currency the page is drawn in: the cookie's, else naira. */
  currency: string;
  /** The request's currency cookie, if it had one (see withDrawing). */
  cookieCurrency: CurrencyName | null;
  /** The request said `Save-Data: on` (issue 42, item 4): drawn with smaller pictures, kept apart. */
  saveData: boolean;
  stamp: DataStamp | null;
  key: string;
}

async function readAsked(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, asked: string): Promise<PageAsked> {
  // Kept and drawn without the parameters that never change a page (fbclid, utm_*, …): one copy of each page.
  const url = drawnPageUrl(asked);
  const manifest = ctx.useReleases ? forBrowser(await ctx.registry.served(), request, reply, ctx.bucketSecret) : null;
  // Each response its own token, whether the page is drawn now or kept (see PageTiming).
  if (manifest && ctx.pageTiming) addServerTiming(reply, await ctx.pageTiming(manifest, bucketOf(request), request.ip));
  const pathname = url.split('?')[0] ?? '/';
  // A shopper's own page (the checkout of an order) is drawn for each request and kept by no one.
  const personal = isShopperPage(pathname);
  // The page depends on the currency cookie: a shared cache keeps one copy per currency, and one for
  // none (drawn in naira, it carries the time zone's script where the others carry the cookie's currency).
  const cookieCurrency = currencyFromCookie(request.headers.cookie);
  const currency = cookieCurrency ?? 'NGN';
  const saveData = savesData(request.headers['save-data']);
  const stamp = manifest && ctx.draw && ctx.pages && !personal ? await ctx.serverDraw!.versions!.current() : null;
  const key = stamp ? pageCacheKey(url, ctx.storeManifestOf(manifest!).json, cookieCurrency ?? 'none', saveData) : '';
  return { url, pathname, manifest, personal, currency, cookieCurrency, saveData, stamp, key };
}

/** A page drawn from this very manifest's shell release: no need to look at its files again. */
function sendKept(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, manifest: ReleaseManifest, kept: KeptPage) {
  reply.header('cache-control', 'no-cache').header('vary', PAGE_VARY);
  addServerTiming(reply, 'draw;desc="kept";dur=0');
  if (manifest.live.shell) reply.header('x-adire-shell', manifest.live.shell);
  return ctx.pages!.send(request, reply.type('text/html; charset=utf-8'), kept);
}

async function sendShell(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, asked: string) {
  const page = await readAsked(ctx, request, reply, asked);
  const { manifest, pathname } = page;
  const kept = page.stamp ? ctx.pages!.get(page.stamp.key, page.key) : undefined;
  if (kept) return sendKept(ctx, request, reply, manifest!, kept);
  const live = manifest ? liveShellFolder(ctx.releasesDir, manifest) : null;
  const indexFile = path.join(live ?? ctx.shellDir, SHELL_ENTRY_FILE);
  if (!fs.existsSync(indexFile)) {
    return reply.status(503).type('text/plain').send('The store is not built yet: run `pnpm build`.');
  }
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  if (live && manifest?.live.shell) reply.header('x-adire-shell', manifest.live.shell);
  const preloadOf = ctx.preloadOf;
  if (!manifest || !preloadOf) return reply.send(fs.createReadStream(indexFile));
  const remotes = ctx.storeManifestOf(manifest).remotes;
  if (!ctx.draw) return reply.send(shellPage(fs.readFileSync(indexFile, 'utf8'), pathname, remotes, preloadOf));
  reply.header('vary', PAGE_VARY);
  if (page.personal) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  const htmlOf = (drawn: DrawnPage | null) => {
    const html = shellPage(fs.readFileSync(indexFile, 'utf8'), pathname, remotes, preloadOf, { regionDrawn: !!drawn?.region });
    return drawn ? withDrawing(html, drawn, page.cookieCurrency) : html;
  };
  return drawAndSend(ctx, request, reply, page as PageAsked & { manifest: ReleaseManifest }, htmlOf);
}

/** The page drawn now (or the drawing of it already under way joined), sent, and kept when whole. */
async function drawAndSend(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, page: PageAsked & { manifest: ReleaseManifest }, htmlOf: (drawn: DrawnPage | null) => string) {
  const { pages } = ctx;
  const { stamp, key, url, manifest, currency, saveData } = page;
  const started = performance.now();
  let drawing: Promise<PageDrawing | null>;
  // One drawing per page at a time: shoppers asking for it meanwhile share it. A part that overran
  // its budget is finished for the cache, so the next shopper gets the whole page without a new
  // drawing (under a burst, drawing each page again for every shopper would overrun again and again).
  const flightKey = pages && stamp ? `${stamp.key}\n${key}` : null;
  const joined = flightKey ? ctx.drawings.get(flightKey) : undefined;
  if (joined) drawing = joined;
  else if (!ctx.allowance!.take(request.ip)) {
    // This client has caused its minute's worth of new drawings: the page as the browser draws it.
    addServerTiming(reply, 'draw;desc="over the allowance";dur=0');
    return reply.send(htmlOf(null));
  } else if (flightKey) drawing = startDrawing(ctx, flightKey, stamp!.key, key, htmlOf, url, manifest.live, currency, saveData);
  else drawing = ctx.draw!(url, manifest.live, currency, undefined, 0, saveData);
  const drawn = (await drawing)?.now ?? null;
  // How long the server spent drawing this page (the bench reads it; so can a browser's dev tools).
  addServerTiming(reply, `draw;dur=${(performance.now() - started).toFixed(1)}`);
  if (!drawn) return reply.send(htmlOf(null));
  // Only a whole drawing is kept: a part left to the browser (a failure, an overrun) is drawn again next time.
  if (!pages || !stamp || !drawn.complete) return reply.status(drawn.status).send(htmlOf(drawn));
  return pages.send(request, reply, pages.get(stamp.key, key) ?? pages.put(stamp.key, key, htmlOf(drawn), drawn.status));
}

/** A new drawing, shared by whoever asks for the page meanwhile; a part that overran is kept once finished. */
function startDrawing(
  ctx: Ctx,
  flightKey: string,
  stamp: string,
  key: string,
  htmlOf: (drawn: DrawnPage) => string,
  ...args: [url: string, live: Partial<Record<string, string>>, currency: string, saveData: boolean]
): Promise<PageDrawing | null> {
  const drawing = ctx.draw!(args[0], args[1], args[2], undefined, FINISH_FOR_CACHE_MS, args[3]);
  ctx.drawings.set(flightKey, drawing);
  const done = () => ctx.drawings.delete(flightKey);
  drawing.then((d) => {
    if (!d?.finished) return done();
    d.finished
      .then((whole) => {
        if (whole) ctx.pages!.put(stamp, key, htmlOf(whole), whole.status); // ignored if the stamp moved meanwhile
      })
      .catch((err: unknown) => ctx.app.log.warn({ err, url: args[0] }, 'a drawing finished for the page cache could not be kept'))
      .finally(done);
  }, done);
  return drawing;
}
