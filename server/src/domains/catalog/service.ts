// Catalog service: what the routes answer, from the listing index and the database.
import {
  DEFAULT_SORT,
  SORT_OPTIONS,
  type BlogBlock,
  type BlogList,
  type BlogPost,
  type BlogPostSummary,
  type CatalogCategory,
  type CatalogListing,
  type DeliveryLocation,
  type DesignOption,
  type FaqEntry,
  type FeaturedList,
  type FeaturedResponse,
  type ListingCategory,
  type ListingSort,
  type ProductDetail,
  type ProductImage,
  type ProductReview,
  type ProductSize,
  type ProductSummary,
  type RatingSummary,
  type ReviewSummary,
  type ReviewsPage,
  type SearchResult,
  type ShopByTag,
  type TagRef,
} from '@adire/contracts';
import type { Db } from '../../db/database';
import { parseJson } from '../../db/json';
import { notFound } from '../../http/errors';
import type { CatalogIndex, ListingScope } from './catalog-index';
import { artVersion, IMAGE_SIZE } from './image';
import type { CatalogContext } from './context';
import { categoryPreviewSpec, homePreviewSpec, previewImage, productPreviewSpec } from './preview-specs';
import { pageCount, type Pagination, type SelectedFilters } from './query';
import { tagLabel, TAG_GROUP_NAMES, type TagGroup } from './vocabulary';

export type { CatalogContext } from './context';

const NO_RATING: RatingSummary = { average: 0, count: 0 };
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Average and count of reviews per product id, in one indexed query. */
export async function ratingsFor(db: Db, ids: string[]): Promise<Map<string, RatingSummary>> {
  const out = new Map<string, RatingSummary>();
  if (ids.length === 0) return out;
  const rows = await db.kysely
    .selectFrom('review')
    .select((eb) => ['product_id', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('rating').as('total')])
    .where('product_id', 'in', ids)
    .where('hidden_at', 'is', null)
    .groupBy('product_id')
    .execute();
  for (const r of rows) {
    const count = Number(r.n);
    out.set(r.product_id, { count, average: count ? round1(Number(r.total) / count) : 0 });
  }
  return out;
}

/** Product cards for index positions, in order. */
export async function summaries(ctx: CatalogContext, index: CatalogIndex, positions: number[]): Promise<ProductSummary[]> {
  const products = positions.map((p) => index.products[p]!);
  const [ratings, pictures] = await Promise.all([ratingsFor(ctx.db, products.map((p) => p.id)), Promise.all(products.map((p) => ctx.media.resolvePicture(p.image, p.artVersion)))]);
  return products.map((p, i) => ({
    id: p.id,
    slug: p.slug,
    SKU: p.sku,
    name: p.name,
    description: p.description,
    price: p.price,
    image: { ...pictures[i]!, alt: p.name },
    category: p.category,
    inStock: p.inStock,
    vipClass: p.vipClass,
    priceFrom: p.priceFrom,
    hasOptions: p.hasOptions,
    rating: ratings.get(p.id) ?? NO_RATING,
  }));
}

export function categories(index: CatalogIndex): CatalogCategory[] {
  return [...index.categories.values()]
    .sort((a, b) => a.position - b.position)
    .map((c) => ({ slug: c.slug, name: c.name, group: c.group, productCount: c.count, description: c.description }));
}

export function sortChoices(): CatalogListing['sort']['options'] {
  return [{ value: DEFAULT_SORT.value, label: DEFAULT_SORT.label }, ...SORT_OPTIONS.map((o) => ({ value: o.value, label: o.label }))];
}

