import { api } from '@adire/api-client';
import { API_PATHS, readStored, readStoredUser, writeStored, type BusEvents, type Category, type HandshakeResponse } from '@adire/contracts';
import { browserTimeZone, currenciesFromRates } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { chooseCurrency, foreignCurrencyMessage, rememberCurrencyInCookie, shouldAnnounceCurrency } from './currency';

/** Delay before the foreign-currency toast (SPEC section 4). */
export const CURRENCY_TOAST_DELAY_MS = 8000;

/**
 * Publishes a shop-wide value unless the page already has an equal one (a page the server drew
 * carries the frame's data, published before the first render): every price, the banner and the
 * currency choice would otherwise render again for nothing. Returns the value now published.
 */
export function publishIfChanged<K extends 'currencies:loaded' | 'settings:loaded' | 'currency:changed'>(type: K, value: BusEvents[K]): BusEvents[K] {
  const last = bus.last(type);
  if (last !== undefined && JSON.stringify(last) === JSON.stringify(value)) return last;
  bus.emit(type, value);
  return value;
}

/**
 * The one handshake of a page load. It publishes the user, currencies (defaults when it fails),
 * settings and deliveryZoneAmount as replayed bus events; no remote calls it again.
 */
export async function runHandshake(): Promise<void> {
  const res = await api.get<HandshakeResponse>(API_PATHS.handshake);
  if (res.error) console.error('[shell] handshake failed:', res.message); // failure is only logged
  const data = res.data;
  const currencies = publishIfChanged('currencies:loaded', currenciesFromRates(data?.currencies));

  // The handshake confirms the stored user; only when it could not be asked is the stored one trusted.
  const storedUser = readStoredUser();
  bus.emit('user:changed', res.error ? storedUser : (data?.user ?? null));
  publishIfChanged('settings:loaded', { settings: data?.settings ?? null, deliveryZoneAmount: data?.deliveryZoneAmount ?? 0 });

  const choice = chooseCurrency(readStored('currency'), browserTimeZone());
  const currency = publishIfChanged('currency:changed', currencies.find((c) => c.name === choice.name) ?? currencies[0]!);
  if (!choice.fromStorage) writeStored('currency', currency.name);
  rememberCurrencyInCookie(currency.name);
  if (shouldAnnounceCurrency(choice)) {
    setTimeout(() => {
      // A shopper who already chose a currency in the meantime needs no explanation of the default.
      if (bus.last('currency:changed') !== currency) return;
      bus.emit('toast:show', { type: 'info', message: foreignCurrencyMessage(currency) });
    }, CURRENCY_TOAST_DELAY_MS);
  }
}

/** The header menu is built from data, so a new category shows without a shell release. */
export async function loadCategories(): Promise<void> {
  const res = await api.get<Category[]>(API_PATHS.categories);
  if (res.error || !res.data) {
    console.error('[shell] categories failed:', res.message);
    return;
  }
  bus.emit('categories:loaded', res.data);
}

/** The shopper picked a currency in the header. */
export function selectCurrency(name: string): void {
  const currency = bus.last('currencies:loaded')?.find((c) => c.name === name);
  if (!currency) return;
  writeStored('currency', currency.name);
  rememberCurrencyInCookie(currency.name);
  bus.emit('currency:changed', currency);
}
