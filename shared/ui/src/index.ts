export { useBusEvent, useBusValue } from './useBus';
export { Price } from './Price';
