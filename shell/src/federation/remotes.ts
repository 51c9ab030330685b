import { readStored, remoteFolderOf, writeStored, type RemoteName, type StoreManifest } from '@adire/contracts';
import { EXPOSED_LIFECYCLES, type RemoteLifecycles } from '@adire/contracts/remotes';
import type { RemoteContainer } from '@adire/contracts/shares';
import { cleanOverrides, overridesAllowed, overridesFromAddress, withOverrides } from './overrides';
import { reportRemote, watchUncaughtErrors } from './telemetry';
import { SHARE_SCOPE } from './shares';
import { pageVersions, versionsByPart, type PartVersion, type RemoteState } from './versions';

/**
 * A region says what is going on within 5 s of asking for its remote, with a real margin for a busy
 * machine: a load still under way at 2.5 s is looked at, and the remote's server has 1 s to answer that
 * look. A load is never given up on: one that is merely slow mounts by itself when it arrives.
 */
export const REMOTE_SLOW_AFTER_MS = 2500;
export const REMOTE_LOOK_TIMEOUT_MS = 1000;

let manifest: StoreManifest = {};
let manifestReady: Promise<StoreManifest> | null = null;
let overridden: RemoteName[] = [];
const states: Partial<Record<RemoteName, RemoteState>> = {};
const stateListeners = new Set<() => void>();

/** Read the live remotes once per page (from the page, else /remotes.json, never cached). */
export function loadManifest(): Promise<StoreManifest> {
  manifestReady ??= readManifest();
  return manifestReady;
}

/**
 * The manifest this page runs with: the server's, plus the development overrides from the address and
 * local storage when — and only when — the server says it is a development store.
 */
function adoptManifest(fromServer: StoreManifest) {
  // Storage may be disabled: then the overrides come from the address only.
  const remembered = cleanOverrides(readStored<unknown>('devRemotes'));
  const { overrides, rejected, changed } = overridesFromAddress(window.location.search, remembered);
  if (!overridesAllowed(fromServer)) {
    if (Object.keys(overrides).length) console.warn('[shell] remote overrides are ignored: this store does not run in development mode');
    manifest = fromServer;
    overridden = [];
  } else {
    for (const problem of rejected) console.warn(`[shell] override ignored: ${problem}`);
    if (changed) writeStored('devRemotes', Object.keys(overrides).length ? overrides : null);
    ({ manifest, applied: overridden } = withOverrides(fromServer, overrides));
    for (const name of overridden) console.warn(`[shell] ${name} comes from the local override ${manifest[name]?.entry} (?remote.${name}=off to stop)`);
  }
  publishVersions();
  if (manifest.canary) watchUncaughtErrors(() => manifest);
}

/** What this page runs, for support and QA: the readout (?versions) and `window.__ADIRE__.versions`. */
export function versionsOfPage(): PartVersion[] {
  return pageVersions(manifest, overridden, states);
}

export function onRemoteStateChange(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

function publishVersions() {
  const w = window as unknown as { __ADIRE__?: Record<string, unknown> };
  w.__ADIRE__ = { ...w.__ADIRE__, versions: versionsByPart(versionsOfPage()) };
}

/** Whether a remote is loading, loaded or unavailable on this page (undefined: not asked for yet). */
export function remoteState(name: RemoteName): RemoteState | undefined {
  return states[name];
}

function setState(name: RemoteName, state: RemoteState) {
  states[name] = state;
  for (const listener of stateListeners) listener();
}

/** The manifest the server wrote into the page it served (as fresh as /remotes.json: the page is never cached). */
function manifestInPage(): StoreManifest | null {
  const text = document.getElementById('adire-remotes')?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as StoreManifest) : null;
  } catch {
    return null;
  }
}

