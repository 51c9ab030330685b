import { DELIVERY_LOCATIONS, type DeliveryLocation, type FeaturedList, type FeaturedResponse } from '@adire/contracts';

/** The occasion the home page shows off. */
export const SHOWCASE_OCCASION = 'valentines-day';

/** Where each showcase section's "Shop all" link goes; other sections go to the occasion's category. */
const SECTION_CATEGORY: Record<string, string> = {
  flowers: 'valentines-day-flowers-and-gifts',
  'forever-roses': 'forever-roses-preserved-roses',
  gifts: 'gifts',
  'scented-candles': 'scented-candles',
  champagne: 'wine-and-champagne',
};

export function sectionCategory(section: string): string {
  return SECTION_CATEGORY[section] ?? 'valentines-day-flowers-and-gifts';
}

/** Slide n of a carousel that wraps around at both ends. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The lists of one occasion or location, in the order the server gave them, none empty. */
export function listsFor(response: FeaturedResponse | null, kind: FeaturedList['kind'], key: string): FeaturedList[] {
  return (response?.lists ?? []).filter((l) => l.kind === kind && l.key === key && l.products.length > 0);
}

export const LOCATION_LABELS: Record<DeliveryLocation, string> = {
  lagos: 'Lagos',
  abuja: 'Abuja',
  'other-locations': 'Other locations',
};

export const LOCATIONS = DELIVERY_LOCATIONS.map((value) => ({ value, label: LOCATION_LABELS[value] }));

/** The location whose picks show first: asked for together with the showcase in one call. */
export const FIRST_LOCATION: DeliveryLocation = 'lagos';
