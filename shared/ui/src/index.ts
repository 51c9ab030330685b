export { useBusEvent, useBusValue } from './useBus';
export { FirstRenderCurrency, Price } from './Price';
