/**
 * The release domain's front door: the registry of releases and the live pointer of each target, the
 * files of the store (shell and remotes) it serves, canaries and their telemetry. Other rooms import
 * the release domain from here only; tests may also use ./testing.ts.
 */
export { ReleaseRegistry, type PublishOptions } from './registry';
export {
  RELEASE_TARGETS,
  formatStatus,
  isReleaseTarget,
  isRemoteName,
  storeManifest,
  type RegistryStatus,
  type ReleaseManifest,
  type ReleaseTarget,
} from './releases';
export { CANARY_ERROR_MARGIN, CANARY_MIN_PAGE_LOADS, DEFAULT_CANARY_CONFIG, loadCanaryConfig, type CanaryConfig } from './canary';
export { PageTelemetry, telemetryRoutes } from './telemetry';
export { registerStoreFiles, type PageTiming, type ServerDrawOptions } from './store-files';
