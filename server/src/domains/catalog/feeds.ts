/**
 * Product feeds (issue 34): every product and every size of it, as Google Merchant Center
 * (`/feeds/google-merchant.xml`, RSS 2.0 with the `g:` namespace) and a Meta commerce catalogue
 * (`/feeds/meta-catalog.csv`) read them, priced in one currency by the shop's rule (`convertAmount`:
 * naira ÷ rate, rounded up). A sold-out product is listed out of stock, never in stock. Pictures are
 * the products' own as JPEG (previews.ts, `plain`): catalogues refuse SVG and words on a picture.
 */
import { BRAND, type Currency, type CurrencyName } from '@adire/contracts';
import { convertAmount } from '@adire/domain';
import { csvRow } from '@adire/domain/csv';
import { parseJson } from '../../db/json';
import type { CatalogIndex } from './catalog-index';
import { pictureBase, plainPictureSpec, previewImage } from './preview-specs';
import type { CatalogContext } from './service';
import { absoluteUrl, escapeXml } from './sitemap';

/** The limits both services hold an item to (Google's, the stricter: title 150, description 5,000, id 50). */
export const FEED_LIMITS = { id: 50, title: 150, description: 5000, additionalImages: 10 } as const;

export const GOOGLE_FEED_CONTENT_TYPE = 'application/xml; charset=utf-8';
export const META_FEED_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** Google's product taxonomy, by the group of a product's main category (names are accepted as well as ids). */
const GOOGLE_CATEGORY: Record<string, string> = {
  flowers: 'Home & Garden > Plants > Flowers',
  occasions: 'Home & Garden > Plants > Flowers',
  plants: 'Home & Garden > Plants',
  gifts: 'Arts & Entertainment > Party & Celebration > Gift Giving',
};

export interface FeedItem {
  /** The size's SKU. */
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  inStock: boolean;
  /** In `currency`, by the shop's rule. */
  price: number;
  currency: CurrencyName;
  googleProductCategory: string;
  /** The shop's own category path, e.g. 'Flowers > Roses'. */
  productType: string;
  /** The product's SKU, when it comes in more than one size. */
  itemGroupId?: string;
}

/** '12.00 USD': the amount with two decimals, a space and the ISO 4217 code, as both services ask. */
export const feedPrice = (amount: number, currency: CurrencyName) => `${amount.toFixed(2)} ${currency}`;

/** One line of plain text, cut at `max` characters (at a word where one is near) with an ellipsis. */
export function clip(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001F\u007F]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const GROUP_LABEL: Record<string, string> = { flowers: 'Flowers', occasions: 'Occasions', plants: 'Plants', gifts: 'Gifts' };

/** Every product and size of the catalogue, as the feeds list them, in the shop's own order. */
export async function feedItems(ctx: CatalogContext, index: CatalogIndex, publicUrl: string, currency: Currency): Promise<FeedItem[]> {
  const [rows, sizes] = await Promise.all([
    ctx.db.kysely.selectFrom('product').select(['id', 'slug', 'sku', 'name', 'description', 'price_ngn', 'image', 'images', 'in_stock', 'stock', 'category_slug']).orderBy('position').orderBy('slug').execute(),
    ctx.db.kysely.selectFrom('product_variant').select(['sku', 'product_id', 'label', 'price_ngn']).orderBy('product_id').orderBy('position').orderBy('sku').execute(),
  ]);
  const sizesOf = new Map<string, typeof sizes>();
  for (const size of sizes) sizesOf.set(size.product_id, [...(sizesOf.get(size.product_id) ?? []), size]);
  const items: FeedItem[] = [];
  for (const row of rows) {
    const position = index.bySlug.get(row.slug);
    if (position === undefined) continue; // written after this index was built: listed once it is
    const indexed = index.products[position]!;
    const category = index.categories.get(row.category_slug);
    const stored = parseJson<{ path: string }[]>(row.images, []);
    const bases = [...new Set((stored.length ? stored.map((s) => s.path) : [row.image]).map((p) => pictureBase(p, row.slug)))];
    // A versioned path with its query: prefixed as it is (absoluteUrl would encode the '?').
    const [main, ...more] = bases.map((base) => `${publicUrl.replace(/\/+$/, '')}${previewImage(plainPictureSpec(ctx, indexed, base)).src}`);
    const inStock = Number(row.in_stock) === 1 && (row.stock === null || Number(row.stock) > 0);
    const own = sizesOf.get(row.id) ?? [];
    const offered = own.length ? own : [{ sku: row.sku, label: '', price_ngn: row.price_ngn }];
    for (const size of offered) {
      items.push({
        id: size.sku,
        title: clip(offered.length > 1 ? `${row.name}, ${size.label}` : row.name, FEED_LIMITS.title),
        description: clip(row.description || row.name, FEED_LIMITS.description),
        link: absoluteUrl(publicUrl, `/product/${row.slug}`),
        imageLink: main!,
        additionalImageLinks: more.slice(0, FEED_LIMITS.additionalImages),
        inStock,
        price: convertAmount(Number(size.price_ngn), currency.conversionRate),
        currency: currency.name,
        googleProductCategory: GOOGLE_CATEGORY[category?.group ?? 'flowers'] ?? GOOGLE_CATEGORY.flowers!,
        productType: category ? `${GROUP_LABEL[category.group] ?? 'Flowers'} > ${category.name}` : 'Flowers',
        ...(offered.length > 1 ? { itemGroupId: row.sku } : {}),
      });
    }
  }
  return items;
}

