import type { CartItem } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../src/api';
import { ProductGrid } from '../src/ProductGrid';

const product: ProductSummary = {
  id: 'p1',
  slug: 'white-grace-lilies',
  SKU: 'AB-1003',
  name: 'White Grace Lilies',
  description: 'Fragrant white lilies',
  price: 38000,
  image: { src: '/media/products/white-grace-lilies.svg', alt: 'White Grace Lilies' },
  category: 'lilies',
};

describe('ProductGrid', () => {
  it('puts the product on the bus as a cart item when added', () => {
    const added: CartItem[] = [];
    const off = bus.on('cart:add', ({ item }) => added.push(item));
    render(<ProductGrid products={[product]} />);
    expect(screen.getByText('₦38,000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add White Grace Lilies to cart' }));
    off();
    expect(added).toEqual([
      {
        SKU: 'AB-1003',
        name: 'White Grace Lilies',
        description: 'Fragrant white lilies',
        image: { src: '/media/products/white-grace-lilies.svg', alt: 'White Grace Lilies' },
        price: 38000,
        quantity: 1,
        productId: 'p1',
      },
    ]);
  });
});
