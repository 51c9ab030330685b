import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckoutApp } from '../src/CheckoutApp';

describe('checkout stages', () => {
  it('starts at stage 1 of 3: delivery active, payment and done upcoming', () => {
    window.history.pushState(null, '', '/checkout');
    render(<CheckoutApp />);
    const stages = within(screen.getByRole('list', { name: 'Checkout stages' })).getAllByRole('listitem');
    expect(stages.map((s) => [s.textContent, s.dataset.state])).toEqual([
      ['1 Delivery', 'active'],
      ['2 Payment', 'upcoming'],
      ['3 Done', 'upcoming'],
    ]);
    expect(stages[0]?.getAttribute('aria-current')).toBe('step');
  });
});
