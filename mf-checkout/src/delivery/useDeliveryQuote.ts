import { api } from '@adire/api-client';
import { API_PATHS, type DeliveryQuote } from '@adire/contracts';
import { isApiDateShape } from '@adire/domain';
import { useEffect, useState } from 'react';
import type { CheckoutForm } from './form';

/** The quote's query for the form as it stands, or null while the place is not chosen yet. */
export function quoteQuery(form: Pick<CheckoutForm, 'deliveryMethod' | 'state' | 'zone' | 'pickUpLocation' | 'deliveryDate'>): Record<string, string> | null {
  const day: Record<string, string> = isApiDateShape(form.deliveryDate) ? { deliveryDate: form.deliveryDate } : {};
  if (form.deliveryMethod === 'pick-up') return form.pickUpLocation ? { method: 'pick-up', pickupLocation: form.pickUpLocation, ...day } : null;
  return form.state && form.zone ? { method: 'delivery', state: form.state, zone: form.zone, ...day } : null;
}

/**
 * What delivery costs for the chosen method, place and day, priced by the server (zone fees,
 * free-delivery threshold, festive overrides) without saving anything.
 */
export function useDeliveryQuote(orderId: string, form: CheckoutForm, itemsKey: string): { quote: DeliveryQuote | null; pending: boolean } {
  const query = quoteQuery(form);
  const key = query ? JSON.stringify(query) : '';
  const [state, setState] = useState<{ key: string; quote: DeliveryQuote | null }>({ key: '', quote: null });
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const res = await api.get<DeliveryQuote>(API_PATHS.deliveryQuote(orderId), { query: JSON.parse(key) as Record<string, string>, signal: controller.signal });
      if (!controller.signal.aborted) setState({ key, quote: res.error ? null : res.data });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [orderId, key, itemsKey]);
  if (!key) return { quote: null, pending: false };
  return { quote: state.key === key ? state.quote : null, pending: state.key !== key };
}
