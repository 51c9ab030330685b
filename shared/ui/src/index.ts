export { useBusEvent, useBusValue } from './useBus';
export { FirstRenderCurrency, Price, useShopperCurrency } from './Price';
