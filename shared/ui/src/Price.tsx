import type { Currency } from '@adire/contracts';
import { DEFAULT_CURRENCIES, formatPrice } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { createContext, useContext, useEffect, useState } from 'react';

const NAIRA = DEFAULT_CURRENCIES[0]!;

/**
 * The currency a page's first render shows prices in: the shopper's (from the currency cookie) while
 * the server draws the page, the same one while the browser hydrates it. Without it (or once it is
 * null), the currency the shell last published. A ref, not a value: clearing it after hydration must
 * not update the tree (an update reaching a part still hydrating would make React draw it afresh).
 */
export const FirstRenderCurrency = createContext<{ readonly current: Currency | null } | null>(null);

/** A naira amount shown in the shopper's selected currency (amount ÷ rate, rounded up). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const first = useContext(FirstRenderCurrency)?.current;
  const [currency, setCurrency] = useState(() => first ?? bus.last('currency:changed') ?? NAIRA);
  useEffect(() => bus.on('currency:changed', (next) => setCurrency(() => next)), []);
  return (
    <span className={className} data-currency={currency.name}>
      {formatPrice(amount, currency)}
    </span>
  );
}
