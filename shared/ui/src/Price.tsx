import type { Currency } from '@adire/contracts';
import { DEFAULT_CURRENCIES, formatPrice } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';

const NAIRA = DEFAULT_CURRENCIES[0]!;

/**
 * The currency a server-drawn page's prices were drawn in: the shopper's (from the currency cookie)
 * while the server draws, the same one while the browser hydrates. It is used only by a render that
 * hydrates (or draws on the server); a price rendered afresh takes the currency the shell last
 * published. The value never changes during the page's life (an update reaching a part that still
 * hydrates would make React draw it afresh).
 */
export const FirstRenderCurrency = createContext<Currency | null>(null);

const never = () => () => {};

/**
 * The shopper's currency for what a component shows: the one the page was drawn in while it hydrates
 * (or draws on the server), then the one the shell last published, following every change.
 */
export function useShopperCurrency(): Currency {
  const drawn = useContext(FirstRenderCurrency);
  // True on the server and while hydrating (React reads the server snapshot then), false otherwise.
  const hydrating = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  const [currency, setCurrency] = useState(() => (hydrating && drawn) || bus.last('currency:changed') || NAIRA);
  useEffect(() => bus.on('currency:changed', (next) => setCurrency(() => next)), []);
  return currency;
}

/** A naira amount shown in the shopper's selected currency (amount ÷ rate, rounded up). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const currency = useShopperCurrency();
  return (
    <span className={className} data-currency={currency.name}>
      {formatPrice(amount, currency)}
    </span>
  );
}
