/**
 * What each link preview shows (previews.ts draws it): a product its own main picture and name; a
 * category its three leading products (the default order: in stock first) and its name; the home
 * page (and a listing of the whole shop) the shop's three leading products and its promise. The API
 * answers carry the preview's versioned URL (`preview` of a product, a listing and the home page's
 * featured lists) and the picture route makes it from the same spec, so both always agree.
 */
import { BRAND, PREVIEW_SIZE, type PreviewImage } from '@adire/contracts';
import type { CatalogIndex, IndexedProduct } from './catalog-index';
import { parseArt, renderArt, type ImageView } from './image';
import type { CatalogContext } from './context';
import { previewVersion, type PreviewSource, type PreviewSpec } from './previews';

/** How many products a category's or the home page's preview shows. */
const LEADING = 3;
const HOME_TITLE = 'Flowers and gifts, delivered the same day';
const STORED = /^\/media\/products\/([a-z0-9-]+)\.(?:svg|webp|jpe?g|png)$/i;

type PreviewProduct = Pick<IndexedProduct, 'slug' | 'name' | 'image' | 'artVersion'>;

/** A product's generated art as SVG (what its page shows when no photo was dropped in), as routes.ts draws it. */
async function artSvg(ctx: CatalogContext, slug: string, view: ImageView): Promise<string> {
  const row = await ctx.db.kysely.selectFrom('product').select(['name', 'art']).where('slug', '=', slug).executeTakeFirst();
  const name = row?.name ?? slug;
  return renderArt(parseArt(row?.art ?? '', slug), view === 'detail' ? `${name}, close-up` : name, view);
}

/** The picture `base` (`<slug>` or `<slug>--detail`) of a product: the file dropped in for it (a photo, or an SVG), else its art. */
function pictureSource(ctx: CatalogContext, slug: string, base: string, artVersion: string): PreviewSource {
  const art = () => artSvg(ctx, slug, base.endsWith('--detail') ? 'detail' : 'main');
  const drop = ctx.media.find('products', base);
  if (drop && !ctx.media.isBroken('products', base)) return { kind: 'photo', file: drop.file, version: drop.version, art };
  return { kind: 'art', version: artVersion, art };
}

/** The picture a stored path names (`/media/products/<base>.svg`), or the product's own. */
export const pictureBase = (stored: string, slug: string) => STORED.exec(stored)?.[1]?.toLowerCase() ?? slug;

/** The product's main picture. */
const sourceOf = (ctx: CatalogContext, product: PreviewProduct) => pictureSource(ctx, product.slug, pictureBase(product.image, product.slug), product.artVersion);

/** One of a product's pictures alone, as a JPEG (the feeds' image links); `base` is `<slug>` or `<slug>--detail`. */
export function plainPictureSpec(ctx: CatalogContext, product: Pick<IndexedProduct, 'slug' | 'name' | 'artVersion'>, base: string): PreviewSpec {
  return { key: `plain/${base}`, title: '', alt: product.name, sources: [pictureSource(ctx, product.slug, base, product.artVersion)] };
}

export function productPreviewSpec(ctx: CatalogContext, product: PreviewProduct): PreviewSpec {
  return { key: `products/${product.slug}`, title: product.name, alt: `${product.name} from ${BRAND}`, sources: [sourceOf(ctx, product)] };
}

function leading(index: CatalogIndex, set: CatalogIndex['all']): IndexedProduct[] {
  return index.window(set, 'default', 0, LEADING).map((position) => index.products[position]!);
}

const names = (products: IndexedProduct[]) => products.map((p) => p.name).join(', ');

/** A category's preview; null when there is no such category. */
export function categoryPreviewSpec(ctx: CatalogContext, index: CatalogIndex, slug: string): PreviewSpec | null {
  const category = index.categories.get(slug);
  if (!category) return null;
  const products = leading(index, category.members);
  const alt = products.length ? `${category.name} from ${BRAND}: ${names(products)}` : `${category.name} from ${BRAND}`;
  return { key: `categories/${slug}`, title: category.name, alt, sources: products.map((p) => sourceOf(ctx, p)) };
}

export function homePreviewSpec(ctx: CatalogContext, index: CatalogIndex): PreviewSpec {
  const products = leading(index, index.all);
  return { key: 'home', title: HOME_TITLE, alt: `${BRAND}: ${names(products)}`, sources: products.map((p) => sourceOf(ctx, p)) };
}

/** The preview as the API describes it: its versioned path, its size, type and alternative text. */
export function previewImage(spec: PreviewSpec): PreviewImage {
  return { src: `/media/previews/${spec.key}.jpg?v=${previewVersion(spec)}`, ...PREVIEW_SIZE, type: 'image/jpeg', alt: spec.alt };
}
