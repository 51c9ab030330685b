import type { FrameData } from '@adire/contracts';
import { currenciesFromRates } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { seedShopContact } from '../layout/useShopContact';

/**
 * Publishes the frame's shop-wide data as the handshake does (replayed bus events), so the first
 * render — the server's draw, and the browser's over it — shows the banner, menu, currency and
 * footer at once. The handshake still runs in the browser (it knows the shopper) and publishes again.
 */
export function publishFrameData(data: FrameData, currencyName: string): void {
  const currencies = currenciesFromRates(data.handshake?.currencies);
  bus.emit('currencies:loaded', currencies);
  if (data.handshake) bus.emit('settings:loaded', { settings: data.handshake.settings, deliveryZoneAmount: data.handshake.deliveryZoneAmount });
  if (data.categories) bus.emit('categories:loaded', data.categories);
  bus.emit('currency:changed', currencies.find((c) => c.name === currencyName) ?? currencies[0]!);
  seedShopContact(data.contact);
}
