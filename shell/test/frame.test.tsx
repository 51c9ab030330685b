import type { Currency, FrameData } from '@adire/contracts';
import { regionMarker } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishFrameData } from '../src/boot/frameData';
import { startFrame } from '../src/layout/FrameCommitted';
import { Layout } from '../src/layout/Layout';
import { frameRuns } from '../src/layout/running';
import { drawingAt } from '../src/pageLocation';

const NAIRA: Currency = { name: 'NGN', conversionRate: 1, sign: '₦' };

const FRAME_DATA: FrameData = {
  handshake: {
    currencies: [
      { name: 'NGN', conversionRate: 1 },
      { name: 'USD', conversionRate: 700 },
      { name: 'GBP', conversionRate: 890 },
    ],
    settings: { alertSettings: { siteWideAlert: 'Free delivery in Lagos over {{50000}}' } } as never,
    deliveryZoneAmount: 0,
  },
  categories: [{ id: '1', name: 'Roses', slug: 'roses', group: 'flowers' } as never],
  contact: null,
};

/** The page as the server sends it: the frame drawn by the shell's own Layout, the catalogue region in it. */
function drawnPage(path: string, currency = 'NGN'): HTMLElement {
  publishFrameData(FRAME_DATA, currency);
  frameRuns(false); // the server's frame never runs (an earlier test's frame did, in this module)
  const frame = drawingAt(`http://shop.test${path}`, () => renderToString(<Layout />));
  const container = document.createElement('div');
  container.id = 'shell-root';
  container.innerHTML = frame.replace(regionMarker('catalog'), '<div class="region-app" data-drawn="1.0.0"><h1>Roses</h1></div>').replace(/<!--adire-region:[a-z]+-->/g, '');
  document.body.append(container);
  return container;
}

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // jsdom has no media queries: a phone-wide screen (the server draws the desktop banner).
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  warn = vi.spyOn(console, 'warn');
  error = vi.spyOn(console, 'error');
});
afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe("the shell's frame over the page the server drew", () => {
  it('hydrates it: every drawn element stays (nothing built or laid out again), the drawn region too, and the controls work once it runs', async () => {
    window.history.replaceState(null, '', '/product-category/roses');
    const container = drawnPage('/product-category/roses');
    const header = container.querySelector('header')!;
    const region = container.querySelector('#app-catalog > .region-app')!;
    const cart = container.querySelector('button[aria-label^="Cart"]')!;
    // Drawn: disabled, and marked as waiting for the shell (a tap on it is kept by the page's early-tap script).
    expect(cart.closest('fieldset')!.disabled).toBe(true);
    expect(cart.closest('fieldset')!.hasAttribute('data-until-running')).toBe(true);

    const started = startFrame(container, <Layout />, NAIRA);
    // A transition: nothing is done in this task, and the page the server drew is still there.
    expect(container.querySelector('header')).toBe(header);
    const root = await started;

    // Running (React renders again right after hydrating): the frame's controls are enabled, and the
    // mark goes in the same commit (a kept tap is made then).
    await vi.waitFor(() => expect(cart.closest('fieldset')!.disabled).toBe(false));
    expect(cart.closest('fieldset')!.hasAttribute('data-until-running')).toBe(false);
    expect(container.querySelector('header')).toBe(header);
    expect(container.querySelector('button[aria-label^="Cart"]')).toBe(cart);
    expect(container.querySelector('#app-catalog > .region-app')).toBe(region);
    expect(region.textContent).toBe('Roses');
    expect(container.querySelector('#app-checkout')!.childElementCount).toBe(0);
    // The region's application adds to it; the whole frame rendering again (another page) leaves it be.
    region.append(Object.assign(document.createElement('p'), { textContent: 'mounted' }));
    window.history.pushState(null, '', '/product/ruby-roses');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect(container.querySelector('header')).toBe(header));
    await new Promise((settled) => setTimeout(settled, 50));
    expect(container.querySelector('#app-catalog > .region-app')).toBe(region);
    expect(region.textContent).toBe('Rosesmounted');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    root.unmount();
  });

  it("hydrates a first visit from abroad in the currency it was drawn in, then shows the shopper's", async () => {
    window.history.replaceState(null, '', '/');
    const container = drawnPage('/', 'NGN');
    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Currency"]')!;
    expect(container.querySelector('[data-testid="alert-text"]')!.textContent).toContain('₦');
    // The browser chose pounds for this shopper before the frame started.
    publishFrameData(FRAME_DATA, 'GBP');

    const root = await startFrame(container, <Layout />, NAIRA);

    expect(container.querySelector('select[aria-label="Currency"]')).toBe(select);
    await vi.waitFor(() => expect(select.value).toBe('GBP'));
    expect(container.querySelector('[data-testid="alert-text"]')!.textContent).toContain('£');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    root.unmount();
  });

  it('a shopper who closed the alert or is signed in gets the drawing hydrated, then their own frame', async () => {
    window.history.replaceState(null, '', '/');
    const container = drawnPage('/');
    sessionStorage.setItem('adire:alertClosed', FRAME_DATA.handshake!.settings.alertSettings.siteWideAlert);
    expect(container.querySelector('[data-testid="alert-text"]')).not.toBeNull();

    const root = await startFrame(container, <Layout />, NAIRA);

    await vi.waitFor(() => expect(container.querySelector('[data-testid="alert-text"]')).toBeNull());
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    root.unmount();
  });

  it('a drawing that does not match is logged and drawn again by the browser', async () => {
    window.history.replaceState(null, '', '/');
    const container = drawnPage('/');
    container.querySelector('header a[href="/"]')!.textContent = 'Another shop';

    const root = await startFrame(container, <Layout />, NAIRA);

    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not match'), expect.anything()));
    await vi.waitFor(() => expect(container.querySelector('header a[href="/"]')!.textContent).toBe('Adire Blooms'));
    expect(container.querySelectorAll('header')).toHaveLength(1);
    root.unmount();
  });

  it('renders the frame anew on a page without a drawn frame', async () => {
    const container = document.createElement('div');
    container.innerHTML = '<div class="boot-frame" aria-hidden="true"></div>';
    document.body.append(container);
    const root = await startFrame(container, <Layout />, null);
    expect(container.querySelector('.boot-frame')).toBeNull();
    expect(container.querySelector('#app-catalog')).not.toBeNull();
    expect(container.querySelectorAll('.region-app')).toHaveLength(0);
    expect(container.querySelector('button[aria-label^="Cart"]')!.closest('fieldset')!.disabled).toBe(false);
    expect(container.querySelector('button[aria-label^="Cart"]')!.closest('fieldset')!.hasAttribute('data-until-running')).toBe(false);
    root.unmount();
  });
});

// The bus keeps the last value of each event between tests: each test publishes its own frame data.
void bus;
