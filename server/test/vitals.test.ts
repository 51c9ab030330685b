import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issuePageToken, PAGE_TOKEN_TTL_MS, pageTimingEntry, sampledPage, verifyPageToken } from '../src/release/testing';
import { bucketOf, exactP75, formatVitals, p75OfHistogram, readVitals, valueOfBucket, vitalsAbortReason, type VitalsSummary } from '../src/release/testing';

const histogramOf = (samples: readonly number[]) => {
  const h = new Map<number, number>();
  for (const s of samples) h.set(bucketOf(s), (h.get(bucketOf(s)) ?? 0) + 1);
  return h;
};

describe('p75 of a version’s vitals', () => {
  it('is the nearest-rank 75th percentile', () => {
    expect(exactP75([])).toBeNull();
    expect(exactP75([5])).toBe(5);
    expect(exactP75([4, 1, 3, 2])).toBe(3);
    expect(exactP75([1, 2, 3, 4, 5])).toBe(4);
  });

  it('read from the histogram is the bucket of the exact p75, within 5% of it (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 120_000, noNaN: true }), { minLength: 1, maxLength: 400 }), (samples) => {
        const exact = exactP75(samples)!;
        const { count, p75 } = p75OfHistogram(histogramOf(samples));
        expect(count).toBe(samples.length);
        expect(p75).toBe(valueOfBucket(bucketOf(exact)));
        expect(Math.abs(p75! - exact)).toBeLessThanOrEqual(0.05 * exact + 1);
      }),
      { numRuns: 300, seed: 31 },
    );
  });

  it('buckets are ordered like the values they hold (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 200_000, noNaN: true }), fc.double({ min: 0, max: 200_000, noNaN: true }), (a, b) => {
        if (a <= b) expect(bucketOf(a)).toBeLessThanOrEqual(bucketOf(b));
      }),
      { numRuns: 500, seed: 32 },
    );
  });

  it('of no samples is none', () => {
    expect(p75OfHistogram(new Map())).toEqual({ count: 0, p75: null });
  });

  it('reads a report’s vitals only as finite numbers in range', () => {
    expect(readVitals({ lcp: 1200, inp: 80, cls: 0.02 })).toEqual({ lcp: 1200, inp: 80, cls: 0.02 });
    expect(readVitals({ inp: 80 })).toEqual({ inp: 80 });
    for (const bad of [{}, { lcp: -1 }, { lcp: '1200' }, { inp: Number.NaN }, { fid: 3 }, { cls: 101 }, [], null, 'lcp']) expect(readVitals(bad)).toBeNull();
  });
});

describe('judging a canary by its vitals', () => {
  const rule = { minPageLoads: 50, inpMarginMs: 100, lcpMarginMs: 500 };
  const summary = (inp: number, lcp: number, count = 60): VitalsSummary => ({ inp: { count, p75: inp }, lcp: { count, p75: lcp }, cls: { count, p75: 10 } });

  it('aborts a canary whose INP or LCP p75 is worse than stable’s by more than the margin, and says which and by how much', () => {
    expect(vitalsAbortReason(summary(420, 1000), summary(120, 1000, 240), rule)).toBe('INP p75 420 ms vs 120 ms stable over 60 page loads (stable over 240; more than 100 ms worse)');
    expect(vitalsAbortReason(summary(120, 2100), summary(120, 1500), rule)).toBe('LCP p75 2100 ms vs 1500 ms stable over 60 page loads (stable over 60; more than 500 ms worse)');
  });

  it('keeps a canary as fast as stable, within the margin, or not yet over the minimum page loads of both', () => {
    expect(vitalsAbortReason(summary(125, 1010), summary(120, 1000), rule)).toBeNull();
    expect(vitalsAbortReason(summary(220, 1500), summary(120, 1000), rule)).toBeNull();
    expect(vitalsAbortReason(summary(900, 9000, 49), summary(120, 1000), rule)).toBeNull();
    expect(vitalsAbortReason(summary(900, 9000), summary(120, 1000, 49), rule)).toBeNull();
  });

  it('says the p75s in words', () => {
    expect(formatVitals(summary(96, 1200))).toBe('LCP p75 1200 ms, INP p75 96 ms, CLS p75 0.010 (60 / 60 / 60 page loads)');
  });
});

describe('page tokens', () => {
  const secret = 'test-secret';
  const now = Date.UTC(2025, 0, 15, 12);
  const page = { versions: { shell: 's1', cart: 'c2' }, bucket: 7, sampled: true, now };

  it('hold what the page was served, until they expire', () => {
    const token = issuePageToken(secret, page);
    const check = verifyPageToken(secret, token, now + PAGE_TOKEN_TTL_MS - 1);
    expect(check).toMatchObject({ ok: true, token: { b: 7, s: 1, v: { shell: 's1', cart: 'c2' }, e: now + PAGE_TOKEN_TTL_MS } });
    expect(verifyPageToken(secret, token, now + PAGE_TOKEN_TTL_MS)).toMatchObject({ ok: false, code: 'TOKEN_EXPIRED' });
    expect(issuePageToken(secret, page)).not.toBe(token); // a nonce of its own for each page
    expect(pageTimingEntry(token)).toBe(`adire-page;desc="${token}"`);
  });

  it('refuse anything the store did not sign as it is', () => {
    const token = issuePageToken(secret, page);
    const [payload, signature] = token.split('.');
    const edited = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('"c2"', '"c3"')).toString('base64url');
    for (const forged of [undefined, '', 'x', `${edited}.${signature}`, `${payload}.${signature}x`, `${payload}.${signature}.x`, issuePageToken('another-secret', page), 42]) {
      expect(verifyPageToken(secret, forged, now)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    }
  });

  it('sample every page running a canary, the others at the set share', () => {
    expect(sampledPage(0, true, () => 0.99)).toBe(true);
    expect(sampledPage(10, false, () => 0.099)).toBe(true);
    expect(sampledPage(10, false, () => 0.1)).toBe(false);
    expect(sampledPage(0, false, () => 0)).toBe(false);
  });
});
