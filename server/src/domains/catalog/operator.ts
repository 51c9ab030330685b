import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { featuredListsForStaff, setDesignPrices, setFeaturedProducts, setProductDesigns, shopDesigns } from './merchandising';
import { productForStaff } from './staff';

/**
 * The operator's catalogue command: the featured lists (per occasion and location) and the designs a
 * product offers, through the same services as the back office (merchandising.ts).
 */

/** Bad input or a refused change: the message is printed as it is and the command exits 1. */
export class CatalogCommandError extends Error {}

export const CATALOG_USAGE = `Usage: pnpm catalog <command>

  featured [<list>]                                 the featured lists (or one) with their products in order
  feature <list> <SKU|address> [<SKU|address> …]    the products of a list, in this order
  designs <SKU|address>                             the designs a product offers (the first is its default)
  set-designs <SKU|address> [<design> …]            the designs it offers, in order (none: no choice)
  design-prices                                     what each design adds to a product's price
  set-design-price <design> <naira>                 what a design adds, for every product (0: no charge)
  help                                              this text

Lists are named kind:key:section, e.g. occasion:valentines-day:flowers or location:lagos:main.
Designs: wrapped-bouquet, in-vase, in-large-vase, box.

Examples:
  pnpm catalog featured occasion:birthday:main
  pnpm catalog feature occasion:birthday:main AB-1001 AB-1007 red-roses-bouquet
  pnpm catalog set-designs AB-1001 in-vase wrapped-bouquet
  pnpm catalog set-design-price in-vase 16000`;

export type CatalogCommand =
  | { kind: 'help' }
  | { kind: 'featured'; list: string | null }
  | { kind: 'feature'; list: string; products: string[] }
  | { kind: 'designs'; product: string }
  | { kind: 'set-designs'; product: string; designs: string[] }
  | { kind: 'design-prices' }
  | { kind: 'set-design-price'; design: string; priceNgn: number };

const LIST = /^(occasion|location):[a-z0-9-]{1,60}:[a-z0-9-]{1,60}$/;

function listArg(raw: string | undefined): string {
  const list = (raw ?? '').trim().toLowerCase();
  if (!LIST.test(list)) throw new CatalogCommandError(`'${raw ?? ''}' is not a featured list; they look like occasion:valentines-day:flowers (pnpm catalog featured lists them).`);
  return list;
}

function productArg(raw: string | undefined): string {
  const product = (raw ?? '').trim();
  if (!/^[A-Za-z0-9-]{2,200}$/.test(product)) throw new CatalogCommandError(`'${raw ?? ''}' is not an SKU or a product address; they look like AB-1001 or red-roses-bouquet.`);
  return product;
}

export function parseCatalogCommand(argv: readonly string[]): CatalogCommand {
  const [command, ...args] = argv;
  switch (command) {
    case undefined:
      throw new CatalogCommandError(CATALOG_USAGE);
    case 'help':
    case '--help':
    case '-h':
      return { kind: 'help' };
    case 'featured':
      if (args.length > 1) throw new CatalogCommandError("'featured' takes at most one argument: pnpm catalog featured [<list>]");
      return { kind: 'featured', list: args.length ? listArg(args[0]) : null };
    case 'feature':
      if (args.length < 2) throw new CatalogCommandError("'feature' takes a list and at least one product: pnpm catalog feature <list> <SKU|address> [<SKU|address> …]");
      return { kind: 'feature', list: listArg(args[0]), products: args.slice(1).map(productArg) };
    case 'designs':
      if (args.length !== 1) throw new CatalogCommandError("'designs' takes one argument: pnpm catalog designs <SKU|address>");
      return { kind: 'designs', product: productArg(args[0]) };
    case 'set-designs':
      if (args.length < 1) throw new CatalogCommandError("'set-designs' takes a product and its designs: pnpm catalog set-designs <SKU|address> [<design> …]");
      return { kind: 'set-designs', product: productArg(args[0]), designs: args.slice(1).map((d) => d.trim()).filter(Boolean) };
    case 'design-prices':
      if (args.length) throw new CatalogCommandError("'design-prices' takes no argument.");
      return { kind: 'design-prices' };
    case 'set-design-price': {
      if (args.length !== 2) throw new CatalogCommandError("'set-design-price' takes 2 arguments: pnpm catalog set-design-price <design> <naira>");
      const raw = (args[1] ?? '').trim().replace(/^₦/, '').replace(/,/g, '');
      if (!/^\d{1,9}$/.test(raw)) throw new CatalogCommandError(`'${args[1]}' is not a price; use whole naira, e.g. 15000 (0: no charge).`);
      return { kind: 'set-design-price', design: (args[0] ?? '').trim(), priceNgn: Number(raw) };
    }
    default:
      throw new CatalogCommandError(`Unknown command '${command}'.\n\n${CATALOG_USAGE}`);
  }
}

