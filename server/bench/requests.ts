/**
 * The requests the API bench parts send: the reads' fixed mixes (category pages, search, filters), and
 * what is made from a running shop (product pages, the tags a returning browser holds, a logged-in
 * handshake).
 */
import { openDatabase } from '../src/db/database';
import type { NamedRequest, Server, ShopperStep } from './lib';

export const B = 'business=adire-blooms';
export const SORTS = ['', '&sort=price-asc', '&sort=name-asc', '&sort=price-desc', '&sort=name-desc'];
export const FILTERS = [
  '&budget=25000-50000',
  '&flowerName=roses&budget=50000-100000',
  '&design=in-vase',
  '&delivery=same-day&packages=flowers-only',
  '&flowerType=fresh&flowerName=lilies,gerberas',
  '&shopBy=box-arrangements',
  '&packages=flowers-and-teddy,flowers-and-wine',
  '&budget=under-25000&delivery=nationwide',
];
export const QUERIES = ['roses', 'red roses', 'lil', 'moet', 'teddy bear', 'birthday cake', 'sunflower', 'forever', 'chocolate', 'white lilies', 'orchid vase', 'peace lily', 'champagne', 'pink', 'gift hamper', 'ikoyi'];
export const CATEGORY_SLUGS = ['roses', 'all', 'gifts', 'lilies', 'flowers-for-love-birthday-anniversary-etc', 'valentines-day-flowers-and-gifts', 'teddy-bears', 'mothers-day-flowers', 'get-well-soon', 'wine-and-champagne'];

export const get = (path: string, headers?: Record<string, string>): NamedRequest => ({ method: 'GET', path, ...(headers ? { headers } : {}) });

/** Category pages as shoppers open them: 10 categories, 3 pages, 5 sorts, and filtered pages. */
export function listingMix(): NamedRequest[] {
  const out: NamedRequest[] = [];
  for (const slug of CATEGORY_SLUGS) for (let page = 1; page <= 3; page++) for (const sort of SORTS) out.push(get(`/v1/catalog/categories/${slug}/products?${B}&page=${page}${sort}`));
  for (const slug of CATEGORY_SLUGS.slice(0, 4)) for (const filter of FILTERS) out.push(get(`/v1/catalog/categories/${slug}/products?${B}${filter}`));
  return interleave(out);
}

export const searchMix = () => QUERIES.map((q) => get(`/v1/catalog/search?${B}&q=${encodeURIComponent(q)}&limit=20`));
/** The misspellings of issue 43 (corrected since; before, each found nothing). */
export const TYPO_QUERIES = ['rosses', 'lillies', 'bouqet', 'sunflowr', 'choclate', 'teady', 'baloon', 'orkid', 'champange', 'red rosses'];
export const typoSearchMix = () => TYPO_QUERIES.map((q) => get(`/v1/catalog/search?${B}&q=${encodeURIComponent(q)}&limit=20`));
export const filtersMix = () => QUERIES.slice(0, 8).flatMap((q, i) => [get(`/v1/catalog/filters?${B}&search=${encodeURIComponent(q)}`), get(`/v1/catalog/filters?${B}&search=${encodeURIComponent(q)}${FILTERS[i]}`)]);

/** Spread a list so neighbours differ (each connection walks the list from the start). */
function interleave<T>(items: T[]): T[] {
  const out: T[] = [];
  for (let stride = 0; stride < 7; stride++) for (let i = stride; i < items.length; i += 7) out.push(items[i]!);
  return out;
}

