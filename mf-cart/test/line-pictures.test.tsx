import type { CartItem, ImageVariants } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CartDrawer } from '../src/CartDrawer';
import { useCart, wireCartToBus } from '../src/cartStore';

const variants: ImageVariants = { url: '/media/products/ruby.w{width}.{format}?v=3f2a', widths: [128, 192, 320, 480, 720, 1080], formats: ['avif', 'webp', 'jpeg'] };
const line = (SKU: string, image: CartItem['image']): CartItem => ({ SKU, name: `Bouquet ${SKU}`, description: '', image, price: 45000, quantity: 1, productId: SKU });
const withVariants = line('A-1', { src: '/media/products/ruby.w1080.jpeg?v=3f2a', alt: 'Roses', variants });
const storedBefore = line('B-2', { src: '/media/products/lilies.w1080.jpeg?v=77aa', alt: 'Lilies' });

const pictures = () => within(screen.getByRole('list', { name: 'Cart items' })).getAllByRole('listitem').map((li) => li.querySelector('img')!);
const attrs = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
const widthsOf = (srcSet: string | null) => (srcSet ?? '').split(', ').map((c) => Number(/ (\d+)w$/.exec(c)![1]));

beforeEach(() => {
  localStorage.clear();
  useCart.getState().reset();
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'connection');
});

describe("the drawer's line pictures (issue 42)", () => {
  it('a line with variants draws a srcset at its 64 px box; a line stored before (only src) draws its src', () => {
    wireCartToBus();
    bus.emit('cart:add', { item: withVariants });
    // The guest cart keeps the variants (the drawer re-reads it when it opens); an older stored line has none.
    localStorage.setItem('adire:cartItems', JSON.stringify([...JSON.parse(localStorage.getItem('adire:cartItems')!), storedBefore]));
    render(<CartDrawer />);
    act(() => useCart.getState().show('main-header'));
    const [small, plain] = pictures();
    expect(attrs(small!)).toMatchObject({ sizes: '64px', width: '64', height: '64', src: withVariants.image.src });
    expect(widthsOf(small!.getAttribute('srcset'))).toEqual(variants.widths);
    expect(small!.parentElement!.tagName).toBe('PICTURE');
    const sources = [...small!.parentElement!.querySelectorAll('source')];
    expect(sources.map((s) => [s.type, s.getAttribute('sizes')])).toEqual([
      ['image/avif', '64px'],
      ['image/webp', '64px'],
    ]);
    expect(sources[0]!.srcset).toContain('/media/products/ruby.w128.avif?v=3f2a 128w');
    expect(attrs(plain!)).toMatchObject({ src: storedBefore.image.src, width: '64', height: '64' });
    expect(plain!.hasAttribute('srcset')).toBe(false);
    expect(plain!.parentElement!.tagName).toBe('LI');
  });

  it("with the browser's Save-Data, only the 128 w variant (the box at a pixel ratio of 1.5)", () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    useCart.setState({ items: [withVariants] });
    render(<CartDrawer />);
    act(() => useCart.getState().show('main-header'));
    const [small] = pictures();
    expect(widthsOf(small!.getAttribute('srcset'))).toEqual([128]);
    expect([...small!.parentElement!.querySelectorAll('source')].map((s) => widthsOf(s.getAttribute('srcset')))).toEqual([[128], [128]]);
  });
});
