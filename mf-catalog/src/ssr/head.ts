import { BRAND, type Branch, type CatalogListing, type Currency, type FeaturedResponse, type PreviewImage, type ProductDetail, type ShopContact } from '@adire/contracts';
import { convertAmount } from '@adire/domain';
import type { Answers, PageMeta } from './serverDraw';

/** What the server knows when it writes a catalogue page's head. */
export interface HeadInput {
  /** Path and query of the page. */
  url: string;
  /** Where shoppers reach the store (PUBLIC_URL), without a trailing slash. */
  origin: string;
  meta: PageMeta;
  answers: Answers;
  currency: Currency;
}

const DEFAULT_TITLE = `${BRAND} — Flowers and gifts, same-day delivery in Lagos and Abuja`;
const DEFAULT_DESCRIPTION = `${BRAND} — fresh flowers and gifts with same-day delivery in Lagos and Abuja.`;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON for a <script> element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function dataOf<T>(answers: Answers, key: string): T | null {
  const answer = answers[key];
  return answer && 'data' in answer ? (answer.data as T) : null;
}

/** The home page's preview: it comes with the featured lists the home page shows. */
function homePreviewOf(answers: Answers): PreviewImage | undefined {
  for (const [key, answer] of Object.entries(answers)) {
    if (key.startsWith('featured:') && 'data' in answer && (answer.data as FeaturedResponse).preview) return (answer.data as FeaturedResponse).preview;
  }
  return undefined;
}

function listingOf(answers: Answers): CatalogListing | null {
  for (const [key, answer] of Object.entries(answers)) {
    if (/^(category:|filters|vip)/.test(key) && 'data' in answer) return answer.data as CatalogListing;
  }
  return null;
}

const absolute = (origin: string, src: string) => (/^https?:\/\//.test(src) ? src : `${origin}${src.startsWith('/') ? '' : '/'}${src}`);

/**
 * The canonical address: the path, plus only the query that changes what is listed (a search, a
 * shop-by tag, a page number); sort orders and filter ticks point at the plain listing.
 */
export function canonicalUrl(origin: string, url: string): string {
  const parsed = new URL(url, 'http://x');
  const kept = new URLSearchParams();
  for (const name of ['search', 'shopBy', 'page']) {
    const value = parsed.searchParams.get(name);
    if (value && !(name === 'page' && value === '1')) kept.set(name, value);
  }
  const query = kept.toString();
  return `${origin}${parsed.pathname}${query ? `?${query}` : ''}`;
}

/** "24/7", "8am-7pm", "6am–7pm" as schema.org opening hours (every day); null when not of that shape. */
export function openingHours(workingTimes: string): string | null {
  const text = workingTimes.toLowerCase().replace(/\s+/g, '');
  if (text.includes('24/7') || text.includes('24hours')) return 'Mo-Su 00:00-23:59';
  const m = /(\d{1,2})(?::(\d{2}))?(am|pm)[-–to]+(\d{1,2})(?::(\d{2}))?(am|pm)/.exec(text);
  if (!m) return null;
  const hour = (h: string, min: string | undefined, half: string) => {
    let n = Number(h) % 12;
    if (half === 'pm') n += 12;
    return `${String(n).padStart(2, '0')}:${min ?? '00'}`;
  };
  return `Mo-Su ${hour(m[1]!, m[2], m[3]!)}-${hour(m[4]!, m[5], m[6]!)}`;
}

function breadcrumbs(origin: string, trail: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: `${origin}${step.path}` })),
  };
}