export async function json<T>(server: Server, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${server.base}${path}`, init);
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** What the reads bench asks the shop beyond the fixed mixes: product pages, 304s, a logged-in handshake. */
export async function shopRequests(shop: Server): Promise<{ products: NamedRequest[]; revalidate: NamedRequest[]; loggedIn: NamedRequest[] }> {
  const all = await json<{ products: { slug: string }[] }>(shop, `/v1/catalog/categories/all/products?${B}&pageSize=60`);
  const products = all.products.slice(0, 40).map((p) => get(`/v1/catalog/products/${p.slug}?${B}`));
  const user = await json<{ authToken: string }>(shop, '/v1/storefront/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business: 'adire-blooms', email: 'ada@example.com', password: 'Bloom-2026!' }),
  });
  // What a returning browser sends: the tag it holds, answered by a 304.
  const revalidate: NamedRequest[] = [];
  for (const r of listingMix()) {
    const res = await fetch(`${shop.base}${r.path}`);
    await res.arrayBuffer();
    revalidate.push(get(r.path!, { 'if-none-match': res.headers.get('etag') ?? '' }));
  }
  return { products, revalidate, loggedIn: [get(`/v1/storefront/handshake?${B}`, { authorization: `Bearer ${user.authToken}` })] };
}

/** Three SKUs of products on sale and not limited, for the order writes (from the shop's database file). */
export async function orderSkus(sqliteFile: string): Promise<string[]> {
  const reader = openDatabase({ sqliteFile });
  try {
    return (await reader.kysely.selectFrom('product').select('sku').where('in_stock', '=', 1).where('stock', 'is', null).where('price_ngn', '>', 0).orderBy('position').limit(3).execute()).map((r) => r.sku);
  } finally {
    await reader.close();
  }
}

/**
 * Order writes (`pnpm bench orders`, `beside`): each shopper a new order of their own, a change to its
 * cart, its checkout; again. Each checkout comes from an address of its own, as behind the shop's proxy
 * (start the shop with TRUST_PROXY=127.0.0.1): the shop's per-IP mail limit stays as it is in
 * production, and every checkout mails. `steps` for paced shoppers (lib's `shoppers`), `cannon` for
 * autocannon's closed loop (the next request as soon as the last is answered).
 */
export function orderRequests(skus: string[]): { steps: ShopperStep[]; cannon: NamedRequest[] } {
  const headers = { 'content-type': 'application/json' };
  let shoppersSoFar = 0;
  const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const createBody = JSON.stringify({ business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: skus[0], quantity: 1 }] });
  const updateBody = JSON.stringify({ business: 'adire-blooms', currency: 'NGN', deliveryDate: '2099-06-10', cartItems: [{ SKU: skus[0], quantity: 2 }, { SKU: skus[1] ?? skus[0], quantity: 1 }] });
  const checkoutBody = () =>
    JSON.stringify({
      business: 'adire-blooms',
      currency: 'NGN',
      shouldCreateAccount: false,
      shouldSaveAddress: false,
      userData: { name: 'Chiamaka Eze', email: `shopper${++shoppersSoFar}@example.com`, phone: '+2348031112222', phoneCountryCode: '+234' },
      orderData: {
        deliveryDate: '2099-06-10',
        deliveryZone: 'Lekki / Ajah',
        deliveryMessage: 'Happy birthday, Tolu!',
        purpose: 'Birthday',
        deliveryInstruction: 'Call at the gate',
        recipient: { name: 'Tolu Bakare', phone: '+2348095556666', phoneCountryCode: '+234', address: '7 Admiralty Way, Lekki Phase 1', state: 'lagos', residenceType: 'Home', method: 'delivery' },
      },
    });
  const orderIdOf = (status: number, body: string) => (status === 201 ? (JSON.parse(body) as { data: { id: string } }).data.id : undefined);
  const steps: ShopperStep[] = [
    { name: 'create', request: () => ({ method: 'POST', path: '/v1/orders/order/create', body: createBody }), onAnswer: (status, body, c) => void (c.orderId = orderIdOf(status, body)) },
    { name: 'update', request: (c) => (c.orderId ? { method: 'PUT', path: `/v1/orders/order/${c.orderId as string}`, body: updateBody } : null) },
    { name: 'checkout', request: (c) => (c.orderId ? { method: 'PUT', path: `/v1/orders/order/checkout-order/${c.orderId as string}`, body: checkoutBody(), headers: { 'x-forwarded-for': addressOf(shoppersSoFar) } } : null) },
  ];
  type Shopper = { orderId?: string };
  const cannon: NamedRequest[] = [
    { name: 'create', method: 'POST', path: '/v1/orders/order/create', headers, body: createBody, onResponse: (status, body, context) => void ((context as Shopper).orderId = orderIdOf(status, body)) },
    { name: 'update', method: 'PUT', headers, setupRequest: (req, context) => ((context as Shopper).orderId ? { ...req, path: `/v1/orders/order/${(context as Shopper).orderId}`, body: updateBody } : (undefined as never)) },
    { name: 'checkout', method: 'PUT', headers, setupRequest: (req, context) => ((context as Shopper).orderId ? { ...req, path: `/v1/orders/order/checkout-order/${(context as Shopper).orderId}`, body: checkoutBody(), headers: { ...headers, 'x-forwarded-for': addressOf(shoppersSoFar) } } : (undefined as never)) },
  ];
  return { steps, cannon };
}