/** A product by its address or SKU (a size's SKU finds its product). */
async function productOf(db: Db, key: string) {
  const bySlug = await productForStaff(db, key.toLowerCase());
  if (bySlug) return bySlug;
  const sku = key.toUpperCase();
  const variant = await db.kysely.selectFrom('product_variant').innerJoin('product', 'product.id', 'product_variant.product_id').select('product.slug').where('product_variant.sku', '=', sku).executeTakeFirst();
  const product = variant ?? (await db.kysely.selectFrom('product').select('slug').where('sku', '=', sku).executeTakeFirst());
  const found = product ? await productForStaff(db, product.slug) : null;
  if (!found) throw new CatalogCommandError(`No product has the SKU or address ${key}.`);
  return found;
}

const listLines = (l: Awaited<ReturnType<typeof featuredListsForStaff>>[number]) =>
  [`${l.id}  ${l.title}`, ...l.products.map((p, i) => `  ${String(i + 1).padStart(2)}. ${p.sku}  ${p.name}${p.inStock ? '' : '  (sold out)'}`)].join('\n');

/** Runs a command and answers what to print; a refusal is a CatalogCommandError with the reason. */
export async function executeCatalogCommand(db: Db, command: CatalogCommand): Promise<string> {
  try {
    switch (command.kind) {
      case 'help':
        return CATALOG_USAGE;
      case 'featured': {
        const lists = await featuredListsForStaff(db, command.list ?? undefined);
        if (!lists.length) throw new CatalogCommandError(command.list ? `No featured list is called ${command.list}.` : 'There are no featured lists.');
        return lists.map(listLines).join('\n\n');
      }
      case 'feature': {
        const { after } = await setFeaturedProducts(db, command.list, command.products);
        return `${after.title} (${after.id}) now features ${after.products.length} product${after.products.length === 1 ? '' : 's'}; shoppers see it on their next page load.\n${listLines(after)}`;
      }
      case 'designs': {
        const product = await productOf(db, command.product);
        const offered = product.designs.filter((d) => d.offered);
        const price = (n: number) => (n ? ` +₦${n.toLocaleString('en-US')}` : ' +₦0');
        return offered.length
          ? `${product.name} (${product.sku}) is offered ${offered.map((d, i) => `${d.title} (${d.code}${price(d.priceNgn)})${i === 0 ? ' [default]' : ''}`).join(', ')}.`
          : `${product.name} (${product.sku}) offers no design to choose.`;
      }
      case 'set-designs': {
        const product = await productOf(db, command.product);
        const codes = await setProductDesigns(db, product, command.designs);
        return codes.length
          ? `${product.name} (${product.sku}) is now offered ${codes.join(', ')} (${codes[0]} by default); shoppers see it on their next page load.`
          : `${product.name} (${product.sku}) now offers no design to choose.`;
      }
      case 'design-prices':
        return (await shopDesigns(db)).map((d) => `${d.code.padEnd(16)} ${d.title.padEnd(16)} adds ₦${d.priceNgn.toLocaleString('en-US')}`).join('\n');
      case 'set-design-price': {
        const { after } = await setDesignPrices(db, { [command.design]: command.priceNgn });
        const design = after.find((d) => d.code === command.design.toLowerCase() || d.title.toLowerCase() === command.design.toLowerCase())!;
        return `${design.title} now adds ₦${design.priceNgn.toLocaleString('en-US')} to every product that offers it; shoppers see it on their next page load.`;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw new CatalogCommandError(err.message);
    throw err;
  }
}
