import { REMOTE_NAMES, type RemoteName, type StoreManifest } from '@adire/contracts';

/** How far a remote got on this page. */
export type RemoteState = 'not loaded' | 'loading' | 'loaded' | 'unavailable';

/** One line of the version readout: a part of the store, the version this page runs, and its state. */
export interface PartVersion {
  part: 'shell' | RemoteName;
  version: string;
  /** Where the page loads it from (remotes only). */
  entry?: string;
  /** Pointed at a local dev server by a development override. */
  override: boolean;
  /** This page runs a canary release of it (a share of browsers gets it before everyone). */
  canary?: boolean;
  state: RemoteState | 'running';
}

export const UNRELEASED_SHELL = 'unreleased build';
export const NOT_PUBLISHED = 'not published';

/** What this page runs: the shell's release, and each remote's version as this page's manifest names it. */
export function pageVersions(
  manifest: StoreManifest,
  applied: readonly RemoteName[],
  states: Partial<Record<RemoteName, RemoteState>>,
): PartVersion[] {
  return [
    { part: 'shell', version: manifest.shell?.version ?? UNRELEASED_SHELL, override: false, state: 'running' },
    ...REMOTE_NAMES.map((name): PartVersion => {
      const live = manifest[name];
      return {
        part: name,
        version: live?.version ?? NOT_PUBLISHED,
        ...(live ? { entry: live.entry } : {}),
        override: applied.includes(name),
        ...(manifest.canary?.includes(name) ? { canary: true } : {}),
        state: states[name] ?? 'not loaded',
      };
    }),
  ];
}

/** `window.__ADIRE__.versions`: part → version ('local override <entry>' for an overridden remote). */
export function versionsByPart(parts: readonly PartVersion[]): Record<string, string> {
  return Object.fromEntries(parts.map((p) => [p.part, p.override ? `local override ${p.entry}` : p.version]));
}

/** The readout shows on any page whose address has `?versions` (e.g. /?versions, /checkout?versions). */
export const wantsVersionReadout = (search: string) => new URLSearchParams(search).has('versions');

/** The releases a page ran, as the report names them: the shell's release and each remote it loaded from its release. */
export function ranOf(parts: readonly PartVersion[]): Partial<Record<'shell' | RemoteName, string>> {
  const ran: Partial<Record<'shell' | RemoteName, string>> = {};
  for (const p of parts) {
    if (p.override || p.version === UNRELEASED_SHELL || p.version === NOT_PUBLISHED) continue;
    if (p.part === 'shell' || p.state === 'loaded') ran[p.part] = p.version;
  }
  return ran;
}
