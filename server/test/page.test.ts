import { describe, expect, it } from 'vitest';
import { filesForPath, type RemotePreload } from '@adire/contracts';
import { BOOT_AFTER_PAINT_SCRIPT, firstPaintFirst, nextIdAfter, opensWithPicture, shellPage } from '../src/http/page';

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

describe('a drawn page in the order its first paint needs', () => {
  const BUILT =
    '<!doctype html><html><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />' +
    '<script type="module" crossorigin src="/assets/entry-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
    '<link rel="stylesheet" crossorigin href="/assets/shell.css"><link rel="stylesheet" href="/releases/catalog/1-c/assets/page.css">' +
    '<link rel="modulepreload" crossorigin fetchpriority="low" href="/releases/catalog/1-c/remoteEntry.js">' +
    '<link rel="preload" as="image" href="/media/products/rose.svg" fetchPriority="high"/></head><body><div id="shell-root"></div></body></html>';
  const template = (html: string) => /<template id="adire-after-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';

  it('puts the style sheets and the main picture first, right after the viewport', () => {
    const html = firstPaintFirst(BUILT);
    const order = ['name="viewport"', 'shell.css', 'page.css', 'rose.svg', 'adire-after-paint'].map((s) => html.indexOf(s));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
  });

  it('fetches no script before the paint: every module waits in the template, the entry marked to run', () => {
    const html = firstPaintFirst(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html.replace(template(html), '')).not.toContain('modulepreload');
    expect(template(html)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/entry-1.js" data-adire-boot>' +
        '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/releases/catalog/1-c/remoteEntry.js">',
    );
    expect(html).toContain(`</template><script>${BOOT_AFTER_PAINT_SCRIPT}</script>`);
  });

  it('leaves a page without a viewport or a shell entry as it is', () => {
    const bare = '<html><head><link rel="modulepreload" href="/a.js"></head><body></body></html>';
    expect(firstPaintFirst(bare)).toBe(bare);
  });
});

describe("the element a drawn page's first paint waits for", () => {
  const frame = '<main><div id="app-catalog"><div class="region-app"><h1 id="home-heading">Hi</h1></div></div><div id="app-checkout" data-region="checkout"></div></main><footer><h2 id="footer-about">About</h2></footer>';
  it("is the first element with an id after the region's heading, the heading's own id left behind", () => {
    expect(nextIdAfter(frame, frame.indexOf('</h1>'))).toBe('app-checkout');
    expect(nextIdAfter(frame, frame.indexOf('<h1'))).toBe('home-heading');
    expect(nextIdAfter(frame, frame.indexOf('</main>'))).toBe('footer-about');
  });
  it('is not asked for when the region opens with a picture (a product page: the picture is its largest paint)', () => {
    expect(opensWithPicture('<div><picture><img src="/rose.avif" alt=""></picture><h1>Ruby Romance</h1></div>')).toBe(true);
    expect(opensWithPicture('<section><h1>Fresh flowers</h1></section><ul><li><img src="/rose.avif" alt=""></li></ul>')).toBe(false);
    expect(opensWithPicture('<section><h2>No heading of its own</h2></section>')).toBe(false);
  });
  it('is none when nothing after has an id, or only ids a link cannot name plainly', () => {
    expect(nextIdAfter(frame, frame.indexOf('</footer>'))).toBeNull();
    expect(nextIdAfter('<p>x</p><div id="«r1»"></div><div data-id="x"></div>', 0)).toBeNull();
  });
});