export async function listing(
  ctx: CatalogContext,
  index: CatalogIndex,
  args: { scope: ListingScope; category: ListingCategory | null; filters: SelectedFilters; shopBy: ShopByTag[]; search: string; exact?: boolean; sort: ListingSort; page: Pagination },
): Promise<CatalogListing> {
  const result = index.list({ scope: args.scope, filters: args.filters, shopBy: args.shopBy, search: args.search, exact: args.exact, sort: args.sort, offset: args.page.offset, pageSize: args.page.pageSize });
  const previewSpec = (args.scope.kind === 'category' && categoryPreviewSpec(ctx, index, args.scope.slug)) || homePreviewSpec(ctx, index);
  return {
    category: args.category,
    products: await summaries(ctx, index, result.positions),
    total: result.total,
    page: args.page.page,
    pageSize: args.page.pageSize,
    pageCount: pageCount(result.total, args.page.pageSize),
    filters: result.filters,
    sort: { value: args.sort, options: sortChoices() },
    search: args.search,
    ...(result.correctedSearch ? { correctedSearch: result.correctedSearch } : {}),
    ...(args.search && result.total === 0 ? { popular: await summaries(ctx, index, popularPositions(index)) } : {}),
    shopBy: args.shopBy,
    preview: previewImage(previewSpec),
  };
}

/** How many popular products a search that found nothing offers instead. */
export const POPULAR_COUNT = 8;

/** The shop's most popular products: the first in stock of its own order (in stock, then relevanceOrder, the shop's ranking of its bestsellers). */
function popularPositions(index: CatalogIndex): number[] {
  return index.window(index.all, 'default', 0, POPULAR_COUNT);
}

export async function search(ctx: CatalogContext, index: CatalogIndex, q: string, limit: number): Promise<SearchResult> {
  const { positions, total, correctedSearch } = index.search(q, limit);
  return { q, products: await summaries(ctx, index, positions), total, ...(correctedSearch ? { correctedSearch } : {}) };
}

const DELIVERY_NOTES: Record<string, string> = {
  'same-day': 'Same-day delivery in Lagos and Abuja when you order before the daily cut-off.',
  'next-day': 'Made to order: delivered from the next day. Choose your date at checkout.',
  nationwide: 'Also delivered to every state in Nigeria, usually within 1–3 days.',
};

export async function reviewSummary(db: Db, productId: string): Promise<ReviewSummary> {
  const rows = await db.kysely
    .selectFrom('review')
    .select((eb) => ['rating', eb.fn.countAll<number>().as('n')])
    .where('product_id', '=', productId)
    .where('hidden_at', 'is', null)
    .groupBy('rating')
    .execute();
  const distribution: ReviewSummary['distribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let total = 0;
  for (const r of rows) {
    const rating = Number(r.rating);
    const n = Number(r.n);
    const key = String(rating) as keyof typeof distribution;
    if (key in distribution) distribution[key] += n;
    count += n;
    total += rating * n;
  }
  return { average: count ? round1(total / count) : 0, count, distribution };
}

export async function reviewsOf(db: Db, productId: string, offset: number, limit: number): Promise<ProductReview[]> {
  const rows = await db.kysely
    .selectFrom('review')
    .select(['id', 'rating', 'comment', 'author', 'created_at'])
    .where('product_id', '=', productId)
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ id: r.id, rating: Number(r.rating), comment: r.comment, author: r.author, createdAt: r.created_at }));
}

async function productRow(db: Db, slug: string) {
  const row = await db.kysely.selectFrom('product').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) throw notFound('We could not find that product');
  return row;
}

