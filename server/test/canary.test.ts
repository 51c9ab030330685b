import { describe, expect, it } from 'vitest';
import { abortReason, bucketFromCookie, manifestForBucket } from '../src/release/testing';
import { countEvents, readReport } from '../src/release/testing';

describe('canary rules', () => {
  const manifest = { live: { cart: 'stable', shell: 's1' }, history: [], canary: { cart: { version: 'canary', percent: 10 } } };

  it('serves the canary to the buckets below its share, and says so', () => {
    expect(manifestForBucket(manifest, 0).live).toEqual({ cart: 'canary', shell: 's1' });
    expect(manifestForBucket(manifest, 0).servingCanary).toEqual(['cart']);
    expect(manifestForBucket(manifest, 9).live.cart).toBe('canary');
    expect(manifestForBucket(manifest, 10)).toBe(manifest);
    expect(manifestForBucket(manifest, 99).live.cart).toBe('stable');
  });

  it('reads the bucket from its cookie only', () => {
    expect(bucketFromCookie('a=1; adire_canary=7; b=2')).toBe(7);
    expect(bucketFromCookie('adire_canary=100')).toBeNull();
    expect(bucketFromCookie('adire_canary=x')).toBeNull();
    expect(bucketFromCookie(undefined)).toBeNull();
  });

  it('aborts only past the minimum page loads, when worse than stable by more than the margin', () => {
    expect(abortReason({ pageLoads: 49, failures: 49 }, { pageLoads: 100, failures: 0 })).toBeNull();
    expect(abortReason({ pageLoads: 100, failures: 10 }, { pageLoads: 100, failures: 6 })).toBeNull();
    expect(abortReason({ pageLoads: 60, failures: 15 }, { pageLoads: 60, failures: 0 })).toBe(
      "error rate 25.0% over 60 page loads against the stable version's 0.0% over 60 (more than 5 points worse)",
    );
  });

  it('reads a telemetry report into counts per remote version, and refuses anything else', () => {
    const events = [{ remote: 'cart', version: 'v1', kind: 'loaded' }, { remote: 'cart', version: 'v1', kind: 'failed' }, { remote: 'cart', version: 'v1', kind: 'error' }];
    const report = readReport(JSON.stringify({ token: 't', events }));
    expect(report).toMatchObject({ token: 't', vitals: null, ran: [] });
    expect(countEvents(report!.events)).toEqual([{ target: 'cart', version: 'v1', pageLoads: 2, failures: 2 }]);
    expect(readReport({ token: 't', vitals: { inp: 80 }, ran: { cart: 'v1', shell: 's1' } })).toMatchObject({ events: [], vitals: { inp: 80 }, ran: [{ target: 'cart', version: 'v1' }, { target: 'shell', version: 's1' }] });
    expect(readReport({ events: [] })).toBeNull();
    expect(readReport({ vitals: { inp: 80 } })).toBeNull(); // vitals name the releases the page ran
    expect(readReport({ events: [{ remote: 'nope', version: 'v1', kind: 'loaded' }] })).toBeNull();
    expect(readReport({ events: [{ remote: 'cart', version: 'v1', kind: 'clicked' }] })).toBeNull();
    expect(readReport('not json')).toBeNull();
    expect(readReport({ events: Array.from({ length: 21 }, () => ({ remote: 'cart', version: 'v1', kind: 'loaded' })) })).toBeNull();
  });
});
