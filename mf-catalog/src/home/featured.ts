import type { DeliveryLocation } from '@adire/contracts';
import { catalogApi } from '../api';
import { FIRST_LOCATION, SHOWCASE_OCCASION } from './showcase';

/** The home page's first call: the showcase and the first location's picks together. */
export const homeFeatured = {
  key: `featured:${SHOWCASE_OCCASION}+${FIRST_LOCATION}`,
  load: catalogApi.featured({ occasion: SHOWCASE_OCCASION, location: FIRST_LOCATION }),
};

/** The picks of one location (the first comes with the showcase). */
export function locationFeatured(location: DeliveryLocation) {
  return location === FIRST_LOCATION ? homeFeatured : { key: `featured:${location}`, load: catalogApi.featured({ location }) };
}
