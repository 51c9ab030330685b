import type { CartItem, ImageVariants, Order } from '@adire/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('@adire/api-client', () => ({ api }));

import { drawForLessData } from '../src/summary/lessData';
import { OrderSummary } from '../src/summary/OrderSummary';

const variants: ImageVariants = { url: '/media/products/ruby.w{width}.{format}?v=3f2a', widths: [128, 192, 320, 480, 720, 1080], formats: ['avif', 'webp', 'jpeg'] };
const line = (SKU: string, image: CartItem['image']): CartItem => ({ SKU, name: `Bouquet ${SKU}`, description: '', image, price: 45000, quantity: 1, productId: SKU });
const order = (cartItems: CartItem[]): Order => ({
  id: 'o1',
  deliveryDate: '',
  orderProducts: [],
  cartItems,
  currency: 'NGN',
  paymentStatus: 'not paid',
  itemsTotal: 90000,
  discount: 0,
  deliveryFee: 0,
  total: 90000,
});

const pictures = () => within(screen.getByRole('list', { name: 'Items in this order' })).getAllByRole('listitem').map((li) => li.querySelector('img')!);
const attrs = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
const widthsOf = (srcSet: string | null) => (srcSet ?? '').split(', ').map((c) => Number(/ (\d+)w$/.exec(c)![1]));

afterEach(() => {
  cleanup();
  drawForLessData(null);
});

describe("the order summary's line pictures (issue 42)", () => {
  it('a line with variants draws a srcset at its 56 px box, lazily; a line stored without them draws its src', () => {
    render(<OrderSummary order={order([line('A-1', { src: '/media/products/ruby.w1080.jpeg?v=3f2a', variants }), line('B-2', { src: '/media/products/lilies.svg' })])} quote={null} couponEditable={false} />);
    const [withVariants, plain] = pictures();
    expect(withVariants!.getAttribute('sizes')).toBe('56px');
    expect(widthsOf(withVariants!.getAttribute('srcset'))).toEqual(variants.widths);
    expect(attrs(withVariants!)).toMatchObject({ width: '56', height: '56', loading: 'lazy' });
    const sources = [...withVariants!.parentElement!.querySelectorAll('source')];
    expect(withVariants!.parentElement!.tagName).toBe('PICTURE');
    expect(sources.map((s) => [s.type, s.getAttribute('sizes')])).toEqual([
      ['image/avif', '56px'],
      ['image/webp', '56px'],
    ]);
    expect(sources[0]!.srcset).toContain('/media/products/ruby.w128.avif?v=3f2a 128w');
    expect(plain!.getAttribute('src')).toBe('/media/products/lilies.svg');
    expect(plain!.hasAttribute('srcset')).toBe(false);
    expect(attrs(plain!)).toMatchObject({ width: '56', height: '56', loading: 'lazy' });
    expect(plain!.parentElement!.tagName).toBe('LI');
  });

  it('with Save-Data, only the 128 w variant (the box at a pixel ratio of 1.5)', () => {
    drawForLessData(true);
    render(<OrderSummary order={order([line('A-1', { src: '/media/products/ruby.w1080.jpeg?v=3f2a', variants })])} quote={null} couponEditable={false} />);
    const [picture] = pictures();
    expect(widthsOf(picture!.getAttribute('srcset'))).toEqual([128]);
  });
});
