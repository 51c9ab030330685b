/**
 * The token of the page this shell runs in (the server's release/page-token.ts): a signed note of the
 * versions this page load was served, its canary bucket and whether it measures its vitals. The
 * server sends it with each page response in its Server-Timing header (`adire-page;desc="…"`), where
 * the page reads it from its navigation's timing entry: never in the drawn HTML that the server's page
 * cache shares between shoppers. Every report this page makes carries it; without one, nothing is sent.
 */
export const PAGE_TIMING_NAME = 'adire-page';

export interface PageToken {
  /** The token as the server wrote it (sent back unchanged). */
  raw: string;
  /** Whether this page load measures its vitals (the server samples page loads). */
  sampled: boolean;
}

type Timing = { name: string; description: string };

/** The token among a navigation's Server-Timing entries; null when there is none or it is unreadable. */
export function tokenFromTiming(entries: readonly Timing[] | undefined): PageToken | null {
  const raw = entries?.find((e) => e.name === PAGE_TIMING_NAME)?.description;
  if (!raw || !/^[\w-]+\.[\w-]+$/.test(raw)) return null;
  try {
    const payload = JSON.parse(atob(raw.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'))) as { s?: unknown };
    return { raw, sampled: payload.s === 1 };
  } catch {
    return null;
  }
}

let cached: PageToken | null | undefined;

/** This page's token (read once). */
export function pageToken(): PageToken | null {
  if (cached === undefined) {
    try {
      const navigation = performance.getEntriesByType('navigation')[0] as (PerformanceEntry & { serverTiming?: Timing[] }) | undefined;
      cached = tokenFromTiming(navigation?.serverTiming);
    } catch {
      cached = null;
    }
  }
  return cached;
}
