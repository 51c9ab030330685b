import { DEFAULT_CURRENCIES, formatPrice } from '@adire/domain';
import { useBusValue } from './useBus';

const NAIRA = DEFAULT_CURRENCIES[0]!;

/** A naira amount shown in the shopper's selected currency (amount ÷ rate, rounded up). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const currency = useBusValue('currency:changed', NAIRA);
  return (
    <span className={className} data-currency={currency.name}>
      {formatPrice(amount, currency)}
    </span>
  );
}
