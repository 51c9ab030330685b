import { describe, expect, it } from 'vitest';
import { tokenFromTiming } from '../src/federation/pageToken';
import { PageVitals } from '../src/federation/vitals';
import { ranOf, type PartVersion } from '../src/federation/versions';

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('the page token', () => {
  it('is read from the page response’s Server-Timing entry, with whether the page is sampled', () => {
    const raw = `${b64url({ n: 'x', s: 1, v: { cart: 'c1' } })}.sig-nature_1`;
    expect(tokenFromTiming([{ name: 'draw', description: '' }, { name: 'adire-page', description: raw }])).toEqual({ raw, sampled: true });
    expect(tokenFromTiming([{ name: 'adire-page', description: `${b64url({ s: 0 })}.sig` }])).toMatchObject({ sampled: false });
  });

  it('is absent when the page came without one, or with something else', () => {
    expect(tokenFromTiming(undefined)).toBeNull();
    expect(tokenFromTiming([{ name: 'draw', description: 'kept' }])).toBeNull();
    expect(tokenFromTiming([{ name: 'adire-page', description: 'not a token' }])).toBeNull();
    expect(tokenFromTiming([{ name: 'adire-page', description: 'bm90IGpzb24.sig' }])).toBeNull();
  });
});

describe('vitals of a page', () => {
  it('keeps the latest value of each vital, rounded, and gives them once', () => {
    const vitals = new PageVitals();
    expect(vitals.take()).toBeNull();
    vitals.set('lcp', 1234.56);
    vitals.set('inp', 88.2);
    vitals.set('inp', 312.7);
    vitals.set('cls', 0.012345);
    vitals.set('lcp', Number.NaN);
    expect(vitals.take()).toEqual({ lcp: 1235, inp: 313, cls: 0.0123 });
    vitals.set('inp', 900);
    expect(vitals.take()).toBeNull();
  });

  it('are counted for the shell and the remotes the page loaded from their releases, nothing else', () => {
    const parts: PartVersion[] = [
      { part: 'shell', version: 's1', override: false, state: 'running' },
      { part: 'catalog', version: 'k1', override: false, state: 'loaded' },
      { part: 'cart', version: 'c2', override: false, state: 'not loaded' },
      { part: 'account', version: 'a1', override: true, state: 'loaded' },
      { part: 'checkout', version: 'not published', override: false, state: 'unavailable' },
    ];
    expect(ranOf(parts)).toEqual({ shell: 's1', catalog: 'k1' });
    expect(ranOf([{ part: 'shell', version: 'unreleased build', override: false, state: 'running' }])).toEqual({});
  });
});