function productLd(origin: string, product: ProductDetail, currency: Currency) {
  const url = `${origin}/product/${product.slug}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.SKU,
    image: product.images.map((image) => absolute(origin, image.src)),
    url,
    brand: { '@type': 'Brand', name: BRAND },
    offers: {
      '@type': 'Offer',
      url,
      price: convertAmount(product.price, currency.conversionRate),
      priceCurrency: currency.name,
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: BRAND },
    },
    ...(product.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating.average, reviewCount: product.rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

function itemListLd(origin: string, listing: CatalogListing) {
  const offset = (listing.page - 1) * listing.pageSize;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    numberOfItems: listing.total,
    itemListElement: listing.products.map((p, i) => ({ '@type': 'ListItem', position: offset + i + 1, url: `${origin}/product/${p.slug}`, name: p.name })),
  };
}

function branchLd(origin: string, branch: Branch) {
  const hours = openingHours(branch.workingTimes);
  return {
    '@type': 'Florist',
    name: `${BRAND} — ${branch.name}`,
    address: branch.location,
    ...(hours ? { openingHours: hours } : {}),
    url: branch.url && /^https?:/.test(branch.url) ? branch.url : origin,
  };
}

function shopLd(origin: string, contact: ShopContact) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Florist',
    name: BRAND,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: contact.about,
    telephone: contact.phones[0],
    email: contact.supportEmail,
    sameAs: contact.socialLinks.map((link) => link.url),
    currenciesAccepted: 'NGN, USD, GBP',
    areaServed: ['Lagos', 'Abuja', 'Nigeria'],
    department: contact.branches.map((branch) => branchLd(origin, branch)),
  };
}

/** The tags of a catalogue page's <head>: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
export function pageHead({ url, origin, meta, answers, currency }: HeadInput): string {
  const title = meta.title ?? DEFAULT_TITLE;
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const canonical = canonicalUrl(origin, url);
  const path = new URL(url, 'http://x').pathname;
  const tags: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
  ];
  if (meta.notFound) tags.push('<meta name="robots" content="noindex">');
  else tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  const og: Record<string, string> = { 'og:site_name': BRAND, 'og:title': title, 'og:description': description, 'og:url': canonical, 'og:type': 'website' };
  const ld: unknown[] = [];

  const product = path.startsWith('/product/') ? dataOf<ProductDetail>(answers, `product:${decodeURIComponent(path.slice('/product/'.length))}`) : null;
  const listing = listingOf(answers);
  const contact = path === '/' ? dataOf<ShopContact>(answers, 'shop-contact') : null;
  // The link preview (a JPEG every unfurler shows) when the server made one; an older server's
  // product picture otherwise.
  let image: { src: string; alt: string; width?: number; height?: number; type?: string } | undefined;

  if (product && !meta.notFound) {
    image = product.preview ?? product.images[0] ?? product.image;
    og['og:type'] = 'product';
    og['og:title'] = product.name;
    og['product:price:amount'] = String(convertAmount(product.price, currency.conversionRate));
    og['product:price:currency'] = currency.name;
    og['product:availability'] = product.inStock ? 'in stock' : 'out of stock';
    ld.push(productLd(origin, product, currency));
    const category = product.categories[0];
    ld.push(breadcrumbs(origin, [{ name: 'Home', path: '/' }, ...(category ? [{ name: category.name, path: `/product-category/${category.slug}` }] : []), { name: product.name, path: `/product/${product.slug}` }]));
  } else if (listing && !meta.notFound) {
    image = listing.preview ?? listing.products[0]?.image;
    ld.push(itemListLd(origin, listing));
    if (listing.category) ld.push(breadcrumbs(origin, [{ name: 'Home', path: '/' }, { name: listing.category.name, path: `/product-category/${listing.category.slug}` }]));
  } else if (contact) {
    ld.push(shopLd(origin, contact));
    image = homePreviewOf(answers);
  }
  if (image) {
    og['og:image'] = absolute(origin, image.src);
    og['og:image:alt'] = image.alt;
    if (image.width && image.height) {
      og['og:image:width'] = String(image.width);
      og['og:image:height'] = String(image.height);
    }
    if (image.type) og['og:image:type'] = image.type;
  }
  for (const [property, content] of Object.entries(og)) tags.push(`<meta property="${property}" content="${escapeHtml(content)}">`);
  tags.push(`<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`);
  tags.push(`<meta name="twitter:title" content="${escapeHtml(og['og:title']!)}">`, `<meta name="twitter:description" content="${escapeHtml(description)}">`);
  if (og['og:image']) tags.push(`<meta name="twitter:image" content="${escapeHtml(og['og:image'])}">`, `<meta name="twitter:image:alt" content="${escapeHtml(og['og:image:alt'] ?? '')}">`);
  for (const item of ld) tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  return tags.join('');
}
