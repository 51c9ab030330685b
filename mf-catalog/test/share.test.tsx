import { bus } from '@adire/event-bus';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Share } from '../src/product/Share';
import { detail } from './fixtures';

afterEach(cleanup);

const sharedText = () => new URL(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')!).searchParams.get('text');

describe('Share (issue 34)', () => {
  it('shares on WhatsApp with the name, the price in the shopper’s currency and the address, following a currency change', () => {
    act(() => bus.emit('currency:changed', { name: 'NGN', conversionRate: 1, sign: '₦' }));
    render(<Share product={detail({ name: 'Ruby Romance Red Roses', slug: 'ruby-romance-red-roses', price: 45_000 })} />);
    const link = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(sharedText()).toBe(`Ruby Romance Red Roses — ₦45,000 at Adire Blooms: ${window.location.origin}/product/ruby-romance-red-roses`);
    act(() => bus.emit('currency:changed', { name: 'USD', conversionRate: 700, sign: '$' }));
    // 45,000 ÷ 700 = 64.28…, rounded up.
    expect(sharedText()).toBe(`Ruby Romance Red Roses — $65 at Adire Blooms: ${window.location.origin}/product/ruby-romance-red-roses`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('uses the address of the page’s canonical link (the store’s public address)', () => {
    const canonical = Object.assign(document.createElement('link'), { rel: 'canonical', href: 'https://shop.example.ng/product/x' });
    document.head.append(canonical);
    try {
      render(<Share product={detail({ slug: 'white-grace-lilies', name: 'White Grace Lilies', price: 30_000 })} />);
      expect(sharedText()).toMatch(/: https:\/\/shop\.example\.ng\/product\/white-grace-lilies$/);
    } finally {
      canonical.remove();
    }
  });
});
