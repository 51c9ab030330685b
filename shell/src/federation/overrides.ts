import { REMOTE_NAMES, type RemoteName, type StoreManifest } from '@adire/contracts';

/**
 * Development of one remote against the others as deployed: `?remote.cart=http://127.0.0.1:5102/release/remoteEntry.js`
 * points the cart at a dev server on this machine, and is remembered (local storage) until
 * `?remote.cart=off` (or `?remote=off` for every remote). Honoured only when the store says it runs in
 * development mode (`devOverrides: true` in /remotes.json); a production store's shell ignores it.
 */
export type RemoteOverrides = Partial<Record<RemoteName, string>>;

export const OVERRIDE_PARAM_PREFIX = 'remote.';
/** The hosts an override may point at: this machine only (the store's CSP allows these in development). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

const isRemoteName = (name: string): name is RemoteName => (REMOTE_NAMES as readonly string[]).includes(name);

/** A dev server's remote entry as an absolute URL, or null: plain http on this machine, a .js file. */
export function overrideEntry(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !LOCAL_HOSTS.has(url.hostname)) return null;
  if (url.username || url.password || !url.pathname.endsWith('.js')) return null;
  return url.href;
}

/** Remembered overrides as read back from storage: anything malformed is dropped. */
export function cleanOverrides(stored: unknown): RemoteOverrides {
  if (!stored || typeof stored !== 'object') return {};
  const out: RemoteOverrides = {};
  for (const [name, entry] of Object.entries(stored as Record<string, unknown>)) {
    const url = typeof entry === 'string' ? overrideEntry(entry) : null;
    if (isRemoteName(name) && url) out[name] = url;
  }
  return out;
}

const CLEAR = new Set(['', 'off', 'none', 'reset']);

/**
 * The overrides after this address: `remote.<name>=<entry>` sets one, `remote.<name>=off` (or empty)
 * clears one, `remote=off` clears all. Unknown remotes and entries not on this machine are rejected.
 */
export function overridesFromAddress(
  search: string,
  remembered: RemoteOverrides,
): { overrides: RemoteOverrides; rejected: string[]; changed: boolean } {
  const params = new URLSearchParams(search);
  let overrides: RemoteOverrides = { ...remembered };
  const rejected: string[] = [];
  let changed = false;
  const all = params.get('remote');
  if (all !== null && CLEAR.has(all.trim().toLowerCase())) {
    changed = Object.keys(overrides).length > 0;
    overrides = {};
  }
  for (const [key, value] of params) {
    if (!key.startsWith(OVERRIDE_PARAM_PREFIX)) continue;
    const name = key.slice(OVERRIDE_PARAM_PREFIX.length);
    if (!isRemoteName(name)) {
      rejected.push(`${key}: no remote is called '${name}' (${REMOTE_NAMES.join(', ')})`);
      continue;
    }
    if (CLEAR.has(value.trim().toLowerCase())) {
      if (overrides[name]) changed = true;
      delete overrides[name];
      continue;
    }
    const entry = overrideEntry(value);
    if (!entry) {
      rejected.push(`${key}: '${value}' is not an http:// URL of a .js file on this machine (localhost, 127.0.0.1)`);
      continue;
    }
    if (overrides[name] !== entry) changed = true;
    overrides[name] = entry;
  }
  return { overrides, rejected, changed };
}

/** Whether this store honours overrides: only when its /remotes.json says it runs in development mode. */
export const overridesAllowed = (manifest: StoreManifest) => manifest.devOverrides === true;

/** The manifest this page runs with: the store's, each overridden remote pointed at its dev server when allowed. */
export function withOverrides(manifest: StoreManifest, overrides: RemoteOverrides): { manifest: StoreManifest; applied: RemoteName[] } {
  if (!overridesAllowed(manifest)) return { manifest, applied: [] };
  const out: StoreManifest = { ...manifest };
  const applied: RemoteName[] = [];
  for (const name of REMOTE_NAMES) {
    const entry = overrides[name];
    if (!entry) continue;
    out[name] = { version: 'local', entry };
    applied.push(name);
  }
  return { manifest: out, applied };
}
