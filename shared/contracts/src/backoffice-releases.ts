// The managers' release status (the release module): the facts of `pnpm release status`, read-only.
// Path: BACKOFFICE_PATHS.releases.

/** The vitals a release's shoppers report: LCP and INP in milliseconds, CLS counted in thousandths. */
export const RELEASE_VITALS = ['lcp', 'inp', 'cls'] as const;
export type ReleaseVital = (typeof RELEASE_VITALS)[number];
/** Rolling p75s of one version, each with the page loads that measured it. */
export type ReleaseVitals = Record<ReleaseVital, { count: number; p75: number | null }>;

/** What each published release records about itself. */
export interface ReleaseBuild {
  version: string;
  commit: string;
  publishedAt: string;
  /** The @adire/contracts version it was built with. */
  contractsVersion: string;
}

/** One change to what is live. */
export interface ReleaseChange {
  at: string;
  /** canary: served to a share of browsers; promote: the canary made live for all; abort: the canary withdrawn. */
  action: 'publish' | 'rollback' | 'canary' | 'promote' | 'abort';
  /** The shell or a remote. */
  remote: string;
  version: string;
  previous: string | null;
  forced?: boolean;
  reason?: string;
}

/** The shell or one remote: its live release, the earlier ones and its shoppers' vitals. */
export interface ReleasePart {
  target: string;
  liveVersion: string | null;
  live: ReleaseBuild | null;
  liveSince: ReleaseChange | null;
  /** Newest first. */
  earlier: ReleaseBuild[];
  vitals?: ReleaseVitals;
  /** Where its releases are served from when not by this store (a CDN), else null. */
  origin: string | null;
  /** The live release draws its part of the page on the server too. */
  drawsOnServer: boolean;
}

export interface ReleaseHealth {
  pageLoads: number;
  failures: number;
}

/** A running canary, with what shells reported of it and of the stable version since it began. */
export interface ReleaseCanary {
  target: string;
  version: string;
  percent: number;
  canary: ReleaseHealth;
  stable: ReleaseHealth & { version: string | null };
  vitals?: { canary: ReleaseVitals; stable: ReleaseVitals };
}

/** GET releases. */
export interface ReleaseStatusAnswer {
  targets: ReleasePart[];
  canaries: ReleaseCanary[];
  /** The latest changes first (at most 50). */
  history: ReleaseChange[];
}
