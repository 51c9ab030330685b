import type { CDPSession } from '@playwright/test';

/** A script a page loaded: its address, whether Chromium took it from its cache, and its bytes as sent. */
export interface ScriptLoad {
  url: string;
  cached: boolean;
  bytes: number;
}

/**
 * The scripts the page of `cdp` loads from now on, by Chromium's own account (Network.enable must have
 * been sent): one taken from the disk, prefetch or memory cache is `cached`, or has no bytes.
 */
export function watchScriptLoads(cdp: CDPSession): Map<string, ScriptLoad> {
  const loads = new Map<string, ScriptLoad>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') loads.set(e.requestId, { url: e.response.url, cached: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache), bytes: 0 });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const load = loads.get(e.requestId);
    if (load) load.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const load = loads.get(e.requestId);
    if (load) load.bytes = e.encodedDataLength;
  });
  return loads;
}

/** Those that crossed the network. */
export const fromNetwork = (loads: Iterable<ScriptLoad>) => [...loads].filter((l) => !l.cached && l.bytes > 0);
