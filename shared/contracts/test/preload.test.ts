import { describe, expect, it } from 'vitest';
import { preloadListUrl, releaseFileUrl, remoteFolderOf, SHARED_LAYOUT_ENTRY } from '../src/preload';

const shared = { scripts: [SHARED_LAYOUT_ENTRY, 'assets/mount-abc.js'], styles: ['assets/mount-abc.css'] };
const older = { scripts: ['remoteEntry.js', 'assets/mount-abc.js'], styles: [] };

describe('releaseFileUrl', () => {
  it('in the shared layout: the entry is the entry, the hashed files are the remote’s own, whatever the version', () => {
    const entry = '/releases/cart/0.1.0-aaa/remoteEntry.js';
    expect(releaseFileUrl(entry, shared, SHARED_LAYOUT_ENTRY)).toBe(entry);
    expect(releaseFileUrl(entry, shared, 'assets/mount-abc.js')).toBe('/releases/cart/assets/mount-abc.js');
    expect(releaseFileUrl('/releases/cart/0.1.0-bbb/remoteEntry.js', shared, 'assets/mount-abc.js')).toBe('/releases/cart/assets/mount-abc.js');
    expect(releaseFileUrl('https://cdn.example/releases/cart/0.1.0-aaa/remoteEntry.js', shared, 'assets/x.js')).toBe('https://cdn.example/releases/cart/assets/x.js');
  });

  it('a build from before it keeps its files under its version', () => {
    const entry = '/releases/cart/0.1.0-aaa/remoteEntry.js';
    expect(releaseFileUrl(entry, older, 'remoteEntry.js')).toBe(entry);
    expect(releaseFileUrl(entry, older, 'assets/mount-abc.js')).toBe('/releases/cart/0.1.0-aaa/assets/mount-abc.js');
  });
});

describe('remoteFolderOf', () => {
  it('a store’s release: the remote’s folder, holding its versions and its shared files', () => {
    expect(remoteFolderOf('/releases/cart/0.1.0-aaa/remoteEntry.js')).toBe('/releases/cart/');
    expect(remoteFolderOf('/releases/cart/0.1.0-aaa/remoteEntry.js?attempt=2')).toBe('/releases/cart/');
    expect(remoteFolderOf('https://cdn.example/shop/releases/cart/0.1.0-aaa/remoteEntry.js')).toBe('https://cdn.example/shop/releases/cart/');
  });

  it('a build served as it was built: the parent of its release/ folder, else the entry’s own folder', () => {
    expect(remoteFolderOf('/dev-remotes/cart/release/remoteEntry.js')).toBe('/dev-remotes/cart/');
    expect(remoteFolderOf('http://127.0.0.1:5102/release/remoteEntry.js')).toBe('http://127.0.0.1:5102/');
    expect(remoteFolderOf('http://127.0.0.1:5102/remoteEntry.js')).toBe('http://127.0.0.1:5102/');
  });
});

describe('preloadListUrl', () => {
  it('is at the top of the build: a store release’s version folder, the parent of a build’s release/ folder', () => {
    expect(preloadListUrl('http://shop.test/releases/cart/0.1.0-aaa/remoteEntry.js')).toBe('http://shop.test/releases/cart/0.1.0-aaa/preload.json');
    expect(preloadListUrl('http://127.0.0.1:5102/release/remoteEntry.js')).toBe('http://127.0.0.1:5102/preload.json');
  });
});
