import { describe, expect, it } from 'vitest';
import type { StoreManifest } from '@adire/contracts';
import { PageReport, remoteOfScript } from '../src/federation/telemetry';

const entry = (name: string, version: string) => ({ version, entry: `/releases/${name}/${version}/remoteEntry.js` });
const running: StoreManifest = { cart: entry('cart', 'c2'), catalog: entry('catalog', 'k1'), canary: ['cart'] };

describe('release telemetry', () => {
  it('reports nothing while no canary runs', () => {
    const report = new PageReport();
    expect(report.add({ cart: entry('cart', 'c1') }, 'cart', 'loaded')).toBe(false);
    expect(report.take()).toEqual([]);
  });

  it('keeps one load outcome and one error per remote and page, each sent once', () => {
    const report = new PageReport();
    expect(report.add(running, 'cart', 'loaded')).toBe(true);
    expect(report.add(running, 'cart', 'failed')).toBe(false);
    expect(report.add(running, 'cart', 'error')).toBe(true);
    expect(report.add(running, 'cart', 'error')).toBe(false);
    expect(report.add(running, 'catalog', 'failed')).toBe(true);
    expect(report.take()).toEqual([
      { remote: 'cart', version: 'c2', kind: 'loaded' },
      { remote: 'cart', version: 'c2', kind: 'error' },
      { remote: 'catalog', version: 'k1', kind: 'failed' },
    ]);
    expect(report.take()).toEqual([]);
  });

  it('sends no error of a remote whose load failed: one failure per remote and page', () => {
    const report = new PageReport();
    expect(report.add(running, 'cart', 'failed')).toBe(true);
    expect(report.add(running, 'cart', 'error')).toBe(false);
    expect(report.take()).toEqual([{ remote: 'cart', version: 'c2', kind: 'failed' }]);
  });

  it("tells which remote's release a script came from", () => {
    expect(remoteOfScript('https://shop.example/releases/cart/c2/assets/drawer-AbC.js', running)).toBe('cart');
    expect(remoteOfScript('https://shop.example/assets/main-AbC.js', running)).toBeNull();
    expect(remoteOfScript(undefined, running)).toBeNull();
  });
});