export async function productDetail(ctx: CatalogContext, index: CatalogIndex, slug: string, random: () => number = Math.random): Promise<ProductDetail> {
  const { db } = ctx;
  const row = await productRow(db, slug);
  const [sizes, designs, tags, cats, summary, latest, ratings] = await Promise.all([
    db.kysely.selectFrom('product_variant').select(['sku', 'label', 'price_ngn', 'is_default']).where('product_id', '=', row.id).orderBy('position').execute(),
    db.kysely
      .selectFrom('product_design')
      .innerJoin('design_option', 'design_option.code', 'product_design.design_code')
      .select(['design_option.code', 'design_option.title', 'design_option.price_ngn'])
      .where('product_design.product_id', '=', row.id)
      .orderBy('product_design.position')
      .execute(),
    db.kysely.selectFrom('product_tag').select(['tag_group', 'tag_value']).where('product_id', '=', row.id).execute(),
    db.kysely
      .selectFrom('product_category')
      .innerJoin('category', 'category.slug', 'product_category.category_slug')
      .select(['category.slug', 'category.name', 'category.position'])
      .where('product_category.product_id', '=', row.id)
      .orderBy('category.position')
      .execute(),
    reviewSummary(db, row.id),
    reviewsOf(db, row.id, 0, 5),
    ratingsFor(db, [row.id]),
  ]);
  const version = artVersion(row.art, row.name);
  const storedImages = parseJson<{ path: string; alt: string }[]>(row.images, []);
  const images: ProductImage[] = await Promise.all(
    (storedImages.length ? storedImages : [{ path: row.image, alt: row.name }]).map(async (im) => {
      const picture = await ctx.media.resolvePicture(im.path, version);
      return { src: picture.src, alt: im.alt, width: picture.width ?? IMAGE_SIZE, height: picture.height ?? IMAGE_SIZE, ...(picture.variants ? { variants: picture.variants } : {}) };
    }),
  );
  const tagMap: ProductDetail['tags'] = {};
  for (const group of TAG_GROUP_NAMES) {
    const values: TagRef[] = tags.filter((t) => t.tag_group === group).map((t) => ({ value: t.tag_value, label: tagLabel(group, t.tag_value) }));
    if (values.length) tagMap[group] = values;
  }
  const position = index.bySlug.get(row.slug);
  const recommendations = position === undefined ? [] : await summaries(ctx, index, index.recommend(position, 8, random));
  const sizeList: ProductSize[] = sizes.map((s) => ({ SKU: s.sku, label: s.label, price: Number(s.price_ngn), isDefault: Number(s.is_default) === 1 }));
  const designList: DesignOption[] = designs.map((d) => ({ code: d.code, title: d.title, name: d.title, price: Number(d.price_ngn) }));
  const delivery = (tagMap.delivery ?? []).map((t) => DELIVERY_NOTES[t.value]).filter(Boolean);
  return {
    id: row.id,
    slug: row.slug,
    SKU: row.sku,
    name: row.name,
    description: row.description,
    price: Number(row.price_ngn),
    image: images[0]!.variants ? { ...images[0]! } : { src: images[0]!.src, alt: images[0]!.alt },
    category: row.category_slug,
    inStock: Number(row.in_stock) === 1,
    vipClass: row.vip_class,
    priceFrom: sizeList.length ? Math.min(...sizeList.map((s) => s.price)) : Number(row.price_ngn),
    hasOptions: sizeList.length > 1 || designList.length > 1,
    rating: ratings.get(row.id) ?? NO_RATING,
    images,
    sizes: sizeList,
    designs: designList,
    tags: tagMap,
    categories: cats.map((c) => ({ slug: c.slug, name: c.name })),
    relevanceOrder: Number(row.relevance_order),
    deliveryNote: delivery.join(' ') || DELIVERY_NOTES['same-day']!,
    reviews: { ...summary, latest },
    recommendations,
    preview: previewImage(productPreviewSpec(ctx, { slug: row.slug, name: row.name, image: row.image, artVersion: version })),
  };
}

export async function productReviews(db: Db, slug: string, page: Pagination): Promise<ReviewsPage> {
  const row = await productRow(db, slug);
  const [summary, reviews] = await Promise.all([reviewSummary(db, row.id), reviewsOf(db, row.id, page.offset, page.pageSize)]);
  return { summary, reviews, total: summary.count, page: page.page, pageSize: page.pageSize };
}

