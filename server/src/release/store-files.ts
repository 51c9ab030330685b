import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drawnPageUrl, REMOTE_NAMES, type StoreManifest } from '@adire/contracts';
import { PRIVATE_CACHE_CONTROL } from '../http/cache-control';
import { DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE, DrawAllowance } from '../http/draw-allowance';
import { shortPath } from '../http/errors';
import { shellFileOf } from '../http/file-paths';
import { preloadReader, shellPage, withDrawing } from '../http/page';
import { isShopperPage, PageCache, pageCacheKey } from '../http/page-cache';
import { currencyFromCookie } from '../http/server-draw';
import { ROOT } from '../paths';
import { bucketCookie, bucketFromCookie, manifestForBucket, newBucket } from './canary';
import { releaseFileOf } from './release-file';
import { FINISH_FOR_CACHE_MS, pageDrawer, type DrawnPage, type PageDrawing, type ServerDrawOptions } from './page-drawer';
import type { ReleaseRegistry } from './registry';
import { ENTRY_FILE, liveShellFolder, SHELL_ENTRY_FILE, storeManifest, type ReleaseManifest } from './releases';

export type { ServerDrawOptions } from './page-drawer';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a file is there; a name the file system refuses (too long, …) is no file, not an error. */
function isFileAt(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * The embedded default: this process also serves the shell (its live release, else the build in
 * SHELL_DIR), the immutable remote releases and `/remotes.json`. A CDN can take over the static parts
 * without any change to the API.
 */
export async function registerStoreFiles(
  app: FastifyInstance,
  dirs: { shellDir: string; registry: ReleaseRegistry; devRemotes?: boolean; devOverrides?: boolean; serverDraw?: ServerDrawOptions; pageTiming?: PageTiming },
) {
  const { registry } = dirs;
  const releasesDir = registry.cacheDir;
  fs.mkdirSync(releasesDir, { recursive: true });
  if (dirs.devRemotes) {
    await registerDevRemotes(app);
    return registerShell(app, { shellDir: dirs.shellDir, registry, useReleases: false });
  }
  app.get('/remotes.json', async (request, reply) => {
    // The registry's stamp is checked on every request: a publish or rollback made through any
    // instance shows on the next page load, no restart.
    const manifest = forBrowser(await registry.served(), request, reply);
    return reply.header('cache-control', 'no-store').send(storeManifest(manifest, { devOverrides: dirs.devOverrides }));
  });

  // The release files in a plugin of their own: its hook runs for /releases/* only, so no API answer
  // or page pays for it (issue 22).
  await app.register(async (releaseFiles) => {
    // A release's files are unpacked from the registry into this instance's cache on first use (a page
    // drawn before a rollback may still ask for the other version's chunks).
    releaseFiles.addHook('onRequest', async (request) => {
      const asked = releaseFileOf(request.url);
      if (asked) await registry.unpack(asked.target, asked.version);
    });

    await releaseFiles.register(fastifyStatic, {
      root: releasesDir,
      prefix: '/releases/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // Each build writes .br and .gz copies at maximum compression beside its files; send those.
      preCompressed: true,
      // Only files inside a release folder, judged on the path's normal form (release-file.ts); never the
      // manifest, its lock, a staging copy, a release's record or its server draw module.
      allowedPath: (_pathName, _root, request) => releaseFileOf(request.url) !== null,
      setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
    });
  });

  await registerShell(app, { shellDir: dirs.shellDir, registry, useReleases: true, devOverrides: dirs.devOverrides, serverDraw: dirs.serverDraw, pageTiming: dirs.pageTiming });
}


/**
 * The manifest one browser is served: with a canary running, its bucket (a cookie, drawn once and
 * kept: sticky) decides whether it gets the canary's version.
 */
export function forBrowser(manifest: ReleaseManifest, request: FastifyRequest, reply: FastifyReply): ReleaseManifest {
  if (!manifest.canary) return manifest;
  let bucket = bucketFromCookie(request.headers.cookie);
  if (bucket === null) {
    bucket = newBucket();
    reply.header('set-cookie', bucketCookie(bucket));
  }
  bucketsDrawn.set(request, bucket);
  return manifestForBucket(manifest, bucket);
}

/** The bucket forBrowser gave a request (a new browser's too), for its page token. */
const bucketsDrawn = new WeakMap<FastifyRequest, number>();
const bucketOf = (request: FastifyRequest) => bucketsDrawn.get(request) ?? bucketFromCookie(request.headers.cookie);

/**
 * The Server-Timing entry carrying a page's token (release/page-token.ts): made for each response,
 * never part of a body the page cache keeps, so no two page loads share one.
 */
export type PageTiming = (manifest: ReleaseManifest, bucket: number | null) => Promise<string>;

/** Add an entry to the response's Server-Timing header (the page's token and the draw's time go side by side). */
function addServerTiming(reply: FastifyReply, entry: string): void {
  const had = reply.getHeader('server-timing');
  reply.header('server-timing', had ? `${String(had)}, ${entry}` : entry);
}

/** Development only: each remote straight from its `vite build --watch` folder, never cached. */
async function registerDevRemotes(app: FastifyInstance) {
  app.get('/remotes.json', async (_request, reply) => {
    const entries = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { version: 'dev', entry: `/dev-remotes/${name}/${ENTRY_FILE}` }]),
    );
    // A development store: the shell also honours ?remote.<name>=<local entry> overrides.
    return reply.header('cache-control', 'no-store').send({ ...entries, devOverrides: true });
  });
  for (const name of REMOTE_NAMES) {
    const root = path.join(ROOT, `mf-${name}`, 'dist');
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/dev-remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-store'),
    });
  }
}

