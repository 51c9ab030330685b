import type { RemoteName } from '@adire/contracts';
import { pageToken } from './pageToken';
import { sendReport } from './telemetry';
import { NOT_PUBLISHED, UNRELEASED_SHELL, type PartVersion } from './versions';

/**
 * Shoppers' vitals per release (issue 31 item 3): a page load the server sampled (its token says so)
 * measures LCP, INP and CLS with the `web-vitals` library — loaded on its own, after the shell has
 * booted (itself after the first paint), never on a page that is not sampled — and sends them once,
 * in one beacon when the page is hidden, with the versions of the parts the page ran (the shell and
 * every remote it loaded). Only the three numbers and the versions: no personal data. The server
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

/** The releases a page ran, as the report names them: the shell's release and each remote it loaded from its release. */
export function ranOf(parts: readonly PartVersion[]): Partial<Record<'shell' | RemoteName, string>> {
  const ran: Partial<Record<'shell' | RemoteName, string>> = {};
  for (const p of parts) {
    if (p.override || p.version === UNRELEASED_SHELL || p.version === NOT_PUBLISHED) continue;
    if (p.part === 'shell' || p.state === 'loaded') ran[p.part] = p.version;
  }
  return ran;
}

/** Start measuring, when this page load is sampled; `parts` tells, at the end, what the page ran. */
export function measureVitals(parts: () => PartVersion[]): void {
  if (!pageToken()?.sampled) return;
  const vitals = new PageVitals();
  const send = () => {
    const ran = ranOf(parts());
    const sample = Object.keys(ran).length ? vitals.take() : null;
    if (sample) sendReport({ vitals: sample, ran });
  };
  // A task of its own, after the boot: the library is ~2 KB and the page never waits for it.
  setTimeout(() => {
    import('web-vitals')
      .then(({ onCLS, onINP, onLCP }) => {
        onLCP((m) => vitals.set('lcp', m.value));
        onINP((m) => vitals.set('inp', m.value));
        onCLS((m) => vitals.set('cls', m.value));
        // On the document, so web-vitals' own listeners (on the window, capturing) report the final values
        // first. Not at pagehide: a page being left fires it before visibilitychange, when INP and CLS
        // have not been reported yet.
        document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
        const w = window as unknown as { __ADIRE__?: Record<string, unknown> };
        w.__ADIRE__ = { ...w.__ADIRE__, measuringVitals: true };
      })
      .catch(() => {
        // vitals never get in the shopper's way
      });
  }, 0);
}
