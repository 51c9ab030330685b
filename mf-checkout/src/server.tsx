import type { RegionDrawn, RegionDrawRequest } from '@adire/contracts';
import { renderToString } from 'react-dom/server';
import { CheckoutApp } from './CheckoutApp';
import styles from './checkout.module.css';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Titles of the checkout's pages (the browser sets the same once it runs). */
function titleOf(url: string): string {
  return new URL(url, 'http://store.invalid').pathname.startsWith('/order-tracker') ? 'Track your order | Adire Blooms' : 'Checkout | Adire Blooms';
}

/**
 * The checkout's frame drawn on the server by the same components the browser runs: its compact
 * header with the stages, the page heading, and the state before any order is read — never a
 * shopper's order (the server does not know who asks; the browser loads it). The browser renders its
 * own over it (no hydration: the order, the stage and the cart count are the browser's to know), so
 * the controls are disabled until then (a tap before would do nothing). Pages not to be indexed.
 */
export async function draw(request: RegionDrawRequest): Promise<RegionDrawn> {
  const html = renderToString(
    <fieldset disabled role="presentation" className={styles.drawnControls}>
      <CheckoutApp location={request.url} />
    </fieldset>,
  );
  return {
    html,
    status: 200,
    answers: {},
    head: `<title>${escapeHtml(titleOf(request.url))}</title><meta name="robots" content="noindex">`,
  };
}