async function registerShell(
  app: FastifyInstance,
  opts: { shellDir: string; registry: ReleaseRegistry; useReleases: boolean; devOverrides?: boolean; serverDraw?: ServerDrawOptions; pageTiming?: PageTiming },
) {
  const { shellDir, registry, useReleases } = opts;
  const releasesDir = registry.cacheDir;
  // reply.sendFile for the shell's files; each call names the folder it sends from.
  await app.register(fastifyStatic, {
    root: releasesDir,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Content-hashed names (assets/…, remoteEntry-<hash>.js) never change: cache them for good.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`) || /-[\w-]{8}\.js$/.test(path.basename(filePath));
      res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });

  /**
   * Where the shell's files come from, first match wins: the live shell release; the other shell
   * releases (a page loaded before a publish or rollback still finds its lazily loaded chunks, whose
   * hashed names never clash); last the build in SHELL_DIR (a store whose shell is not released).
   */
  const shellFolders = (live: string | null): string[] => {
    const folders = live ? [live] : [];
    const all = path.join(releasesDir, 'shell');
    if (useReleases && fs.existsSync(all)) {
      for (const e of fs.readdirSync(all, { withFileTypes: true })) {
        const dir = path.join(all, e.name);
        if (e.isDirectory() && !e.name.includes('.staging-') && dir !== live) folders.push(dir);
      }
    }
    folders.push(shellDir);
    return folders;
  };

  app.get('/*', async (request, reply) => {
    const file = shellFileOf(request.url);
    if (!file) return reply.callNotFound();
    const live = useReleases ? liveShellFolder(releasesDir, await registry.served()) : null;
    const isFile = (dir: string) => isFileAt(path.join(dir, file));
    // Not in this instance's cache yet: the shell release that has it, unpacked from the registry.
    const folder = shellFolders(live).find(isFile) ?? (useReleases ? await registry.shellFolderWith(file) : null);
    if (!folder || !isFile(folder)) return reply.callNotFound();
    return reply.sendFile(file, folder);
  });

  const preloadOf = useReleases ? preloadReader(releasesDir) : null;
  const draw = useReleases && opts.serverDraw?.enabled !== false ? pageDrawer(app, registry, opts.serverDraw ?? {}) : null;
  const pages = draw && opts.serverDraw?.versions && opts.serverDraw.cache !== false ? new PageCache() : null;
  // Every page route gets the shell; the shell decides what it shows (including "page not found").
  // With releases, the page is the live shell release's (never cached, so a publish or rollback shows
  // on the next load), carries the live manifest and announces its main remote's files.
  // The manifest as pages carry it, made once per manifest served (the registry keeps one until it changes).
  const storeManifests = new WeakMap<ReleaseManifest, { remotes: StoreManifest; json: string }>();
  const storeManifestOf = (manifest: ReleaseManifest) => {
    let made = storeManifests.get(manifest);
    if (!made) {
      const remotes = storeManifest(manifest, { devOverrides: opts.devOverrides });
      storeManifests.set(manifest, (made = { remotes, json: JSON.stringify(remotes) }));
    }
    return made;
  };
  const allowance = draw ? new DrawAllowance(opts.serverDraw?.drawsPerClientPerMinute ?? DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE) : null;
  const sendShell = async (request: FastifyRequest, reply: FastifyReply, asked: string) => {
    // Kept and drawn without the parameters that never change a page (fbclid, utm_*, …): one copy of each page.
    const url = drawnPageUrl(asked);
    const manifest = useReleases ? forBrowser(await registry.served(), request, reply) : null;
    // Each response its own token, whether the page is drawn now or kept (see PageTiming).
    if (manifest && opts.pageTiming) addServerTiming(reply, await opts.pageTiming(manifest, bucketOf(request)));
    const pathname = url.split('?')[0] ?? '/';
    // A shopper's own page (the checkout of an order) is drawn for each request and kept by no one.
    const personal = isShopperPage(pathname);
    // The page depends on the currency cookie: a shared cache keeps one copy per currency.
    const currency = currencyFromCookie(request.headers.cookie) ?? 'NGN';
    const stamp = manifest && draw && pages && !personal ? await opts.serverDraw!.versions!.current() : null;
    const key = stamp ? pageCacheKey(url, storeManifestOf(manifest!).json, currency) : '';
    const kept = stamp ? pages!.get(stamp.key, key) : undefined;
    if (kept) {
      // Drawn from this very manifest's shell release: no need to look at its files again.
      reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
      addServerTiming(reply, 'draw;desc="kept";dur=0');
      if (manifest!.live.shell) reply.header('x-adire-shell', manifest!.live.shell);
      return pages!.send(request, reply.type('text/html; charset=utf-8'), kept);
    }
    const live = manifest ? liveShellFolder(releasesDir, manifest) : null;
    const indexFile = path.join(live ?? shellDir, SHELL_ENTRY_FILE);
    if (!fs.existsSync(indexFile)) {
      return reply.status(503).type('text/plain').send('The store is not built yet: run `pnpm build`.');
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (live && manifest?.live.shell) reply.header('x-adire-shell', manifest.live.shell);
    if (!manifest || !preloadOf) return reply.send(fs.createReadStream(indexFile));
    const remotes = storeManifestOf(manifest).remotes;
    if (!draw) return reply.send(shellPage(fs.readFileSync(indexFile, 'utf8'), pathname, remotes, preloadOf));
    reply.header('vary', 'Cookie');
    if (personal) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    const started = performance.now();
    const htmlOf = (drawn: DrawnPage | null) => {
      const page = shellPage(fs.readFileSync(indexFile, 'utf8'), pathname, remotes, preloadOf, { regionDrawn: !!drawn?.region });
      return drawn ? withDrawing(page, drawn) : page;
    };
    let drawing: Promise<PageDrawing | null>;
    // One drawing per page at a time: shoppers asking for it meanwhile share it. A part that overran
    // its budget is finished for the cache, so the next shopper gets the whole page without a new
    // drawing (under a burst, drawing each page again for every shopper would overrun again and again).
    const flightKey = pages && stamp ? `${stamp.key}\n${key}` : null;
    const joined = flightKey ? drawings.get(flightKey) : undefined;
    if (joined) drawing = joined;
    else if (!allowance!.take(request.ip)) {
      // This client has caused its minute's worth of new drawings: the page as the browser draws it.
      addServerTiming(reply, 'draw;desc="over the allowance";dur=0');
      return reply.send(htmlOf(null));
    } else if (flightKey) drawing = startDrawing(flightKey, stamp!.key, key, htmlOf, url, manifest.live, currency);
    else drawing = draw(url, manifest.live, currency);
    const drawn = (await drawing)?.now ?? null;
    // How long the server spent drawing this page (the bench reads it; so can a browser's dev tools).
    addServerTiming(reply, `draw;dur=${(performance.now() - started).toFixed(1)}`);
    if (!drawn) return reply.send(htmlOf(null));
    // Only a whole drawing is kept: a part left to the browser (a failure, an overrun) is drawn again next time.
    if (!pages || !stamp || !drawn.complete) return reply.status(drawn.status).send(htmlOf(drawn));
    return pages.send(request, reply, pages.get(stamp.key, key) ?? pages.put(stamp.key, key, htmlOf(drawn), drawn.status));
  };
  /** Drawings in progress by data stamp and page key (see sendShell), until finished for the cache. */
  const drawings = new Map<string, Promise<PageDrawing | null>>();
  const startDrawing = (
    flightKey: string,
    stamp: string,
    key: string,
    htmlOf: (drawn: DrawnPage) => string,
    ...args: [url: string, live: Partial<Record<string, string>>, currency: string]
  ): Promise<PageDrawing | null> => {
    const drawing = draw!(args[0], args[1], args[2], undefined, FINISH_FOR_CACHE_MS);
    drawings.set(flightKey, drawing);
    const done = () => drawings.delete(flightKey);
    drawing.then((d) => {
      if (!d?.finished) return done();
      d.finished
        .then((whole) => {
          if (whole) pages!.put(stamp, key, htmlOf(whole), whole.status); // ignored if the stamp moved meanwhile
        })
        .catch((err: unknown) => app.log.warn({ err, url: args[0] }, 'a drawing finished for the page cache could not be kept'))
        .finally(done);
    }, done);
    return drawing;
  };
  app.get('/', async (request, reply) => sendShell(request, reply, request.url));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/v1/') &&
      !url.startsWith('/releases/') &&
      !url.startsWith('/dev-remotes/') &&
      !url.startsWith('/media/') &&
      !/\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0] ?? '');
    if (isPage) return sendShell(request, reply, url);
    return reply.status(404).send({ message: `Not found: ${request.method} ${shortPath(url)}`, code: 'NOT_FOUND' });
  });
}
