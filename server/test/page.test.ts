import { describe, expect, it } from 'vitest';
import { filesForPath, type RemotePreload } from '@adire/contracts';
import { shellPage } from '../src/http/page';

const TEMPLATE = '<!doctype html><html><head><title>Adire Blooms</title></head><body></body></html>';
const REMOTES = {
  catalog: { version: '1-c', entry: '/releases/catalog/1-c/remoteEntry.js' },
  cart: { version: '1-k', entry: '/releases/cart/1-k/remoteEntry.js' },
  checkout: { version: '1-o', entry: '/releases/checkout/1-o/remoteEntry.js' },
};
const CATALOG: RemotePreload = {
  scripts: ['remoteEntry.js', 'assets/lifecycles.js'],
  styles: ['assets/lifecycles.css'],
  routes: { '/product/': { scripts: ['assets/ProductPage.js'], styles: [] }, '/blog': { scripts: ['assets/BlogPage.js'], styles: [] }, '/blog/': { scripts: ['assets/BlogPostPage.js'], styles: [] } },
};
const preloads = (remote: string) => (remote === 'catalog' ? CATALOG : { scripts: ['remoteEntry.js', 'assets/checkout.js'], styles: [] });
const hrefs = (html: string) => [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('the shell page', () => {
  it('writes the live remotes into the page, safe inside a script element', () => {
    const html = shellPage(TEMPLATE, '/', { ...REMOTES, cart: { version: '</script><b>', entry: '/x' } }, preloads);
    const json = /<script type="application\/json" id="adire-remotes">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json!).cart.version).toBe('</script><b>');
    expect(html.indexOf('adire-remotes')).toBeLessThan(html.indexOf('</head>'));
  });

  it("announces the files of the page's main remote only: no checkout code on the home page, no catalog on checkout", () => {
    expect(hrefs(shellPage(TEMPLATE, '/', REMOTES, preloads))).toEqual(['/releases/catalog/1-c/remoteEntry.js', '/releases/catalog/1-c/assets/lifecycles.js']);
    expect(hrefs(shellPage(TEMPLATE, '/checkout', REMOTES, preloads))).toEqual(['/releases/checkout/1-o/remoteEntry.js', '/releases/checkout/1-o/assets/checkout.js']);
    expect(hrefs(shellPage(TEMPLATE, '/unsubscribe/abc', REMOTES, preloads))).toEqual([]);
    expect(shellPage(TEMPLATE, '/', REMOTES, preloads)).toContain('<link rel="preload" as="style" fetchpriority="low" href="/releases/catalog/1-c/assets/lifecycles.css">');
  });

  it("adds the page module of the longest matching path prefix; an old release without a list announces its entry", () => {
    expect(filesForPath(CATALOG, '/product/ruby-romance-red-roses').scripts).toEqual(['remoteEntry.js', 'assets/lifecycles.js', 'assets/ProductPage.js']);
    expect(filesForPath(CATALOG, '/blog/keeping-roses-fresh').scripts.at(-1)).toBe('assets/BlogPostPage.js');
    expect(filesForPath(CATALOG, '/blog').scripts.at(-1)).toBe('assets/BlogPage.js');
    expect(filesForPath(CATALOG, '/blogger').scripts.at(-1)).toBe('assets/lifecycles.js');
    expect(hrefs(shellPage(TEMPLATE, '/', REMOTES, () => null))).toEqual(['/releases/catalog/1-c/remoteEntry.js']);
  });
});
