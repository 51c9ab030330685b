/**
 * The server's drawing of a page from the live releases: the shell's frame and the page's route
 * region, side by side, each within its budget. A part that throws, overruns or has no server module
 * in its release is left to the browser (the page is still served). store-files.ts serves and keeps
 * what it draws.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CATEGORY_SLUG, remotesForPage, type FrameDrawn, type PageData, type RegionDrawn, type RemoteName } from '@adire/contracts';
import type { DataVersions } from '../db/data-versions';
import type { DrawnParts } from '../http/page';
import { DEFAULT_DRAW_BUDGET_MS, drawWithin, DrawModules, inProcessFetch, shopCurrencies, withinBudget, type FrameModule, type RegionModule } from '../http/server-draw';
import type { ReleaseRegistry } from './registry';

export interface ServerDrawOptions {
  /** Draw the first screen on the server (default true; SSR=0 turns it off, e.g. to compare). */
  enabled?: boolean;
  /** Server time a draw may take before its part is left to the browser. */
  budgetMs?: number;
  /** Where shoppers reach the store, for canonical and Open Graph addresses. */
  publicUrl?: string;
  /** The data stamp the API's answer cache uses: drawn pages are kept under it too. */
  versions?: DataVersions;
  /** Keep drawn pages in process (default true; RESPONSE_CACHE=0 turns it off with the API's). */
  cache?: boolean;
  /** New drawings one client may cause per minute; past it its pages are served undrawn (DRAW_LIMIT_PER_MINUTE). */
  drawsPerClientPerMinute?: number;
}

/** Drawn once as the server starts listening, so shoppers' first pages find warm code and caches. */
const WARM_UP_PAGES = ['/', `/product-category/${DEFAULT_CATEGORY_SLUG}`, '/product/ruby-romance-red-roses'];
const WARM_UP_BUDGET_MS = 10_000;

/** How long a part that overran its budget may go on, finished for the page cache, before it is aborted. */
export const FINISH_FOR_CACHE_MS = 10_000;

/** What the server drew of a page: its parts, the status to answer with, and whether nothing was left to the browser. */
export type DrawnPage = DrawnParts & { status: number; complete: boolean };
/** A page's drawing: what was ready within the budget, and (when a part overran) the whole drawing once it is done. */
export interface PageDrawing {
  now: DrawnPage;
  finished: Promise<DrawnPage | null> | null;
}

/** How long the import of a release's draw module may take before its part is left to the browser. */
const MODULE_LOAD_LIMIT_MS = 3000;

export function pageDrawer(app: FastifyInstance, registry: ReleaseRegistry, options: ServerDrawOptions) {
  const modules = new DrawModules(registry.cacheDir, app.log);
  const origin = (options.publicUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const ask = inProcessFetch(app);
  // The live releases' modules are imported as the server starts, and drawn with once it listens (a
  // first draw runs cold code and queries: it would overrun the budget on the first shopper's page).
  app.addHook('onReady', async () => {
    const { live } = await registry.served();
    await Promise.all((['shell', 'catalog', 'checkout'] as const).map((target) => (live[target] ? modules.get(target, live[target]) : null)));
  });
  // The warm-up runs in the background: a server closed meanwhile (a deploy, a test) stops it, and
  // whatever it meets then (the database already closed) is no unhandled rejection.
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  app.addHook('onListen', async () => {
    void (async () => {
      const { live } = await registry.served();
      for (const url of WARM_UP_PAGES) {
        if (closing) return;
        await drawPage(url, live, 'NGN', WARM_UP_BUDGET_MS).catch(() => {});
      }
    })().catch((error: unknown) => {
      if (!closing) app.log.warn({ err: error }, 'the warm-up draw stopped');
    });
  });
  const drawPage = async (
    url: string,
    live: Partial<Record<string, string>>,
    wanted: string,
    budgetMs = options.budgetMs ?? DEFAULT_DRAW_BUDGET_MS,
    finishMs = 0,
    // The request said `Save-Data: on` (issue 42, item 4): the region draws smaller pictures, and the
    // page data says so (the browser's first render draws the same; the shell fetches nothing ahead).
    saveData = false,
  ): Promise<PageDrawing | null> => {
    const shellVersion = live.shell;
    if (!shellVersion) return null; // the shell's build from SHELL_DIR: nothing to draw with
    const pathname = url.split('?')[0] ?? '/';
    const currencies = await shopCurrencies(ask);
    const currency = currencies.find((c) => c.name === wanted) ?? currencies[0]!;
    const regionName = remotesForPage(pathname).find((name): name is RemoteName => name === 'catalog' || name === 'checkout');
    const regionVersion = regionName ? live[regionName] : undefined;
    // A module is imported once per version (a local file: quick, and not the draw's own time).
    const [frameModule, regionModule] = await Promise.all([
      withinBudget(`shell ${shellVersion} draw module`, MODULE_LOAD_LIMIT_MS, app.log, () => modules.get<FrameModule>('shell', shellVersion)),
      regionName && regionVersion
        ? withinBudget(`${regionName} ${regionVersion} draw module`, MODULE_LOAD_LIMIT_MS, app.log, () => modules.get<RegionModule>(regionName, regionVersion))
        : null,
    ]);
    const frameDraw = frameModule
      ? drawWithin(`shell ${shellVersion} frame of ${pathname}`, budgetMs, finishMs, app.log, (signal) => frameModule.draw({ url, fetch: ask, currency, signal }))
      : null;
    const regionDraw =
      regionModule && regionName
        ? drawWithin(`${regionName} ${regionVersion} region of ${pathname}`, budgetMs, finishMs, app.log, (signal) => regionModule.draw({ url, origin, fetch: ask, currency, signal, saveData }))
        : null;
    const assemble = (frame: FrameDrawn | null, region: RegionDrawn | null): DrawnPage => {
      const placed = frame && region && regionName && regionVersion ? { name: regionName, version: regionVersion, html: region.html, head: region.head } : null;
      const pageData: PageData = {
        currency,
        ...(frame ? { frame: frame.data } : {}),
        regions: placed ? { [placed.name]: { version: placed.version, answers: region!.answers } } : {},
        ...(saveData ? { saveData: true as const } : {}),
      };
      const complete = !!frame && (!regionModule || !!placed);
      return { frame: frame?.html ?? null, region: placed, pageData, status: placed ? region!.status : (frame?.status ?? 200), complete };
    };
    const [frame, region] = await Promise.all([frameDraw?.inTime ?? null, regionDraw?.inTime ?? null]);
    const now = assemble(frame, region);
    // A part that overran goes on (finishMs) and the whole drawing, once done, is the cache's to keep.
    const finished =
      now.complete || finishMs <= 0
        ? null
        : Promise.all([frameDraw?.finished ?? null, regionDraw?.finished ?? null]).then(([f, r]) => {
            const whole = assemble(f, r);
            return whole.complete ? whole : null;
          });
    return { now, finished };
  };
  return drawPage;
}