async function readManifest(): Promise<StoreManifest> {
  const inPage = manifestInPage();
  if (inPage) {
    adoptManifest(inPage);
    return manifest;
  }
  let fromServer: StoreManifest = {};
  try {
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
    fromServer = (await res.json()) as StoreManifest;
  } catch (err) {
    console.error('[shell] could not read /remotes.json; every remote shows its fallback', err);
  }
  adoptManifest(fromServer);
  return manifest;
}

export function liveManifest(): StoreManifest {
  return manifest;
}

/** Each remote's container as loaded and given the shell's libraries (`init`), by attempt. */
const containers = new Map<string, Promise<RemoteContainer>>();

/**
 * A remote's container: its entry file (remoteEntry.js, an ES module) imported from the manifest's
 * address and given the shell's share scope. A retry (attempt > 0) asks for a fresh address: the
 * browser keeps a hung or failed module request per URL.
 */
function container(name: RemoteName, attempt: number): Promise<RemoteContainer> {
  const entry = manifest[name]?.entry;
  if (!entry) return Promise.reject(new Error(`${name} is not in /remotes.json`));
  const url = new URL(entry, window.location.href);
  if (attempt > 0) url.searchParams.set('attempt', String(attempt));
  let loading = containers.get(url.href);
  if (!loading) {
    loading = (import(/* @vite-ignore */ url.href) as Promise<RemoteContainer>).then(async (loaded) => {
      if (typeof loaded.init !== 'function' || typeof loaded.get !== 'function') throw new Error(`${name}'s entry is not a federation container`);
      await loaded.init(SHARE_SCOPE);
      return loaded;
    });
    loading.catch(() => containers.delete(url.href));
    containers.set(url.href, loading);
  }
  return loading;
}

/** Load a remote's lifecycles; attempt > 0 fetches its entry again, from a fresh address. */
export async function loadLifecycles(name: RemoteName, attempt = 0): Promise<RemoteLifecycles> {
  await loadManifest();
  setState(name, 'loading');
  try {
    const factory = await (await container(name, attempt)).get(EXPOSED_LIFECYCLES);
    const module = factory() as RemoteLifecycles | undefined;
    if (!module || typeof module.mount !== 'function') throw new Error(`${name} did not expose its lifecycles`);
    setState(name, 'loaded');
    if (!overridden.includes(name)) reportRemote(manifest, name, 'loaded');
    return module;
  } catch (err) {
    setState(name, 'unavailable');
    if (!overridden.includes(name)) reportRemote(manifest, name, 'failed');
    throw err;
  }
}

/**
 * Whether a remote whose load is still under way is arriving or silent: arriving when a file the load
 * asked for came in since `since` (a performance.now() time), or when its server answers a look at its
 * entry (HEAD, never cached) within REMOTE_LOOK_TIMEOUT_MS. A server that accepts the connection and
 * never answers is silent, and so is one that refuses it. The files the page announces (module
 * preloads, added one per task after the first paint) may still be coming in when the load starts:
 * they say nothing of whether its entry is answered, so the look decides then.
 */
export async function remoteIsArriving(name: RemoteName, since: number): Promise<boolean> {
  const arriving = await arrivingNow(name, since);
  if (!arriving) {
    // Silent: as good as failed for the region and for the release's health, until it arrives after all.
    setState(name, 'unavailable');
    if (!overridden.includes(name)) reportRemote(manifest, name, 'failed');
  }
  return arriving;
}

async function arrivingNow(name: RemoteName, since: number): Promise<boolean> {
  const entry = manifest[name]?.entry;
  if (!entry) return false;
  const url = new URL(entry, window.location.href);
  // Its version's folder and the files its versions share (remoteFolderOf).
  const folder = remoteFolderOf(url.href);
  const announced = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href));
  const arrived = performance
    .getEntriesByType('resource')
    .some((e) => e.name.startsWith(folder) && e.startTime >= since && (e as PerformanceResourceTiming).responseEnd > 0 && !announced.has(e.name));
  if (arrived) return true;
  url.searchParams.set('look', String(Date.now()));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REMOTE_LOOK_TIMEOUT_MS);
  try {
    await fetch(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
