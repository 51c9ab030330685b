import type { Currency } from '@adire/contracts';
import { DEFAULT_CURRENCIES, formatPrice } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { createContext, useContext, useEffect, useState } from 'react';

const NAIRA = DEFAULT_CURRENCIES[0]!;

/**
 * The currency a page's first render shows prices in: the shopper's (from the currency cookie) while
 * the server draws the page, the same one while the browser hydrates it. Without it, the currency
 * the shell last published.
 */
export const FirstRenderCurrency = createContext<Currency | null>(null);

/** A naira amount shown in the shopper's selected currency (amount ÷ rate, rounded up). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const first = useContext(FirstRenderCurrency);
  const [currency, setCurrency] = useState(() => first ?? bus.last('currency:changed') ?? NAIRA);
  useEffect(() => bus.on('currency:changed', (next) => setCurrency(() => next)), []);
  return (
    <span className={className} data-currency={currency.name}>
      {formatPrice(amount, currency)}
    </span>
  );
}
