import { filesForPath, preloadListUrl, readPreload, releaseFileUrl, wantsLessData, type ReleaseFiles, type RemoteName } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { isCheckoutRoute } from '../routes';
import { cartHasWork } from './demand';
import { liveManifest, loadManifest, remoteState } from './remotes';

export interface LikelyNext {
  remote: RemoteName;
  /** The page it will draw, to pick that page's files too. */
  path: string;
}

/**
 * The remote a shopper on this page most likely needs next: with something in the cart, the checkout;
 * on a product page with an empty cart, the cart (the next click is likely "Add to cart"). Nothing on
 * the checkout's own pages, and nothing on a first visit to the home or a category page — their byte
 * budget stays for what they show.
 */
export function nextLikelyRemote(pathname: string, hasCart: boolean): LikelyNext | null {
  if (isCheckoutRoute(pathname)) return null;
  if (hasCart) return { remote: 'checkout', path: '/checkout' };
  if (pathname.startsWith('/product/')) return { remote: 'cart', path: pathname };
  return null;
}

/** The URLs to fetch ahead for a remote: the files its preload.json lists for the page, else its entry. */
export function prefetchUrls(entry: string, preload: unknown, path: string): string[] {
  const list = readPreload(preload);
  if (!list) return [entry];
  const files: ReleaseFiles = filesForPath(list, path);
  return [...files.scripts, ...files.styles].map((file) => releaseFileUrl(entry, list, file));
}

const fetched = new Set<string>();

/**
 * Fetch a remote's files into the HTTP cache (`<link rel="prefetch">`: lowest priority, nothing run),
 * once per release, unless it is already loading or loaded. Release files are immutable, so the later
 * mount reads them from the cache.
 */
export async function prefetchRemote({ remote, path }: LikelyNext): Promise<string[]> {
  const manifest = await loadManifest();
  const live = manifest[remote] ?? liveManifest()[remote];
  if (!live || remoteState(remote) !== undefined) return [];
  const entry = new URL(live.entry, window.location.href).href;
  if (fetched.has(entry)) return [];
  fetched.add(entry);
  let preload: unknown = null;
  try {
    const res = await fetch(preloadListUrl(entry));
    if (res.ok) preload = await res.json();
  } catch {
    // no list: the entry alone
  }
  const urls = prefetchUrls(entry, preload, path);
  for (const href of urls) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
  return urls;
}

function whenIdle(run: () => void) {
  const idle = (window as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(run, { timeout: 5_000 });
  else setTimeout(run, 2_000);
}

/**
 * Whether the shopper asks to spend less data (issue 42, item 4): the contracts' one answer — the page
 * drawn for `Save-Data: on`, the browser's Save-Data setting or `prefers-reduced-data`. Most shoppers
 * here pay for each megabyte.
 */
export { wantsLessData };

/**
 * After the page has loaded and the browser is idle — and again after each route change and when the
 * cart gets its first item — fetch the next likely remote ahead. Not when the shopper asks to save data
 * (`wantsLessData`).
 */
export function prefetchWhenIdle(): void {
  if (wantsLessData()) return;
  let loaded = document.readyState === 'complete';
  let hasCart = cartHasWork();
  const consider = () => {
    if (!loaded) return;
    whenIdle(() => {
      const next = nextLikelyRemote(window.location.pathname, hasCart);
      if (next) void prefetchRemote(next);
    });
  };
  window.addEventListener('load', () => {
    loaded = true;
    consider();
  }, { once: true });
  window.addEventListener('single-spa:routing-event', consider);
  bus.on('cart:summary', (summary) => {
    const had = hasCart;
    hasCart = summary.itemCount > 0 || summary.orderId !== null;
    if (hasCart && !had) consider();
  });
  consider();
}
