import type { CartItem, Toast } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@adire/router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductGrid } from '../src/ui/ProductGrid';
import { summary } from './fixtures';

afterEach(cleanup);

describe('ProductGrid', () => {
  it('puts the product on the bus as a cart item when added, and asks for a toast', () => {
    const added: CartItem[] = [];
    const toasts: Toast[] = [];
    const offAdd = bus.on('cart:add', ({ item }) => added.push(item));
    const offToast = bus.on('toast:show', (t) => toasts.push(t));
    render(<ProductGrid products={[summary()]} />, { wrapper: MemoryRouter });
    expect(screen.getByText('₦38,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add White Grace Lilies to cart' }));
    offAdd();
    offToast();
    expect(added).toEqual([expect.objectContaining({ SKU: 'AB-1003', price: 38000, quantity: 1, productId: 'p1' })]);
    expect(toasts).toEqual([{ type: 'success', message: 'White Grace Lilies added to cart' }]);
  });

  it('links each card to its product page and offers options when there are some', () => {
    render(<ProductGrid products={[summary({ hasOptions: true })]} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'White Grace Lilies' }).getAttribute('href')).toBe('/product/white-grace-lilies');
    expect(screen.getByRole('link', { name: 'Choose options for White Grace Lilies' }).getAttribute('href')).toBe('/product/white-grace-lilies');
  });

  it('lazy-loads images with their size set, except the first when asked', () => {
    render(<ProductGrid products={[summary(), summary({ id: 'p2', slug: 'b', name: 'B' })]} eagerFirst />, { wrapper: MemoryRouter });
    const [first, second] = Array.from(document.querySelectorAll('img'));
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(second!.getAttribute('loading')).toBe('lazy');
    expect(second!.getAttribute('width')).toBe('400');
    expect(second!.getAttribute('height')).toBe('400');
  });

  it('has no add button for a product out of stock', () => {
    render(<ProductGrid products={[summary({ inStock: false })]} />, { wrapper: MemoryRouter });
    expect(screen.queryByRole('button', { name: 'Add White Grace Lilies to cart' })).toBeNull();
    expect(screen.getByText('Out of stock')).toBeTruthy();
  });
});
