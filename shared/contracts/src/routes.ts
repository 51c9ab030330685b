import { FILTER_GROUPS } from './catalog';
import type { RemoteName } from './shop';

/**
 * Which part of the store owns a page path, stated once: the shell mounts by it, and the server
 * uses it to tell the browser early which remotes a page will load (modulepreload).
 * '/' is matched exactly so the catalog never mounts on /checkout.
 */
/** The FAQ page's path (linked from the menu and footer, listed in the sitemap). */
export const FAQ_PATH = '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja';
const CATALOG_PREFIXES = ['/product-category', '/product/', '/filters', '/vip', '/blog', FAQ_PATH];
const CHECKOUT_PREFIXES = ['/checkout', '/order-tracker'];
/** The shopper's account pages (issue 33), owned by mf-account: /account and anything under it. */
export const ACCOUNT_PATH = '/account';
/** The single-spa application the shell registers for /account* (the header's parcel is the same remote). */
export const ACCOUNT_APP_NAME = 'account-pages';
/** The staff's back office: its own remote, without the store's header and footer. */
export const BACKOFFICE_PATH = '/backoffice';

function matchesPrefix(pathname: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isCatalogRoute(pathname: string): boolean {
  return pathname === '/' || CATALOG_PREFIXES.some((p) => matchesPrefix(pathname, p));
}

export function isCheckoutRoute(pathname: string): boolean {
  return CHECKOUT_PREFIXES.some((p) => matchesPrefix(pathname, p));
}

export function isAccountRoute(pathname: string): boolean {
  return matchesPrefix(pathname, ACCOUNT_PATH);
}

export function isBackofficeRoute(pathname: string): boolean {
  return matchesPrefix(pathname, BACKOFFICE_PATH);
}

export function isUnsubscribeRoute(pathname: string): boolean {
  return pathname === '/unsubscribe' || pathname.startsWith('/unsubscribe/');
}

/** The page a newsletter confirmation mail links to (`?token=`): a button confirms, opening it does not. */
export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirm';

export function isNewsletterConfirmRoute(pathname: string): boolean {
  return pathname === NEWSLETTER_CONFIRM_PATH;
}

/** Routes the shell itself answers with "page not found". */
export function isKnownRoute(pathname: string): boolean {
  return isCatalogRoute(pathname) || isCheckoutRoute(pathname) || isAccountRoute(pathname) || isUnsubscribeRoute(pathname) || isNewsletterConfirmRoute(pathname) || isBackofficeRoute(pathname);
}

/**
 * The footer is hidden on checkout and unsubscribe (SPEC section 2; the order tracker has it), on the
 * newsletter's confirm page (unsubscribe's counterpart: no second newsletter box) and in the back office.
 */
export function showsFooter(pathname: string): boolean {
  return !matchesPrefix(pathname, '/checkout') && !isUnsubscribeRoute(pathname) && !isNewsletterConfirmRoute(pathname) && !isBackofficeRoute(pathname);
}

/** The checkout page brings its own compact header; the back office its own bar. */
export function showsMainHeader(pathname: string): boolean {
  if (isBackofficeRoute(pathname)) return false;
  return !isCheckoutRoute(pathname) || pathname.startsWith('/order-tracker');
}

/**
 * The remotes a page mounts, the one that draws its main content first: its route application,
 * the cart drawer (always there) and the account dropdown (in the main header).
 */
export function remotesForPage(pathname: string): RemoteName[] {
  const remotes: RemoteName[] = [];
  // The back office is a page of its own: no cart drawer, no account dropdown.
  if (isBackofficeRoute(pathname)) return ['backoffice'];
  if (isCatalogRoute(pathname)) remotes.push('catalog');
  if (isCheckoutRoute(pathname)) remotes.push('checkout');
  // The account's pages are its main content (the dropdown in the header is the same remote).
  if (isAccountRoute(pathname)) remotes.push('account');
  remotes.push('cart');
  if (showsMainHeader(pathname) && !remotes.includes('account')) remotes.push('account');
  return remotes;
}

/** What a listing reads from its address: the search (and `exact`, its words as typed), shop-by tags, filter groups, sort and page. */
const LISTING_PARAMS = ['search', 'exact', 'shopBy', ...FILTER_GROUPS, 'sort', 'page'];

/**
 * The query parameters a page's drawing reads, by route (the page cache keeps a page per URL with only
 * these, issue 32 item 7): the header's search box reads `search` on every page; listings (categories,
 * `/filters`, `/vip`) their search, shop-by tags, filter groups, sort and page; the blog its page;
 * unsubscribe and the newsletter's confirmation their token. Anything else — `utm_*`, `fbclid`,
 * `gclid`, `msclkid`, a typo — never changes what is drawn. Null: the page keeps its whole address (the
 * checkout's and the back office's pages, which are drawn for each request and kept by no one).
 */
export function pageQueryParams(pathname: string): readonly string[] | null {
  if (isCheckoutRoute(pathname) || isBackofficeRoute(pathname) || isAccountRoute(pathname)) return null;
  if (matchesPrefix(pathname, '/product-category') || pathname === '/filters' || pathname === '/vip') return LISTING_PARAMS;
  if (matchesPrefix(pathname, '/blog')) return ['search', 'page'];
  if (isUnsubscribeRoute(pathname) || isNewsletterConfirmRoute(pathname)) return ['search', 'token'];
  return ['search'];
}

/** A page's address with only the parameters its drawing reads (`pageQueryParams`), in the order given. */
export function drawnPageUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const pathname = url.slice(0, at);
  const read = pageQueryParams(pathname);
  if (!read) return url;
  const kept = new URLSearchParams([...new URLSearchParams(url.slice(at + 1))].filter(([name]) => read.includes(name)));
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}
