import { expect, test, type Page } from '@playwright/test';
import { SERVER_DRAW_FILE } from '@adire/contracts';
import { watchErrors } from '../support';
import { buildFromLive, liveVersion, releaseCommand } from '../release/release';
import { fillDelivery, fillSender } from '../checkout/helpers';

/**
 * The first screen drawn by the server from the live releases (issue 16): readable without scripts,
 * described for search engines and link previews, hydrated without asking the API again, and a
 * release whose server draw breaks or hangs still gives a whole page.
 */

test.use({ timezoneId: 'Africa/Lagos' });

const PRODUCT = '/product/ruby-romance-red-roses';
/** Its SKU in the seeded catalogue. */
const ROSES_SKU = 'AB-1001';

/** Every JSON-LD block of a page, parsed (invalid JSON fails the test). */
function jsonLd(html: string): { '@type': string; [key: string]: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

const meta = (html: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

test.describe('pages as a crawler or a link preview reads them (no scripts run)', () => {
  test('a product page carries its name, price, main image, description, title, Open Graph tags and Product JSON-LD', async ({ request }) => {
    const res = await request.get(PRODUCT);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Ruby Romance Red Roses | Adire Blooms</title>');
    expect(html).toMatch(/<h1[^>]*>Ruby Romance Red Roses<\/h1>/);
    expect(html).toContain('Twenty-four long-stemmed red roses');
    expect(html).toMatch(/<img[^>]+src="\/media\/products\/ruby-romance-red-roses/);
    expect(html).toMatch(/₦\d{2},\d{3}/);
    expect(meta(html, 'og:title')).toBe('Ruby Romance Red Roses');
    expect(meta(html, 'og:type')).toBe('product');
    // The link preview: a JPEG every unfurler renders (issue 34), not the product's SVG.
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/previews\/products\/ruby-romance-red-roses\.jpg\?v=/);
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'product:price:currency')).toBe('NGN');
    expect(Number(meta(html, 'product:price:amount'))).toBeGreaterThan(1000);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/product\/ruby-romance-red-roses">/);
    const product = jsonLd(html).find((item) => item['@type'] === 'Product');
    expect(product).toMatchObject({ name: 'Ruby Romance Red Roses', offers: { '@type': 'Offer', priceCurrency: 'NGN', availability: 'https://schema.org/InStock' } });
    expect(product?.aggregateRating).toMatchObject({ '@type': 'AggregateRating' });
    expect(jsonLd(html).some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
  });

  test('a category page carries its first page of products with prices and links, and an ItemList', async ({ request }) => {
    const html = await (await request.get('/product-category/roses')).text();
    expect(html).toMatch(/<h1[^>]*>Roses<\/h1>/);
    const links = [...html.matchAll(/<a [^>]*href="(\/product\/[a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(new Set(links).size).toBeGreaterThanOrEqual(12);
    expect(html.match(/₦\d{1,3},\d{3}/g)?.length ?? 0).toBeGreaterThanOrEqual(12);
    expect(jsonLd(html).find((item) => item['@type'] === 'ItemList')).toMatchObject({ numberOfItems: expect.any(Number) });
  });

  test('home carries the showcase, the shop as a Florist with its branches, and the frame (menu, footer)', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Fresh flowers and gifts, delivered today in Lagos and Abuja');
    expect(html).toMatch(/href="\/product\/[a-z0-9-]+"/);
    expect(html).toContain('href="/product-category/roses"');
    expect(html).toContain('We care about your data');
    const florist = jsonLd(html).find((item) => item['@type'] === 'Florist');
    expect(florist).toMatchObject({ name: 'Adire Blooms' });
    expect((florist?.department as unknown[]).length).toBeGreaterThanOrEqual(4);
  });

  test('the heading paints with the first paint: its page is parsed past it first, and it is in no fieldset', async ({ page }) => {
    // Without scripts, so the page is as the server drew it. Chromium painted the banner in one frame and
    // a drawn heading later, and counted the paint of a heading inside a fieldset (the controls that
    // wait for hydration) only frames after it was shown: the largest paint 0.3–1 s after the first.
    await page.context().route('**/*.js', (route) => route.abort());
    for (const path of ['/', '/product-category/roses']) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      const link = page.locator('link[rel="expect"][blocking="render"]');
      await expect(link, `${path}: the first paint waits for the drawn page`).toHaveCount(1);
      const expected = await link.getAttribute('href');
      expect(expected, path).toMatch(/^#[\w-]+$/);
      // The element the first paint waits for comes after the heading (Node.DOCUMENT_POSITION_FOLLOWING).
      const after = await heading.evaluate((h, id) => !!(h.compareDocumentPosition(document.getElementById(id)!) & 4), expected!.slice(1));
      expect(after, path).toBe(true);
      expect(await heading.evaluate((h) => h.closest('fieldset')), path).toBeNull();
    }
    // A product page opens with its picture, its largest paint: its first paint does not wait.
    await page.goto(PRODUCT);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('link[rel="expect"]')).toHaveCount(0);
  });

  test('a drawn page carries no inline style attribute (the CSP allows none: the browser would refuse it)', async ({ request }) => {
    for (const path of ['/', '/product-category/roses', PRODUCT, '/blog', '/vip']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('data-drawn=');
      expect(html.match(/<[a-z]+ [^>]*style="[^"]*"/g) ?? [], path).toEqual([]);
    }
  });

  test('an unknown product, category or page answers 404 with the store’s not-found page', async ({ request }) => {
    const product = await request.get('/product/no-such-flower');
    expect(product.status()).toBe(404);
    expect(await product.text()).toContain('Product not found');
    const category = await request.get('/product-category/no-such-category');
    expect(category.status()).toBe(404);
    expect(await category.text()).toContain('Category not found');
    const page = await request.get('/no-such-page');
    expect(page.status()).toBe(404);
    expect(await page.text()).toContain('Page not found');
  });
});

test.describe('the checkout', () => {
  test('its frame is drawn on the server (stages, heading, not indexed) and the browser renders its own over it', async ({ page, request }) => {
    const html = await (await request.get('/checkout')).text();
    expect(html).toContain('<title>Checkout | Adire Blooms</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/<ol [^>]*aria-label="Checkout stages"/);
    expect(html).toMatch(/<h1[^>]*>Checkout<\/h1>/);
    // An order that does not exist: the frame only (the browser says so once it runs).
    const withOrder = await (await request.get('/checkout?orderId=00000000-0000-4000-8000-000000000000')).text();
    expect(withOrder).toContain('Loading your order…');

    const errors = watchErrors(page);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    // The drawn frame's controls were disabled; the browser's own are not.
    await expect(page.locator('[data-region="checkout"] fieldset[disabled]')).toHaveCount(0);
    await expect(page.locator('[data-boundary="checkout"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Cart (0)' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Empty Cart');
    expect(errors).toEqual([]);
  });
});

test.describe('the checkout of an open order, on a phone', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('its delivery stage is drawn with the order on the first screen; the guest fills it in with no second read of the order', async ({ page, browser }) => {
    const errors = watchErrors(page);
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    // An order made as the cart makes it, but not in this browser's cart: the cart, which checks its own
    // stored order on every page, asks nothing here, so every read of the order would be the checkout's.
    const created = await page.request.post('/v1/orders/order/create', {
      data: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: ROSES_SKU, quantity: 1 }] },
    });
    const orderId = ((await created.json()) as { data: { id: string } }).data.id;

    // What a shopper's phone paints before any script runs: the form and the order's summary.
    const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 }, timezoneId: 'Africa/Lagos' });
    const drawn = await noScripts.newPage();
    await drawn.goto(`/checkout?orderId=${orderId}`);
    const form = drawn.getByRole('form', { name: 'Delivery details' });
    await expect(form.getByLabel('Sender name')).toBeVisible();
    await expect(form.getByLabel('Sender name')).toBeDisabled();
    const offer = await form.getByText('Create a free account').boundingBox();
    expect(offer!.y + offer!.height).toBeLessThanOrEqual(915);
    await expect(drawn.getByRole('complementary', { name: 'Order summary' })).toContainText('Ruby Romance Red Roses');
    await noScripts.close();

    // The same page with scripts: the browser takes over the drawn stage without asking for the order.
    const reads: string[] = [];
    page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname === `/v1/orders/order/${orderId}` && reads.push(r.url()));
    const res = await page.goto(`/checkout?orderId=${orderId}`);
    expect(res!.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('[data-region="checkout"] fieldset[disabled]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);
    await fillSender(page, { name: 'Tunde Bakare', email: 'tunde.drawn@example.com', phone: '0803 123 4567' });
    await fillDelivery(page);
    await page.getByRole('form', { name: 'Delivery details' }).getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => /hydrat|did not match/i.test(w))).toEqual([]);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });

  test('a shopper goes from home to a category to a product and reads it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh flowers and gifts, delivered today in Lagos and Abuja' })).toBeVisible();
    await page.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Roses', exact: true }).click();
    await expect(page).toHaveURL(/\/product-category\/roses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Roses' })).toBeVisible();
    await page.getByRole('link', { name: 'Ruby Romance Red Roses', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
    await expect(page.getByText(/₦\d{2},\d{3}/).first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('We care about your data');
  });
});

