import { describe, expect, it } from 'vitest';
import type { StoreManifest } from '@adire/contracts';
import { cleanOverrides, overrideEntry, overridesAllowed, overridesFromAddress, withOverrides } from '../src/federation/overrides';
import { pageVersions, versionsByPart, wantsVersionReadout } from '../src/federation/versions';

const released: StoreManifest = {
  catalog: { version: '0.1.0-aaa', entry: '/releases/catalog/0.1.0-aaa/remoteEntry.js' },
  cart: { version: '0.1.0-bbb', entry: '/releases/cart/0.1.0-bbb/remoteEntry.js' },
  shell: { version: '0.1.0-sss' },
};
const LOCAL_CART = 'http://127.0.0.1:5102/remoteEntry.js';

describe('development overrides', () => {
  it('accept only a .js entry over http on this machine', () => {
    expect(overrideEntry(LOCAL_CART)).toBe(LOCAL_CART);
    expect(overrideEntry('http://localhost:5174/src/remoteEntry.js')).toBe('http://localhost:5174/src/remoteEntry.js');
    for (const bad of [
      'https://evil.example/remoteEntry.js',
      'http://192.168.1.20:5102/remoteEntry.js',
      'http://[::1]:5102/remoteEntry.js',
      'http://localhost.evil.example/remoteEntry.js',
      'http://user:pw@localhost:5102/remoteEntry.js',
      'javascript:alert(1)//.js',
      'http://localhost:5102/',
      '/releases/cart/x/remoteEntry.js',
      'not a url',
    ]) {
      expect(overrideEntry(bad), bad).toBeNull();
    }
  });

  it('are set, remembered, cleared one by one or all at once from the address', () => {
    const set = overridesFromAddress(`?remote.cart=${encodeURIComponent(LOCAL_CART)}`, {});
    expect(set).toEqual({ overrides: { cart: LOCAL_CART }, rejected: [], changed: true });
    // The next page load has no parameter: the remembered override stays, nothing to store again.
    expect(overridesFromAddress('?page=2', set.overrides)).toEqual({ overrides: { cart: LOCAL_CART }, rejected: [], changed: false });
    expect(overridesFromAddress('?remote.cart=off', set.overrides)).toEqual({ overrides: {}, rejected: [], changed: true });
    const two = { cart: LOCAL_CART, account: 'http://127.0.0.1:5103/remoteEntry.js' };
    expect(overridesFromAddress('?remote=off', two)).toEqual({ overrides: {}, rejected: [], changed: true });
  });

  it('reject unknown remotes and entries off this machine, with the reason', () => {
    const { overrides, rejected } = overridesFromAddress('?remote.basket=http://127.0.0.1:1/x.js&remote.cart=https://cdn.example/x.js', {});
    expect(overrides).toEqual({});
    expect(rejected).toEqual([
      "remote.basket: no remote is called 'basket' (catalog, cart, account, checkout, backoffice)",
      "remote.cart: 'https://cdn.example/x.js' is not an http:// URL of a .js file on this machine (localhost, 127.0.0.1)",
    ]);
  });

  it('drop anything malformed read back from storage', () => {
    expect(cleanOverrides({ cart: LOCAL_CART, catalog: 'https://evil.example/x.js', basket: LOCAL_CART, account: 42 })).toEqual({ cart: LOCAL_CART });
    expect(cleanOverrides('nonsense')).toEqual({});
    expect(cleanOverrides(null)).toEqual({});
  });

  it('apply only when the store says it runs in development mode; a production store is left as released', () => {
    expect(overridesAllowed(released)).toBe(false);
    expect(withOverrides(released, { cart: LOCAL_CART })).toEqual({ manifest: released, applied: [] });
    const dev = { ...released, devOverrides: true };
    expect(overridesAllowed(dev)).toBe(true);
    const { manifest, applied } = withOverrides(dev, { cart: LOCAL_CART });
    expect(applied).toEqual(['cart']);
    expect(manifest.cart).toEqual({ version: 'local', entry: LOCAL_CART });
    expect(manifest.catalog).toEqual(released.catalog);
    expect(overridesAllowed({ ...released, devOverrides: 'yes' as unknown as boolean })).toBe(false);
  });
});

describe('version readout', () => {
  it('lists the shell and every remote with the version this page runs and how far it got', () => {
    const parts = pageVersions(released, [], { catalog: 'loaded', cart: 'unavailable' });
    expect(parts.map((p) => [p.part, p.version, p.state])).toEqual([
      ['shell', '0.1.0-sss', 'running'],
      ['catalog', '0.1.0-aaa', 'loaded'],
      ['cart', '0.1.0-bbb', 'unavailable'],
      ['account', 'not published', 'not loaded'],
      ['checkout', 'not published', 'not loaded'],
      ['backoffice', 'not published', 'not loaded'],
    ]);
    expect(versionsByPart(parts)).toEqual({
      shell: '0.1.0-sss',
      catalog: '0.1.0-aaa',
      cart: '0.1.0-bbb',
      account: 'not published',
      checkout: 'not published',
      backoffice: 'not published',
    });
  });

  it('names an overridden remote by its local entry, and a shell served without a release as such', () => {
    const { manifest, applied } = withOverrides({ cart: released.cart, devOverrides: true }, { cart: LOCAL_CART });
    expect(versionsByPart(pageVersions(manifest, applied, {}))).toMatchObject({ shell: 'unreleased build', cart: `local override ${LOCAL_CART}` });
  });

  it('shows on any page whose address has ?versions', () => {
    expect(wantsVersionReadout('?versions')).toBe(true);
    expect(wantsVersionReadout('?q=roses&versions=1')).toBe(true);
    expect(wantsVersionReadout('?q=versions')).toBe(false);
    expect(wantsVersionReadout('')).toBe(false);
  });
});
