import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ApiResult, CatalogListing, ShopContact } from '@adire/contracts';
import { canonicalUrl, openingHours, pageHead, scriptJson } from '../src/ssr/head';
import { clearApiCache, seedAnswers, useApi } from '../src/useApi';
import { detail, summary } from './fixtures';

const NGN = { name: 'NGN' as const, conversionRate: 1, sign: '₦' };
const USD = { name: 'USD' as const, conversionRate: 700, sign: '$' };
const meta = (title: string | null, description: string | null = null) => ({ title, description, notFound: false });

/** The JSON-LD blocks of a head, parsed (a block that is not valid JSON fails the test). */
function jsonLd(head: string): Record<string, unknown>[] {
  return [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

describe('the head of a server-drawn catalogue page', () => {
  it('describes a product for search engines and link previews: title, canonical, Open Graph with price and currency, Product JSON-LD', () => {
    const product = detail({ name: 'Ruby "Romance" <Roses>', rating: { average: 4.6, count: 8 } });
    const head = pageHead({ url: '/product/ruby-romance-red-roses?ref=wa', origin: 'https://adireblooms.ng', meta: meta('Ruby Roses | Adire Blooms', 'Twelve red roses'), answers: { 'product:ruby-romance-red-roses': { data: product } }, currency: USD });
    expect(head).toContain('<title>Ruby Roses | Adire Blooms</title>');
    expect(head).toContain('<link rel="canonical" href="https://adireblooms.ng/product/ruby-romance-red-roses">');
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toContain('<meta property="og:title" content="Ruby &quot;Romance&quot; &lt;Roses&gt;">');
    expect(head).toContain('<meta property="og:image" content="https://adireblooms.ng/media/products/ruby.svg">');
    // ₦45,000 at 700 per dollar, rounded up: $65.
    expect(head).toContain('<meta property="product:price:amount" content="65">');
    expect(head).toContain('<meta property="product:price:currency" content="USD">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    const [productLd, crumbs] = jsonLd(head);
    expect(productLd).toMatchObject({
      '@type': 'Product',
      name: 'Ruby "Romance" <Roses>',
      sku: 'AB-1001-S',
      offers: { '@type': 'Offer', price: 65, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 8 },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home' }, { name: 'Roses', item: 'https://adireblooms.ng/product-category/roses' }, { position: 3 }] });
    // A name cannot end the script element it sits in.
    expect(head.match(/<\/script>/g)).toHaveLength(2);
  });

  it('lists a listing page as an ItemList, and gives an unknown page no canonical and noindex', () => {
    const listing = { category: { slug: 'roses', name: 'Roses', description: '' }, products: [summary({ slug: 'a' }), summary({ slug: 'b' })], total: 30, page: 2, pageSize: 24 } as unknown as CatalogListing;
    const head = pageHead({ url: '/product-category/roses?page=2&sort=price-asc', origin: 'https://x.ng', meta: meta('Roses | Adire Blooms'), answers: { 'category:roses?page=2': { data: listing } }, currency: NGN });
    expect(head).toContain('<link rel="canonical" href="https://x.ng/product-category/roses?page=2">');
    const [items] = jsonLd(head);
    expect(items).toMatchObject({ '@type': 'ItemList', numberOfItems: 30, itemListElement: [{ position: 25, url: 'https://x.ng/product/a' }, { position: 26 }] });

    const missing = pageHead({ url: '/product/nope', origin: 'https://x.ng', meta: { title: 'Product not found | Adire Blooms', description: null, notFound: true }, answers: {}, currency: NGN });
    expect(missing).toContain('<meta name="robots" content="noindex">');
    expect(missing).not.toContain('rel="canonical"');
  });

  it('describes the shop as a Florist with its branches and opening hours on the home page', () => {
    const contact = { about: 'Flowers', phones: ['+234 800'], supportEmail: 'hi@x.ng', socialLinks: [{ name: 'Instagram', url: 'https://instagram.com/x' }], branches: [{ name: 'Lekki', url: '', workingTimes: '24/7', location: 'Lekki, Lagos' }, { name: 'VI', url: '', workingTimes: '8am-7pm', location: 'Victoria Island' }] } as unknown as ShopContact;
    const [shop] = jsonLd(pageHead({ url: '/', origin: 'https://x.ng', meta: meta(null), answers: { 'shop-contact': { data: contact } }, currency: NGN }));
    expect(shop).toMatchObject({ '@type': 'Florist', name: 'Adire Blooms', telephone: '+234 800', sameAs: ['https://instagram.com/x'], department: [{ openingHours: 'Mo-Su 00:00-23:59', address: 'Lekki, Lagos' }, { openingHours: 'Mo-Su 08:00-19:00' }] });
  });

  it('reads working times as opening hours', () => {
    expect(openingHours('24/7')).toBe('Mo-Su 00:00-23:59');
    expect(openingHours('6am-7pm')).toBe('Mo-Su 06:00-19:00');
    expect(openingHours('8:30am – 12pm')).toBe('Mo-Su 08:30-12:00');
    expect(openingHours('by appointment')).toBeNull();
    expect(canonicalUrl('https://x.ng', '/filters?search=rose&sort=name-asc&page=1')).toBe('https://x.ng/filters?search=rose');
    expect(scriptJson({ a: '</script><!--' })).not.toMatch(/<|>/);
  });
});

function Faq({ load }: { load: () => Promise<ApiResult<string[]>> }) {
  const state = useApi('faq', load);
  if (state.status === 'ready') return <p>{state.data.join(', ')}</p>;
  if (state.status === 'error') return <p>{state.httpStatus === 404 ? 'Not found' : state.message}</p>;
  return <p>Loading</p>;
}

describe('a page hydrating the server’s drawing', () => {
  afterEach(() => clearApiCache());

  it('renders from the answers it was drawn with, asking nothing again', () => {
    seedAnswers({ faq: { data: ['How to order', 'Delivery'] } });
    const load = vi.fn(async () => ({ error: false, message: '', data: ['other'] }));
    render(<Faq load={load} />);
    expect(screen.getByText('How to order, Delivery')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows a not-found the server drew as not found at once', () => {
    seedAnswers({ faq: { error: 'Not found', status: 404 } });
    const load = vi.fn(async () => ({ error: true, message: 'x', data: null }));
    render(<Faq load={load} />);
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('asks the API when the page was not drawn with that answer', async () => {
    const load = vi.fn(async () => ({ error: false, message: '', data: ['Fresh'] }));
    render(<Faq load={load} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Fresh')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
