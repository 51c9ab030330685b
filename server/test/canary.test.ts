import { describe, expect, it } from 'vitest';
import { abortReason, bucketFromCookie, clientErrorRate, manifestForBucket, signedBucket } from '../src/release/testing';
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

  it('reads the bucket from its cookie only, and only as the store signed it', () => {
    const secret = 'the-store-secret';
    expect(bucketFromCookie(`a=1; adire_canary=${signedBucket(secret, 7)}; b=2`, secret)).toBe(7);
    // The client cannot choose its bucket (issue 38, item 3): unsigned, another's signature, another secret's.
    expect(bucketFromCookie('a=1; adire_canary=7; b=2', secret)).toBeNull();
    expect(bucketFromCookie(`adire_canary=${signedBucket(secret, 7).replace(/^7/, '3')}`, secret)).toBeNull();
    expect(bucketFromCookie(`adire_canary=${signedBucket('another-secret', 7)}`, secret)).toBeNull();
    expect(bucketFromCookie('adire_canary=100', secret)).toBeNull();
    expect(bucketFromCookie('adire_canary=x', secret)).toBeNull();
    expect(bucketFromCookie(undefined, secret)).toBeNull();
  });

  it('judges over distinct clients, each weighing the same however many page loads it sends', () => {
    const rule = { minPageLoads: 50, margin: 0.05, minClients: 20 };
    // The rate over clients: the worst tenth left out, each client its own rate (at most 1).
    const ok = { pageLoads: 3, failures: 0 };
    expect(clientErrorRate([{ pageLoads: 50, failures: 100 }, ...Array(10).fill(ok)])).toBe(0);
    expect(clientErrorRate([{ pageLoads: 50, failures: 100 }, { pageLoads: 50, failures: 100 }, ...Array(10).fill(ok)])).toBeCloseTo(1 / 11);
    expect(clientErrorRate(Array(20).fill({ pageLoads: 2, failures: 2 }))).toBe(1);
    expect(clientErrorRate([])).toBe(0);
    // One address: 50 page loads all failing on a healthy canary, 20 real clients with none.
    expect(abortReason({ pageLoads: 70, failures: 50, clients: 21, clientRate: 1 / 21 }, { pageLoads: 100, failures: 0, clients: 30, clientRate: 0 }, rule)).toBeNull();
    // Too few distinct clients on a side: not judged yet, whatever the rates.
    expect(abortReason({ pageLoads: 60, failures: 60, clients: 19, clientRate: 1 }, { pageLoads: 100, failures: 0, clients: 30, clientRate: 0 }, rule)).toBeNull();
    expect(abortReason({ pageLoads: 60, failures: 60, clients: 20, clientRate: 1 }, { pageLoads: 100, failures: 0, clients: 30, clientRate: 0 }, rule)).toBe(
      "error rate 100.0% over 60 page loads from 20 clients against the stable version's 0.0% over 100 page loads from 30 clients (more than 5 points worse)",
    );
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
    // One page load: one load and at most one failure per target, whatever it reports (issue 38, item 3).
    expect(countEvents(report!.events)).toEqual([{ target: 'cart', version: 'v1', pageLoads: 1, failures: 1 }]);
    expect(readReport({ token: 't', vitals: { inp: 80 }, ran: { cart: 'v1', shell: 's1' } })).toMatchObject({ events: [], vitals: { inp: 80 }, ran: [{ target: 'cart', version: 'v1' }, { target: 'shell', version: 's1' }] });
    expect(readReport({ events: [] })).toBeNull();
    expect(readReport({ vitals: { inp: 80 } })).toBeNull(); // vitals name the releases the page ran
    expect(readReport({ events: [{ remote: 'nope', version: 'v1', kind: 'loaded' }] })).toBeNull();
    expect(readReport({ events: [{ remote: 'cart', version: 'v1', kind: 'clicked' }] })).toBeNull();
    expect(readReport('not json')).toBeNull();
    expect(readReport({ events: Array.from({ length: 21 }, () => ({ remote: 'cart', version: 'v1', kind: 'loaded' })) })).toBeNull();
  });
});
