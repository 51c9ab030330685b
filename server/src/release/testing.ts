/**
 * The release domain's front door for tests only: the pure parts the unit tests check one by one
 * (manifests, canary buckets, telemetry reports, page tokens, vitals histograms). Nothing in server/src
 * imports this file.
 */
export { contractsCompatible, remotesJson } from './releases';
export { abortReason, bucketFromCookie, manifestForBucket } from './canary';
export { countEvents, readReport } from './telemetry';
export { issuePageToken, PAGE_TOKEN_TTL_MS, pageTimingEntry, sampledPage, verifyPageToken } from './page-token';
export { hourOf, pageSecret, pruneTelemetry, VITALS_WINDOW_HOURS } from './telemetry-store';
export { bucketOf, exactP75, formatVitals, p75OfHistogram, readVitals, valueOfBucket, vitalsAbortReason, type VitalsSummary } from './vitals';
