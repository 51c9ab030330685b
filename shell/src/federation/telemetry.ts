import { BUSINESS, REMOTE_NAMES, remoteFolderOf, type RemoteName, type StoreManifest } from '@adire/contracts';
import { pageToken } from './pageToken';

/**
 * Release telemetry (issue 21): while a canary runs (the manifest then carries `canary`), the shell
 * tells the store how each remote version fared on this page — loaded, failed to load, or threw an
 * uncaught error — so the canary's error rate can be compared with the stable version's. Only remote
 * names, versions and the outcome: no personal data. Sent with navigator.sendBeacon once the page is
 * hidden or after a short while (never blocking the page); at most one outcome per remote and page.
 * Each report carries the page's token (pageToken.ts): the store counts only reports of pages it served,
 * once per page load and kind, and only for the versions the page was served.
 */
export const TELEMETRY_URL = `/v1/telemetry/releases?business=${BUSINESS}`;
const FLUSH_AFTER_MS = 5000;

export type Outcome = 'loaded' | 'failed' | 'error';
export interface ReleaseEvent {
  remote: RemoteName;
  version: string;
  kind: Outcome;
}

/** The remote whose release served a script, from its address (`…/releases/<remote>/…`: remoteFolderOf). */
export function remoteOfScript(url: string | undefined, manifest: StoreManifest): RemoteName | null {
  if (!url) return null;
  for (const name of REMOTE_NAMES) {
    const entry = manifest[name]?.entry;
    if (!entry) continue;
    const folder = remoteFolderOf(entry);
    if (folder && url.includes(folder)) return name;
  }
  return null;
}

/**
 * The events of one page: a load outcome per remote, and an error only once per remote and only if
 * its load did not fail (a page load is at most one failure of a remote: the store counts it so too,
 * issue 38 item 3).
 */
export class PageReport {
  private readonly events = new Map<string, ReleaseEvent>();

  add(manifest: StoreManifest, remote: RemoteName, kind: Outcome): boolean {
    const version = manifest[remote]?.version;
    if (!manifest.canary || !version) return false;
    const key = `${remote}:${kind === 'error' ? 'error' : 'load'}`;
    if (this.events.has(key)) return false;
    if (kind === 'error' && this.events.get(`${remote}:load`)?.kind === 'failed') return false;
    this.events.set(key, { remote, version, kind });
    return true;
  }

  /** The events not sent yet (and forget them). */
  take(): ReleaseEvent[] {
    const out = [...this.events.values()].filter((e) => !this.sent.has(e));
    for (const e of out) this.sent.add(e);
    return out;
  }

  private readonly sent = new Set<ReleaseEvent>();
}

const page = new PageReport();
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Send one report with the page's token (a beacon: never blocking, and it survives the page's end). */
export function sendReport(report: Record<string, unknown>): void {
  const token = pageToken();
  if (!token) return; // a page the store did not serve (or an old server): nothing would count
  try {
    navigator.sendBeacon?.(TELEMETRY_URL, JSON.stringify({ token: token.raw, ...report }));
  } catch {
    // telemetry never gets in the shopper's way
  }
}

function flush() {
  clearTimeout(timer);
  timer = undefined;
  const events = page.take();
  if (events.length) sendReport({ events });
}

/** Record how a remote fared on this page (nothing happens unless a canary runs). */
export function reportRemote(manifest: StoreManifest, remote: RemoteName, kind: Outcome): void {
  if (!page.add(manifest, remote, kind)) return;
  timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  if (!listening) {
    listening = true;
    addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  }
}

/** Uncaught errors thrown by a remote's scripts count against that remote's version. */
export function watchUncaughtErrors(manifest: () => StoreManifest): void {
  addEventListener('error', (event) => {
    const m = manifest();
    const remote = remoteOfScript(event.filename, m);
    if (remote) reportRemote(m, remote, 'error');
  });
}
