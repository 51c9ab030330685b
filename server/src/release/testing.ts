/**
 * The front door of the release domain for tests only (.dependency-cruiser.cjs allows server/test, bench,
 * scale and e2e to import it): the inner parts the unit tests check one by one. Nothing in server/src
 * imports this file; the domain's other rooms use its index.ts.
 */
export { abortReason, bucketFromCookie, clientErrorRate, manifestForBucket, signedBucket } from './canary';
export { issuePageToken, PAGE_TOKEN_TTL_MS, pageTimingEntry, sampledPage, verifyPageToken } from './page-token';
export { contractsCompatible, remotesJson } from './releases';
export { countEvents, readReport } from './telemetry';
export { hourOf, pageSecret, pruneTelemetry, VITALS_WINDOW_HOURS } from './telemetry-store';
export { bucketOf, exactP75, formatVitals, p75OfHistogram, readVitals, valueOfBucket, vitalsAbortReason, type VitalsSummary } from './vitals';
/** The registry again, for the browser tests (e2e/): from here they do not load the serving plugin and its HTTP types. */
export { ReleaseRegistry } from './registry';
export type { ReleaseTarget } from './releases';