export async function featured(ctx: CatalogContext, index: CatalogIndex, filter: { occasion: string | null; location: DeliveryLocation | null }): Promise<FeaturedResponse> {
  let query = ctx.db.kysely.selectFrom('featured_list').selectAll().orderBy('position');
  if (filter.occasion || filter.location) {
    query = query.where((eb) =>
      eb.or([
        ...(filter.occasion ? [eb.and([eb('kind', '=', 'occasion'), eb('list_key', '=', filter.occasion)])] : []),
        ...(filter.location ? [eb.and([eb('kind', '=', 'location'), eb('list_key', '=', filter.location)])] : []),
      ]),
    );
  }
  const lists = await query.execute();
  const items = lists.length
    ? await ctx.db.kysely.selectFrom('featured_item').select(['list_id', 'product_id', 'position']).where('list_id', 'in', lists.map((l) => l.id)).orderBy('list_id').orderBy('position').execute()
    : [];
  const all = [...new Set(items.map((i) => index.byId.get(i.product_id)).filter((p): p is number => p !== undefined))];
  const cards = new Map((await summaries(ctx, index, all)).map((s) => [s.id, s]));
  const out: FeaturedList[] = lists.map((l) => ({
    kind: l.kind,
    key: l.list_key,
    section: l.section,
    title: l.title,
    products: items.filter((i) => i.list_id === l.id).flatMap((i) => cards.get(i.product_id) ?? []),
  }));
  return { occasion: filter.occasion, location: filter.location, lists: out, preview: previewImage(homePreviewSpec(ctx, index)) };
}

/** Occasion keys that have featured lists (an unknown one falls back to all lists). */
export async function featuredOccasions(db: Db): Promise<Set<string>> {
  const rows = await db.kysely.selectFrom('featured_list').select('list_key').where('kind', '=', 'occasion').distinct().execute();
  return new Set(rows.map((r) => r.list_key));
}

async function blogSummary(ctx: CatalogContext, r: { slug: string; title: string; excerpt: string; author: string; published_at: string; tags: string; art: string }): Promise<BlogPostSummary> {
  const picture = await ctx.media.picture('blog', r.slug, artVersion(r.art, r.title));
  return {
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    author: r.author,
    publishedAt: r.published_at,
    tags: parseJson<string[]>(r.tags, []),
    image: { src: picture.src, alt: r.title, width: picture.width ?? IMAGE_SIZE, height: picture.height ?? IMAGE_SIZE, ...(picture.variants ? { variants: picture.variants } : {}) },
  };
}

export async function blogList(ctx: CatalogContext, page: Pagination): Promise<BlogList> {
  const [rows, total] = await Promise.all([
    ctx.db.kysely
      .selectFrom('blog_post')
      .select(['slug', 'title', 'excerpt', 'author', 'published_at', 'tags', 'art'])
      .orderBy('published_at', 'desc')
      .orderBy('slug')
      .limit(page.pageSize)
      .offset(page.offset)
      .execute(),
    ctx.db.kysely.selectFrom('blog_post').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { posts: await Promise.all(rows.map((r) => blogSummary(ctx, r))), total: Number(total.n), page: page.page, pageSize: page.pageSize };
}

export async function blogPost(ctx: CatalogContext, slug: string): Promise<BlogPost> {
  const row = await ctx.db.kysely.selectFrom('blog_post').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) throw notFound('We could not find that blog post');
  return { ...(await blogSummary(ctx, row)), content: parseJson<BlogBlock[]>(row.content, []) };
}

export async function faq(db: Db): Promise<FaqEntry[]> {
  const rows = await db.kysely.selectFrom('faq_entry').selectAll().orderBy('position').execute();
  return rows.map((r) => ({ id: r.id, group: r.group_name, question: r.question, answer: r.answer }));
}

export function isTagGroup(value: string): value is TagGroup {
  return (TAG_GROUP_NAMES as readonly string[]).includes(value);
}