const tag = (name: string, value: string) => `<g:${name}>${escapeXml(value)}</g:${name}>`;

/** Google Merchant Center's RSS 2.0 feed (https://support.google.com/merchants/answer/7052112). */
export function googleMerchantXml(items: FeedItem[], publicUrl: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${escapeXml(BRAND)}</title>`,
    `<link>${escapeXml(absoluteUrl(publicUrl, '/'))}</link>`,
    `<description>${escapeXml(`${BRAND}: fresh flowers and gifts with same-day delivery in Lagos and Abuja`)}</description>`,
  ];
  for (const item of items) {
    const fields = [
      tag('id', item.id),
      tag('title', item.title),
      tag('description', item.description),
      tag('link', item.link),
      tag('image_link', item.imageLink),
      ...item.additionalImageLinks.map((link) => tag('additional_image_link', link)),
      tag('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
      tag('price', feedPrice(item.price, item.currency)),
      tag('brand', BRAND),
      tag('condition', 'new'),
      // Made by the shop: no GTIN or manufacturer's part number exists for them.
      tag('identifier_exists', 'no'),
      tag('google_product_category', item.googleProductCategory),
      tag('product_type', item.productType),
      ...(item.itemGroupId ? [tag('item_group_id', item.itemGroupId)] : []),
    ];
    lines.push(`<item>${fields.join('')}</item>`);
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

/** The columns of Meta's commerce catalogue (required first), as its data feed template names them. */
export const META_COLUMNS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'additional_image_link', 'item_group_id', 'google_product_category', 'product_type'] as const;

/**
 * Meta's commerce catalogue as CSV (https://www.facebook.com/business/help/120325381656392), each cell
 * by the shop's one CSV rule (`@adire/domain/csv`: RFC 4180 quoting, formula starts neutralised —
 * issue 38, P7): a product named "=…" or "@…" reaches a spreadsheet as text.
 */
export function metaCatalogCsv(items: FeedItem[]): string {
  const rows = items.map((item) => {
    const values: Record<(typeof META_COLUMNS)[number], string> = {
      id: item.id,
      title: item.title,
      description: item.description,
      availability: item.inStock ? 'in stock' : 'out of stock',
      condition: 'new',
      price: feedPrice(item.price, item.currency),
      link: item.link,
      image_link: item.imageLink,
      brand: BRAND,
      additional_image_link: item.additionalImageLinks.join(','),
      item_group_id: item.itemGroupId ?? '',
      google_product_category: item.googleProductCategory,
      product_type: item.productType,
    };
    return csvRow(META_COLUMNS.map((column) => values[column]));
  });
  return [META_COLUMNS.join(','), ...rows, ''].join('\r\n');
}
