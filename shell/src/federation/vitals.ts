import { onCLS, onINP, onLCP } from 'web-vitals';

/**
 * Shoppers' vitals per release (issue 31 item 3): a page load the server sampled (its token says so)
 * measures LCP, INP and CLS with the `web-vitals` library — this module and the library are one chunk
 * the shell imports after its boot (itself after the first paint), and only on a sampled page — and
 * sends them once, in one beacon when the page is hidden, with the versions of the parts the page ran
 * (the shell and every remote it loaded). Only the three numbers and the versions: no personal data. The server
 * counts them towards each version's rolling p75s, and judges canaries by them.
 */
export type VitalName = 'lcp' | 'inp' | 'cls';

/** The latest value of each vital on this page, sent once. */
export class PageVitals {
  private readonly values: Partial<Record<VitalName, number>> = {};
  private sent = false;

  set(name: VitalName, value: number): void {
    if (Number.isFinite(value) && value >= 0) this.values[name] = name === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
  }

  /** The vitals to send (once): null when there are none or they were sent already. */
  take(): Partial<Record<VitalName, number>> | null {
    if (this.sent || !Object.keys(this.values).length) return null;
    this.sent = true;
    return { ...this.values };
  }
}

/**
 * Start measuring (the shell calls it on a sampled page load only). `ran` tells, at the end, which
 * releases the page ran; `report` sends with the page's token. Both come from the caller, so this chunk
 * shares no module with the shell's first load (that would be one more file on every page).
 */
export function measureVitals(ran: () => Record<string, string>, report: (body: Record<string, unknown>) => void): void {
  const vitals = new PageVitals();
  const send = () => {
    const releases = ran();
    const sample = Object.keys(releases).length ? vitals.take() : null;
    if (sample) report({ vitals: sample, ran: releases });
  };
  try {
    onLCP((m) => vitals.set('lcp', m.value));
    onINP((m) => vitals.set('inp', m.value));
    onCLS((m) => vitals.set('cls', m.value));
  } catch {
    return; // vitals never get in the shopper's way
  }
  // On the document, so web-vitals' own listeners (on the window, capturing) report the final values
  // first. Not at pagehide: a page being left fires it before visibilitychange, when INP and CLS have
  // not been reported yet.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  const w = window as unknown as { __ADIRE__?: Record<string, unknown> };
  w.__ADIRE__ = { ...w.__ADIRE__, measuringVitals: true };
}
