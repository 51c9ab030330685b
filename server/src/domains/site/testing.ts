/**
 * The front door of the site domain for tests only (.dependency-cruiser.cjs allows server/test, bench,
 * scale and e2e to import it): the inner parts the unit tests check one by one. Nothing in server/src
 * imports this file; the domain's other rooms use its index.ts.
 */
export { type DeliveryState } from './delivery-settings';
export { robotsTxt } from './robots';
export { setPaymentAlert, setRate, setSiteWideAlert, showSettings } from './settings-service';
