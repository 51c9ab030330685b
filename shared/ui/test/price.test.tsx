// @vitest-environment jsdom
import { bus } from '@adire/event-bus';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from '../src/Price';

describe('Price', () => {
  it('shows naira until a currency is chosen, then follows the bus', () => {
    render(<Price amount={15000} />);
    expect(screen.getByText('₦15,000')).toBeTruthy();
    act(() => bus.emit('currency:changed', { name: 'USD', conversionRate: 700, sign: '$' }));
    expect(screen.getByText('$22')).toBeTruthy();
  });
});
