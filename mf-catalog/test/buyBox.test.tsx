import type { CartItem, Toast } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BuyBox } from '../src/product/BuyBox';
import { detail } from './fixtures';

afterEach(cleanup);

describe('BuyBox', () => {
  it('adds the chosen size, design and quantity through the bus', () => {
    const added: CartItem[] = [];
    const toasts: Toast[] = [];
    const offs = [bus.on('cart:add', ({ item }) => added.push(item)), bus.on('toast:show', (t) => toasts.push(t))];
    render(<BuyBox product={detail()} />);

    fireEvent.click(screen.getByRole('radio', { name: /Deluxe \(24 stems\)/ }));
    fireEvent.click(screen.getByRole('radio', { name: /In vase/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('3');
    expect(screen.getByText('Design: In vase × 3')).toBeTruthy();
    expect(screen.getByText('₦285,000')).toBeTruthy(); // 3 × 80,000 + 3 × 15,000

    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    offs.forEach((off) => off());
    expect(added).toEqual([
      expect.objectContaining({ SKU: 'AB-1001-L', size: 'Deluxe (24 stems)', price: 80000, quantity: 3, design: { title: 'In vase', name: 'In vase', price: 15000, quantity: 3 } }),
    ]);
    expect(toasts).toEqual([{ type: 'success', message: 'Ruby Romance Red Roses added to cart' }]);
  });

  it('keeps the quantity between 1 and 99', () => {
    render(<BuyBox product={detail()} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement;
    const field = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    expect(minus.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '250' } });
    fireEvent.blur(field);
    expect(field.value).toBe('99');
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.blur(field);
    expect(field.value).toBe('99');
  });

  it('cannot add a product that is out of stock', () => {
    render(<BuyBox product={detail({ inStock: false })} />);
    expect((screen.getByRole('button', { name: 'Out of stock' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