/** Requests for catalogue data a page makes (the first screen's own must not be among them). */
function catalogCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/v1/catalog/') || url.pathname === '/v1/storefront/shop') calls.push(url.pathname);
  });
  return calls;
}

test.describe('hydration', () => {
  for (const path of ['/', '/product-category/roses', PRODUCT, '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja']) {
    test(`${path} hydrates the server's drawing without asking for its data again, warning or shifting`, async ({ page }) => {
      const errors = watchErrors(page);
      const warnings: string[] = [];
      page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      const calls = catalogCalls(page);
      const res = await page.goto(path);
      expect(await res!.text()).toContain('data-drawn=');
      const region = page.locator('[data-region="catalog"] > .region-app');
      await expect(region).toHaveCount(1);
      // Hydrated: the shell handed the drawn region to the catalogue, which took it over in place.
      await expect(region).not.toHaveAttribute('data-drawn');
      await expect(page.locator('[data-boundary="catalog"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
      expect(errors).toEqual([]);
      expect(warnings.filter((w) => /hydrat|did not match/i.test(w))).toEqual([]);
      const { shift, moved } = await page.evaluate(
        () =>
          new Promise<{ shift: number; moved: string[] }>((resolve) => {
            let total = 0;
            const moved: string[] = [];
            type Rect = { x: number; y: number; width: number; height: number };
            type Shift = { value: number; hadRecentInput: boolean; startTime: number; sources: { node?: Node; previousRect: Rect; currentRect: Rect }[] };
            const box = (r: Rect) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as Shift[]) {
                if (entry.hadRecentInput) continue;
                total += entry.value;
                for (const s of entry.sources) {
                  const e = s.node instanceof Element ? s.node : s.node?.parentElement;
                  moved.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${e ? `${e.tagName.toLowerCase()}.${e.className}` : '?'} ${box(s.previousRect)} -> ${box(s.currentRect)}`);
                }
              }
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve({ shift: total, moved }), 300);
          }),
      );
      expect(shift, `what moved:\n${moved.join('\n')}`).toBeLessThanOrEqual(0.02);
    });
  }

  for (const path of ['/', '/product-category/roses', PRODUCT, '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja']) {
    test(`${path} hydrates without throwing anything, even caught: its page's code is at hand`, async ({ page }) => {
      // React's lazy suspended a page mid-hydration (it throws a promise, then its own exception, and
      // draws again); a throw is dear there, as Chromium works out where it came from. The debugger
      // stops at every exception thrown, caught or not, and the test lets it go on at once.
      const thrown: string[] = [];
      const cdp = await page.context().newCDPSession(page);
      cdp.on('Debugger.paused', (event: { reason: string; data?: { description?: string }; callFrames: { functionName: string; url: string }[] }) => {
        if (event.reason === 'exception' || event.reason === 'promiseRejection') thrown.push(`${event.data?.description?.split('\n')[0] ?? event.reason} at ${event.callFrames.slice(0, 3).map((f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}`).join(' < ')}`);
        void cdp.send('Debugger.resume').catch(() => {});
      });
      await cdp.send('Debugger.enable');
      await cdp.send('Debugger.setPauseOnExceptions', { state: 'all' });
      await page.goto(path);
      await expect(page.locator('[data-region="catalog"] > .region-app')).not.toHaveAttribute('data-drawn');
      await expect(page.locator('[data-boundary="catalog"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(thrown).toEqual([]);
    });
  }

  test('nothing but the page, its style sheets and pictures is fetched before the first paint; the scripts come right after', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(PRODUCT);
    await expect(page.locator('[data-region="catalog"] > .region-app')).not.toHaveAttribute('data-drawn');
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.initiatorType === 'script' || r.initiatorType === 'link' || /\.m?js(\?|$)/.test(r.name))
        .filter((r) => /\.m?js(\?|$)/.test(r.name))
        .map((r) => ({ name: r.name, start: r.startTime })),
    }));
    expect(paint).toBeGreaterThan(0);
    // The shell's entry and the catalogue's modules were all announced in the page, yet none was asked for before the paint.
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter((s) => s.start < paint)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a product page asks for its scripts once its main photo is in and painted, and still does when the photo fails', async ({ page }) => {
    const errors = watchErrors(page);
    // The main photo is held back until the test lets it through; everything else goes as it comes.
    let letThrough: (how: 'load' | 'fail') => void = () => {};
    let held: Promise<'load' | 'fail'> = Promise.resolve('load');
    await page.route(/\/media\/products\/ruby-romance-red-roses\.w\d+\.\w+/, async (route) => ((await held) === 'load' ? route.continue() : route.abort()));
    const scriptsAskedFor = () =>
      page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => /\.m?js(\?|$)/.test(r.name)).length);
    // A failed photo is not kept by the browser's cache: it goes first, so the second load asks again.
    for (const how of ['fail', 'load'] as const) {
      held = new Promise((resolve) => (letThrough = resolve));
      await page.goto(PRODUCT, { waitUntil: 'commit' });
      // Painted (the heading and prices do not wait for the photo), and two frames more.
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await scriptsAskedFor(), `no script before the photo (${how})`).toBe(0);
      letThrough(how);
      await expect.poll(scriptsAskedFor, { message: `the scripts come once the photo is in (${how})` }).toBeGreaterThan(5);
      await expect(page.locator('[data-region="catalog"] > .region-app')).not.toHaveAttribute('data-drawn');
    }
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  test('the hydrated product page works: a shopper adds it to the cart', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(PRODUCT);
    await expect(page.locator('[data-region="catalog"] > .region-app')).not.toHaveAttribute('data-drawn');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a shopper who chose dollars gets dollar prices from the server, with no naira shown first', async ({ page }) => {
    await page.goto(PRODUCT);
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await expect(page.getByText(/^\$\d+$/).first()).toBeVisible();
    const html = await (await page.request.get(PRODUCT)).text();
    expect(meta(html, 'product:price:currency')).toBe('USD');
    const naira: string[] = [];
    await page.route(PRODUCT, async (route) => {
      const res = await route.fetch();
      const body = await res.text();
      naira.push(...(body.match(/data-currency="NGN"/g) ?? []));
      await route.fulfill({ response: res, body });
    });
    await page.reload();
    expect(naira).toEqual([]);
    await expect(page.locator('[data-currency]').first()).toHaveAttribute('data-currency', 'USD');
  });
});

test.describe('a catalogue release whose server draw fails', () => {
  // One at a time: these repoint the suite's store.
  test.describe.configure({ mode: 'serial' });

  const broken = {
    throws: `export async function draw() { throw new Error('drill: the catalogue draw broke'); }`,
    hangs: `export function draw() { return new Promise(() => {}); }`,
  };

  for (const [how, module] of Object.entries(broken)) {
    test(`still gives a whole page when its draw ${how}, the region drawn by the browser`, async ({ page, request }) => {
      const before = await liveVersion('catalog');
      releaseCommand(['publish', 'catalog', '--dist', await buildFromLive('catalog', { files: { [SERVER_DRAW_FILE]: module } })]);
      try {
        const res = await request.get(PRODUCT);
        expect(res.status()).toBe(200);
        const html = await res.text();
        expect(html).not.toContain('data-drawn');
        expect(html).toContain('We care about your data'); // the frame is still drawn
        await page.goto(PRODUCT);
        await expect(page.getByRole('heading', { level: 1, name: 'Ruby Romance Red Roses' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeEnabled();
      } finally {
        releaseCommand(['rollback', 'catalog', before]);
      }
    });
  }

  test('publishing and rolling back the catalogue changes the server-drawn page on the next load', async ({ request }) => {
    const before = await liveVersion('catalog');
    releaseCommand(['publish', 'catalog', '--dist', await buildFromLive('catalog', { replace: ['Shop by category', 'Shop by occasion and flower'] })]);
    try {
      expect(await (await request.get('/')).text()).toContain('Shop by occasion and flower');
    } finally {
      releaseCommand(['rollback', 'catalog', before]);
    }
    const html = await (await request.get('/')).text();
    expect(html).toContain('Shop by category');
    expect(html).not.toContain('Shop by occasion and flower');
  });
});

test.describe('a first visit from abroad', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('hydrates the naira drawing without a mismatch, shows no naira price, and the next page is drawn in pounds', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(PRODUCT);
    // The pre-paint script chose pounds by the time zone: prices drawn in naira are not shown while they wait.
    await expect(page.locator('html')).toHaveAttribute('data-shopper-currency', 'GBP');
    const price = page.locator('[data-region="catalog"] [data-currency]').first();
    await expect(price).toHaveAttribute('data-currency', 'GBP');
    await expect(price).toBeVisible();
    await expect(page.locator('[data-region="catalog"] > .region-app')).not.toHaveAttribute('data-drawn');
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    // The cookie the shell wrote once it started: the server draws the next page in pounds, and says
    // so on the page itself (no script reads the cookie before that page paints).
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'adire_currency')?.value).toBe('GBP');
    const html = await (await page.request.get('/product-category/roses')).text();
    expect(html).toMatch(/data-currency="GBP">£\d/);
    expect(html).toMatch(/<html data-shopper-currency="GBP"[\s>]/);
    expect(html).not.toContain('Temporal.Now');
    expect(errors).toEqual([]);
  });
});
